import Mustache
import Subscriptions

/// `index.html`, today first: what is due or overdue today, the headline figures, then a card from
/// every section — the goals with their jars, what subscriptions cost, the breathing practice, the
/// newest badges — and the day's quote as an aside, so it uses each section's shared values.
struct DashboardPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let figures = renderer.figures
        let currency = renderer.data.site.currency
        let unlocked = figures.badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $0.definition.id) > ($1.unlockedOn!, $1.definition.id) }
        let due = Self.dueItems(renderer)
        let title = renderer.string("dashboard.title")
        let fields: [String: MustacheValue] = [
            "heading": .string(title),
            "due": .list(due.map(\.value)),
            "has_due": .bool(!due.isEmpty),
            "practice": Self.practice(renderer),
            "total_saved": .string(renderer.format.money(figures.savings.totalSaved, currency)),
            "saved_this_month": .string(renderer.format.money(figures.savings.savedThisMonth, currency)),
            "quote": renderer.quoteValue(figures.quote, on: renderer.today),
            "goals": .list(figures.savings.entries.map { .object(renderer.goalFields($0)) }),
            "has_goals": .bool(!figures.savings.entries.isEmpty),
            "recent_badges": .list(unlocked.prefix(4).map(renderer.badgeValue)),
            "has_recent_badges": .bool(!unlocked.isEmpty),
            // The subscriptions summary without what the today strip already says: alerts and
            // renewals charging within `soonDays` are shown there, once.
            "subscriptions": .object(renderer.subscriptionSummary(billingAfter: Self.soonDays)),
            "breathing": .object(renderer.breathingSummary()),
        ]
        renderer.page("index.html", template: "pages/dashboard", title: title, section: "home", fields, into: &site)
    }
}
