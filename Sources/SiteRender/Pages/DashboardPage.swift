import Mustache

/// `index.html`: a card from every section — today's quote, the goals, the newest badges, what
/// subscriptions cost, the breathing practice — so it uses each section's shared values.
struct DashboardPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let figures = renderer.figures
        let unlocked = figures.badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $0.definition.id) > ($1.unlockedOn!, $1.definition.id) }
        let fields: [String: MustacheValue] = [
            "quote": renderer.quoteValue(figures.quote, on: renderer.today),
            "goals": .list(figures.savings.entries.map { .object(renderer.goalFields($0)) }),
            "has_goals": .bool(!figures.savings.entries.isEmpty),
            "total_saved": .string(renderer.format.money(figures.savings.totalSaved, renderer.data.site.currency)),
            "recent_badges": .list(unlocked.prefix(4).map(renderer.badgeValue)),
            "has_recent_badges": .bool(!unlocked.isEmpty),
            "subscriptions": .object(renderer.subscriptionSummary()),
            "breathing": .object(renderer.breathingSummary()),
        ]
        renderer.page(
            "index.html", template: "pages/dashboard", title: renderer.data.site.title, section: "home", fields,
            into: &site)
    }
}
