import Badges
import Basics
import Charts
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// The badges as the dashboard and the badge wall show them: the next to earn, each one's words and
/// medal.
extension SiteRenderer {
    /// The locked badges, the closest to being earned first (issue 25): by the share of the way
    /// done, the wall's order between equals.
    func lockedBadgesByProgress() -> [BadgeStatus] {
        func share(_ status: BadgeStatus) -> Decimal {
            status.progress.target > 0 ? min(status.progress.current / status.progress.target, 1) : 0
        }
        return figures.badges.enumerated().filter { $0.element.unlockedOn == nil }
            .sorted { a, b in
                let (x, y) = (share(a.element), share(b.element))
                return x != y ? x > y : a.offset < b.offset
            }
            .map(\.element)
    }

    /// The `count` locked badges closest to being earned: the "next up" strip.
    func nextBadges(_ count: Int) -> [BadgeStatus] {
        Array(lockedBadgesByProgress().prefix(count))
    }

    /// A badge as the wall and the dashboard show it: its medal, texts, and for a locked one how
    /// far along it is. `newest` marks the badges earned on the latest day any badge was earned.
    func badgeValue(_ status: BadgeStatus) -> MustacheValue {
        let definition = status.definition
        let newest = status.unlockedOn != nil && status.unlockedOn == figures.badges.compactMap(\.unlockedOn).max()
        let ratio = status.progress.target > 0 ? status.progress.current / status.progress.target : 0
        let text = badgeText(status)
        let progress = string(
            .badgeUnit(definition.unit),
            [
                "current": badgeFigure(status.progress.current, definition.unit),
                "target": badgeFigure(status.progress.target, definition.unit),
            ])
        return .object([
            "id": .string(definition.id),
            "name": .string(text.name),
            "description": .string(text.description),
            "category": .string(string(.badgeCategory(definition.category))),
            "medal": .string(
                BadgeMedal.svg(
                    id: definition.id, category: definition.category,
                    progress: status.unlockedOn == nil ? min(ratio, 1) : nil)),
            "newest": .bool(newest),
            "unlocked_on": dateValue(status.unlockedOn),
            "progress_value": .string((min(ratio, 1) * 100).fixed(1)),
            "progress_text": .string(progress),
        ])
    }

    /// A badge's name and description from the string tables (`badge.<id>`), the description's
    /// `{target}` written in the badge's unit: "Save CN¥1,000.00 in total."
    func badgeText(_ status: BadgeStatus) -> (name: String, description: String) {
        let badge = status.definition
        let target = badgeFigure(status.progress.target, badge.unit)
        return (string(.badgeName(badge)), string(.badgeDescription(badge), ["target": target]))
    }

    /// A badge's figure as its unit reads: money in the base currency, minutes as the breathing
    /// page writes them, whole numbers otherwise.
    private func badgeFigure(_ value: Decimal, _ unit: BadgeDefinition.Unit) -> String {
        switch unit {
        case .money, .moneyPerMonth: return format.money(value, data.site.currency)
        case .minutes: return minutes(value)
        case .count, .days: return value.fixed(0)
        }
    }
}
