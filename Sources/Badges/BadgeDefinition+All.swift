import Domain
import Foundation

extension BadgeDefinition {
    /// Every badge sandjar knows, in the order the badge wall shows them. Amounts are in the
    /// base currency; streak days are calendar days with at least one event.
    public static let all: [BadgeDefinition] = savings + subscriptions + breathing

    /// The 13 savings badges of DESIGN.md §3.
    public static let savings: [BadgeDefinition] = [
        .reaching("first_coin", .savings, 1, .count) { Decimal($0.deposits) },
        .reaching("ten_deposits", .savings, 10, .count) { Decimal($0.deposits) },
        .reaching("fifty_deposits", .savings, 50, .count) { Decimal($0.deposits) },
        .reaching("streak_7", .savings, 7, .days) { Decimal($0.longestDepositStreak) },
        .reaching("streak_30", .savings, 30, .days) { Decimal($0.longestDepositStreak) },
        .reaching("saved_1k", .savings, 1000, .money) { $0.totalDeposited },
        .reaching("saved_10k", .savings, 10_000, .money) { $0.totalDeposited },
        .reaching("goal_reached", .savings, 1, .count) { Decimal($0.goalsReached) },
        .reaching("three_goals", .savings, 3, .count) { Decimal($0.goalsWithDeposits) },
        .reaching("night_owl", .savings, 10, .count) { Decimal($0.nightDeposits) },
        .reaching("early_bird", .savings, 10, .count) { Decimal($0.earlyDeposits) },
        .reaching("on_schedule", .savings, 6, .count) { Decimal($0.longestOnSchedule) },
        .reaching("big_day", .savings, 1000, .money) { $0.biggestDay },
    ]
}
