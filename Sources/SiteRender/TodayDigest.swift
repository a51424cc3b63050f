import Badges
import Domain
import SiteData
import Subscriptions

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

    /// The digest in the site's language (the first of `languages`), from a build's loaded data
    /// and figures; its links lead into that language's folder when the site has several.
    package init(theme: Theme, loaded: LoadedData, figures: SiteFigures) {
        let site = loaded.data.site
        guard site.languages.count > 1 else {
            self.init(SiteRenderer(theme: theme, loaded: loaded, figures: figures))
            return
        }
        let folder = SiteSettings.folder(for: site.language)
        var localized = loaded
        localized.data.site.baseURL = site.baseURL.map { "\($0)\(folder)/" }
        self.init(SiteRenderer(theme: theme, loaded: localized, figures: figures.localized(site.language)))
        pathPrefix = folder + "/"
    }

    init(_ renderer: SiteRenderer) {
        let today = renderer.today
        let format = renderer.format
        let figures = renderer.figures
        var items: [Item] = []
        func add(_ kind: Kind, _ title: String, on day: CalendarDate, amount: String?, path: String) {
            let days = today.days(to: day)
            let whenText: String
            if days < -1 || (days == -1 && kind != .badge) {
                whenText = renderer.overdueText(-days) ?? ""
            } else if days == -1 {
                whenText = renderer.string(.today(.yesterday))
            } else {
                whenText = renderer.relativeDay(days)
            }
            items.append(
                Item(kind: kind, title: title, when: day, days: days, whenText: whenText, amount: amount, path: path))
        }
        for entry in figures.savings.entries {
            guard let due = entry.progress.nextDue, due <= today, let plan = entry.goal.plan else { continue }
            let goal = entry.goal
            add(
                .deposit,
                renderer.string(
                    .dashboard(.deposit), ["goal": goal.name, "amount": format.money(plan.amount, goal.currency)]),
                on: due, amount: plan.amount.fixed(goal.currency.minorDigits), path: "goals/\(goal.id)/")
        }
        for item in figures.subscriptions.upcoming {
            guard let next = item.nextBilling, let days = item.daysUntilBilling else { continue }
            let price = item.price.map { format.money($0, item.currency) } ?? ""
            let amount = item.price.map { $0.fixed(item.currency.minorDigits) }
            let name = item.subscription.name
            if item.inTrial, days <= TodayDigest.trialDays {
                add(
                    .trial, renderer.string(.dashboard(.trial), ["name": name, "price": price]), on: next,
                    amount: amount, path: "subscriptions/#\(item.id)")
            } else if !item.inTrial, days <= TodayDigest.weekDays {
                add(
                    .renewal, renderer.string(.dashboard(.renewal), ["name": name, "price": price]), on: next,
                    amount: amount, path: "subscriptions/#\(item.id)")
            }
        }
        for item in figures.subscriptions.items where item.status == .active {
            guard let contract = item.contract, contract.autoRenew, let deadline = contract.noticeBy,
                today.days(to: deadline) <= TodayDigest.weekDays
            else { continue }
            add(
                .notice,
                renderer.string(
                    .today(.notice), ["name": item.subscription.name, "date": format.dateParts(deadline).main]),
                on: deadline, amount: nil, path: "subscriptions/#\(item.id)")
        }
        let streak = figures.breathing.streak
        if streak.current > 0, !streak.practisedToday, !renderer.data.practicePauses.covers(today) {
            add(
                .streak, renderer.counted(.today(.streak), streak.current), on: today, amount: nil,
                path: "breathing/")
        }
        let yesterday = today.adding(days: -1)
        for status in figures.badges {
            guard let day = status.unlockedOn, day >= yesterday, day <= today else { continue }
            add(
                .badge, renderer.string(.today(.badge), ["name": renderer.badgeText(status).name]), on: day,
                amount: nil, path: "badges/#\(status.definition.id)")
        }
        let kinds = Kind.allCases
        self.items = items.enumerated().sorted { a, b in
            let x = a.element
            let y = b.element
            return ((x.kind == .badge ? 1 : 0), x.days, kinds.firstIndex(of: x.kind)!, a.offset) < (
                (y.kind == .badge ? 1 : 0), y.days, kinds.firstIndex(of: y.kind)!, b.offset
            )
        }.map(\.element)
        self.today = today
        self.baseURL = renderer.data.site.baseURL
        let site = renderer.data.site.title
        let date = renderer.dayLine(today)
        title =
            items.isEmpty
            ? renderer.string(.today(.nothing), ["site": site, "date": date])
            : renderer.counted(.today(.title), items.count, ["site": site, "date": date])
        lineTemplate = renderer.string(.today(.line))
    }

    /// `{title} — {when}` in the site's language.
    private var lineTemplate: String

    /// The item as one line of text: "Put ¥300.00 into New bike — overdue by 2 days".
    package func line(_ item: Item) -> String {
        SiteRenderer.fill(lineTemplate, ["title": item.title, "when": item.whenText])
    }

    /// The digest as text: the title, then one line per item.
    package var text: String {
        ([title] + items.map { "- " + line($0) }).joined(separator: "\n") + "\n"
    }

    /// `{"title", "date", "items": [{"kind", "title", "when", "days", "amount", "url"}]}`.
    package var json: String {
        JSONValue.object([
            ("title", .string(title)),
            ("date", .string(today.description)),
            (
                "items",
                .array(
                    items.map { item in
                        .object([
                            ("kind", .string(item.kind.rawValue)), ("title", .string(item.title)),
                            ("when", .string(item.when.description)), ("days", .int(item.days)),
                            ("amount", .optional(item.amount) { .string($0) }), ("url", .string(url(item))),
                        ])
                    })
            ),
        ]).serialized()
    }
}
