import Domain
import Foundation

extension BadgeDefinition {
    /// The 4 subscription badges of DESIGN.md §3, fed by `StatsEvent.subscriptionKills(from:through:)`.
    public static let subscriptions: [BadgeDefinition] = [
        .count(
            "first_slay", .subscriptions, en: ("First slay", "Cancel your first subscription."),
            zh: ("首次斩杀", "取消第一个订阅。"), target: 1
        ) { Decimal($0.subscriptionsKilled) },
        .count(
            "slayer_5", .subscriptions, en: ("Slayer", "Cancel 5 subscriptions."),
            zh: ("订阅杀手", "累计取消 5 个订阅。"), target: 5
        ) { Decimal($0.subscriptionsKilled) },
        .count(
            "trial_dodger", .subscriptions,
            en: ("Trial dodger", "Cancel a free trial before its first charge."),
            zh: ("试用闪避", "在首次扣费前取消一个免费试用。"), target: 1
        ) { Decimal($0.trialsDodged) },
        .count(
            "saver_100", .subscriptions,
            en: ("Hundred a month", "Cancelled subscriptions save 100 a month."),
            zh: ("月省一百", "取消的订阅每月共省下 100。"), target: 100
        ) { $0.killedMonthlySavings },
    ]
}
