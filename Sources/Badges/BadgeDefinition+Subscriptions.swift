import Domain
import Foundation

extension BadgeDefinition {
    /// The 4 subscription badges of DESIGN.md §3, fed by `StatsEvent.subscriptionKills(from:through:)`.
    public static let subscriptions: [BadgeDefinition] = [
        .reaching("first_slay", .subscriptions, 1, .count) { Decimal($0.subscriptionsKilled) },
        .reaching("slayer_5", .subscriptions, 5, .count) { Decimal($0.subscriptionsKilled) },
        .reaching("trial_dodger", .subscriptions, 1, .count) { Decimal($0.trialsDodged) },
        .reaching("saver_100", .subscriptions, 100, .moneyPerMonth) { $0.killedMonthlySavings },
    ]
}
