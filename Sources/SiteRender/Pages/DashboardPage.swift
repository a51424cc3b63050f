import Domain
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// `index.html`, the Today screen (issue 25): the date and the day's quote, what asks for
/// something today as rows to tap, the four headline figures, every goal as a row with its small
/// jar; then the practice streak and its calendar, what subscriptions cost next, and the badges
/// closest to being earned. On a phone the first screen holds the first of them down to the goals;
/// the rest is one tap away, each section's "All →" leading to its page.
struct DashboardPage: PageFamily {
    let showsJars = true

    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let figures = renderer.figures
        let currency = renderer.data.site.currency
        let due = Self.dueItems(renderer)
        let title = renderer.string(.dashboard(.title))
        let fields: [String: MustacheValue] = [
            "heading": .string(title),
            "date_line": .string(renderer.dayLine(renderer.today)),
            "today_iso": .string(renderer.today.description),
            "due": .list(due.prefix(Self.dueShown).map(\.value)),
            "has_due": .bool(!due.isEmpty),
            "more_due": .bool(due.count > Self.dueShown),
            "more_due_items": .list(due.dropFirst(Self.dueShown).map(\.value)),
            "more_due_text": .string(renderer.counted(.dashboard(.moreDue), max(due.count - Self.dueShown, 0))),
            "practice": Self.practice(renderer),
            "total_saved": .string(renderer.format.money(figures.savings.totalSaved, currency)),
            "saved_this_month": .string(renderer.format.money(figures.savings.savedThisMonth, currency)),
            "hero": Self.hero(renderer),
            "quote": renderer.quoteValue(figures.quote, on: renderer.today),
            "goals": .list(figures.savings.entries.map { .object(renderer.goalFields($0)) }),
            "has_goals": .bool(!figures.savings.entries.isEmpty),
            "next_up": .list(renderer.nextBadges(3).map(renderer.badgeValue)),
            "has_next_up": .bool(!renderer.nextBadges(3).isEmpty),
            "badge_count": .string(
                renderer.string(
                    .badges(.summary),
                    [
                        "unlocked": String(figures.badges.filter { $0.unlockedOn != nil }.count),
                        "total": String(figures.badges.count),
                    ])),
            // The subscriptions summary without what the today strip already says: alerts and
            // renewals charging within `soonDays` are shown there, once.
            "subscriptions": .object(renderer.subscriptionSummary(billingAfter: Self.soonDays)),
            "breathing": .object(renderer.breathingSummary()),
            "household": renderer.householdToday,
        ]
        renderer.page("index.html", template: "pages/dashboard", title: title, section: "home", fields, into: &site)
    }
}
