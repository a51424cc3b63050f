import Domain
import Foundation

/// A badge: what it is called, a condition closure over the statistics that says when it is
/// earned, and a progress closure for how close a locked one is. Adding a badge is adding one definition to `BadgeDefinition.all`.
public struct BadgeDefinition: Sendable {
    public enum Category: String, Sendable, CaseIterable {
        case savings, subscriptions, breathing
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
    public var names: [SiteSettings.Language: String]
    public var descriptions: [SiteSettings.Language: String]
    /// True once the badge is earned.
    public var condition: @Sendable (StatsSummary) -> Bool
    /// How close a locked badge is.
    public var progress: @Sendable (StatsSummary) -> Progress

    public init(
        id: String, category: Category, names: [SiteSettings.Language: String],
        descriptions: [SiteSettings.Language: String], condition: @escaping @Sendable (StatsSummary) -> Bool,
        progress: @escaping @Sendable (StatsSummary) -> Progress
    ) {
        self.id = id
        self.category = category
        self.names = names
        self.descriptions = descriptions
        self.condition = condition
        self.progress = progress
    }
}

extension BadgeDefinition {
    /// A badge earned when a figure of the summary reaches `target`; its progress is that figure,
    /// capped at the target so a progress bar never overflows.
    static func count(
        _ id: String, _ category: Category, en: (String, String), zh: (String, String), target: Decimal,
        _ value: @escaping @Sendable (StatsSummary) -> Decimal
    ) -> BadgeDefinition {
        BadgeDefinition(
            id: id, category: category, names: [.en: en.0, .zhHans: zh.0],
            descriptions: [.en: en.1, .zhHans: zh.1], condition: { value($0) >= target },
            progress: { Progress(current: min(value($0), target), target: target) })
    }
}
