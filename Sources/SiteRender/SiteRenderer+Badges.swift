import Domain
import Foundation
import Mustache

extension SiteRenderer {
    /// The badge wall: unlocked badges with the day they were earned (newest first), then locked
    /// ones with how far along they are.
    func renderBadges(into site: inout PageQueue) {
        let unlocked = figures.badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $1.definition.id) > ($1.unlockedOn!, $0.definition.id) }
        let locked = figures.badges.filter { $0.unlockedOn == nil }
        page(
            "badges/index.html", template: "pages/badges", title: string("badges.title"), section: "badges",
            [
                "unlocked": .list(unlocked.map(badgeValue)),
                "locked": .list(locked.map(badgeValue)),
                "has_unlocked": .bool(!unlocked.isEmpty),
                "has_locked": .bool(!locked.isEmpty),
                "summary": .string(
                    string(
                        "badges.summary", ["unlocked": String(unlocked.count), "total": String(figures.badges.count)])),
            ], into: &site)
    }

    func badgeValue(_ status: BadgeStatus) -> MustacheValue {
        let language = data.site.language
        let definition = status.definition
        let ratio = status.progress.target > 0 ? status.progress.current / status.progress.target : 0
        let money = definition.id.hasPrefix("saved_") || definition.id == "big_day"
        let current =
            money ? format.money(status.progress.current, data.site.currency) : status.progress.current.fixed(0)
        let target = money ? format.money(status.progress.target, data.site.currency) : status.progress.target.fixed(0)
        return .object([
            "id": .string(definition.id),
            "name": .string(definition.names[language] ?? definition.id),
            "description": .string(definition.descriptions[language] ?? ""),
            "category": .string(string("badges.category.\(definition.category.rawValue)")),
            "unlocked_on": status.unlockedOn.map { .string(format.date($0)) } ?? .null,
            "unlocked_iso": status.unlockedOn.map { .string($0.description) } ?? .null,
            "progress_value": .string((min(ratio, 1) * 100).fixed(1)),
            "progress_text": .string("\(current) / \(target)"),
        ])
    }
}
