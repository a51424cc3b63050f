import Domain

/// What needs the person today and this week (DESIGN.md §6, `sandjar today`): the one list that
/// `sandjar today` prints for cron's mail or a push service and widget.json's `items` carry.
///
/// In it, in this order of kinds on a day: deposits due today or overdue (the amount the plan
/// asks), trials that turn into a charge within 7 days (a forgotten trial 4 days away is listed),
/// contract notice deadlines and renewals within 7 days, a practice streak that ends tonight without a session (not on a paused day),
/// and the badges unlocked since yesterday. Things to do come first, by day (the most overdue
/// first); the badges, which are news, last.
package struct TodayDigest: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case deposit, trial, notice, renewal, streak, badge
    }

    /// One thing that needs the person.
    package struct Item: Sendable, Equatable {
        package var kind: Kind
        /// What to do, in the site's language: "Put ¥300.00 into New bike".
        package var title: String
        /// The day it is about: the deposit's due day, the charge, the deadline, today for the
        /// streak, the day a badge was unlocked.
        package var when: CalendarDate
        /// Days from today to `when`: negative when overdue or past.
        package var days: Int
        /// `when` in words: "today", "in 3 days", "overdue by 2 days".
        package var whenText: String
        /// The amount involved, with the currency's minor digits ("300.00"), as data.json writes
        /// amounts; nil for a streak or a badge.
        package var amount: String?
        /// The page that handles it, relative to the site's top (`goals/bike/`).
        package var path: String
        /// The item as one line of text: "Put ¥300.00 into New bike — overdue by 2 days".
        package var line: String

        package init(
            kind: Kind, title: String, when: CalendarDate, days: Int, whenText: String, amount: String?, path: String,
            line: String
        ) {
            self.kind = kind
            self.title = title
            self.when = when
            self.days = days
            self.whenText = whenText
            self.amount = amount
            self.path = path
            self.line = line
        }
    }

    /// Days ahead that a trial's charge counts: a week, as for a renewal, so a trial is listed
    /// while there is still time to cancel it (the dashboard's high risk is the last 3 days).
    package static let trialDays = 7
    /// Days ahead that a renewal or a notice deadline counts.
    package static let weekDays = 7

    package var today: CalendarDate
    /// "小周的聚沙 · 11月29日 星期日：有 4 件事要处理".
    package var title: String
    package var items: [Item]
    /// The site's address, when site.toml gives one: an item's URL is then absolute.
    package var baseURL: String?

    /// Before each path when there is no `base_url`: the language's folder of a site built in
    /// several languages, for a link relative to the top of the published site.
    package var pathPrefix = ""

    /// An item's link: absolute under `base_url`, else relative to the site's top.
    package func url(_ item: Item) -> String { (baseURL ?? pathPrefix) + item.path }

    package init(today: CalendarDate, title: String, items: [Item], baseURL: String?, pathPrefix: String = "") {
        self.today = today
        self.title = title
        self.items = items
        self.baseURL = baseURL
        self.pathPrefix = pathPrefix
    }

    /// The item as one line of text: "Put ¥300.00 into New bike — overdue by 2 days".
    package func line(_ item: Item) -> String { item.line }

    /// The digest as text: the title, then one line per item.
    package var text: String {
        ([title] + items.map { "- " + line($0) }).joined(separator: "\n") + "\n"
    }
}
