import Mustache

/// `badges/`: the badge wall — unlocked badges with the day they were earned (newest first), then
/// locked ones with how far along they are.
struct BadgesPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let badges = renderer.figures.badges
        let unlocked = badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $1.definition.id) > ($1.unlockedOn!, $0.definition.id) }
        let locked = badges.filter { $0.unlockedOn == nil }
        renderer.page(
            "badges/index.html", template: "pages/badges", title: renderer.string("badges.title"), section: "badges",
            [
                "unlocked": .list(unlocked.map(renderer.badgeValue)),
                "locked": .list(locked.map(renderer.badgeValue)),
                "has_unlocked": .bool(!unlocked.isEmpty),
                "has_locked": .bool(!locked.isEmpty),
                "summary": .string(
                    renderer.string(
                        "badges.summary", ["unlocked": String(unlocked.count), "total": String(badges.count)])),
            ], into: &site)
    }
}
