import Mustache
import SiteData
import UIKeys

/// `badges/`: the badge wall (issue 25) — first the three badges closest to being earned, sorted by
/// how far along they are ("next up"); then the medals earned, a compact grid with the day each was
/// earned (newest first); then the rest still to earn, closest first, as the same compact grid of
/// medals, each filled to its progress (issue 43: a new user's page is not a wall of cards).
struct BadgesPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let badges = renderer.figures.badges
        let unlocked = badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $1.definition.id) > ($1.unlockedOn!, $0.definition.id) }
        let locked = renderer.lockedBadgesByProgress()
        let nextUp = locked.prefix(Self.nextUp)
        let rest = locked.dropFirst(Self.nextUp)
        renderer.page(
            "badges/index.html", template: "pages/badges", title: renderer.string(.badges(.title)), section: "badges",
            [
                "next_up": .list(nextUp.map(renderer.badgeValue)),
                "next_up_grid": GridColumns.fields(nextUp.count, phone: [1], wide: [3, 2]),
                "unlocked": .list(unlocked.map(renderer.badgeValue)),
                "unlocked_grid": GridColumns.fields(unlocked.count, phone: [3, 4, 2], wide: [6, 5, 4, 7]),
                "locked": .list(rest.map(renderer.badgeValue)),
                "locked_grid": GridColumns.fields(rest.count, phone: [3, 4, 2], wide: [6, 5, 4, 7]),
                "has_next_up": .bool(!nextUp.isEmpty),
                "has_unlocked": .bool(!unlocked.isEmpty),
                "has_locked": .bool(!rest.isEmpty),
                "summary": .string(
                    renderer.string(
                        .badges(.summary), ["unlocked": String(unlocked.count), "total": String(badges.count)])),
            ], into: &site)
    }

    /// How many locked badges the "next up" strip holds.
    static let nextUp = 3
}
