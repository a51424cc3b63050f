import Domain
import Foundation

/// A badge: its id, the unit its figure is counted in, a condition closure over the statistics that
/// says when it is earned, and a progress closure for how close a locked one is. Adding a badge is
/// adding one definition to `BadgeDefinition.all`, and its name and description (`badge.<id>`) to
/// every string table; the theme check fails on a badge without them.
public struct BadgeDefinition: Sendable {
    public enum Category: String, Sendable, CaseIterable {
        case savings, subscriptions, breathing
    }

    /// What a badge's figure counts, so the wall can show "3 / 10", "¥46.00 / ¥100.00 a month" or
    /// "46 / 100 min" without guessing from the id. Money is in the base currency.
    public enum Unit: String, Sendable, CaseIterable {
        case count, money
        case moneyPerMonth = "money_month"
        case minutes, days
    }

    /// Progress of a locked badge toward its target.
    public struct Progress: Sendable, Equatable {
        public var current: Decimal
        public var target: Decimal
        public init(current: Decimal, target: Decimal) {
            self.current = current
            self.target = target
        }
    }

    public var id: String
    public var category: Category
    public var unit: Unit
    /// True once the badge is earned.
    public var condition: @Sendable (StatsSummary) -> Bool
    /// How close a locked badge is.
    public var progress: @Sendable (StatsSummary) -> Progress

    public init(
        id: String, category: Category, unit: Unit, condition: @escaping @Sendable (StatsSummary) -> Bool,
        progress: @escaping @Sendable (StatsSummary) -> Progress
    ) {
        self.id = id
        self.category = category
        self.unit = unit
        self.condition = condition
        self.progress = progress
    }
}

extension BadgeDefinition {
    /// A badge earned when a figure of the summary reaches `target`; its progress is that figure,
    /// capped at the target so a progress bar never overflows.
    static func reaching(
        _ id: String, _ category: Category, _ target: Decimal, _ unit: Unit,
        _ value: @escaping @Sendable (StatsSummary) -> Decimal
    ) -> BadgeDefinition {
        BadgeDefinition(
            id: id, category: category, unit: unit, condition: { value($0) >= target },
            progress: { Progress(current: min(value($0), target), target: target) })
    }
}
