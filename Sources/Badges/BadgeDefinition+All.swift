import Domain
import Foundation

extension BadgeDefinition {
    /// Every badge sandjar knows, in the order the badge wall shows them. Amounts are in the
    /// base currency; streak days are calendar days with at least one event.
    public static let all: [BadgeDefinition] = savings + subscriptions + breathing

    /// The 13 savings badges of DESIGN.md §3.
    public static let savings: [BadgeDefinition] = [
        .count(
            "first_coin", .savings, en: ("First coin", "Make your first deposit."),
            zh: ("第一枚硬币", "完成第一笔存入。"), target: 1
        ) { Decimal($0.deposits) },
        .count(
            "ten_deposits", .savings, en: ("Ten coins", "Make 10 deposits."),
            zh: ("十枚硬币", "累计存入 10 笔。"), target: 10
        ) { Decimal($0.deposits) },
        .count(
            "fifty_deposits", .savings, en: ("Fifty coins", "Make 50 deposits."),
            zh: ("五十枚硬币", "累计存入 50 笔。"), target: 50
        ) { Decimal($0.deposits) },
        .count(
            "streak_7", .savings, en: ("A week in a row", "Deposit on 7 days in a row."),
            zh: ("连续一周", "连续 7 天都有存入。"), target: 7
        ) { Decimal($0.longestDepositStreak) },
        .count(
            "streak_30", .savings, en: ("A month in a row", "Deposit on 30 days in a row."),
            zh: ("连续一个月", "连续 30 天都有存入。"), target: 30
        ) { Decimal($0.longestDepositStreak) },
        .count(
            "saved_1k", .savings, en: ("First thousand", "Save 1,000 in total."),
            zh: ("第一个一千", "累计存下 1,000。"), target: 1000
        ) { $0.totalDeposited },
        .count(
            "saved_10k", .savings, en: ("Ten thousand", "Save 10,000 in total."),
            zh: ("一万", "累计存下 10,000。"), target: 10_000
        ) { $0.totalDeposited },
        .count(
            "goal_reached", .savings, en: ("Wish come true", "Reach the target of a wish goal."),
            zh: ("心愿达成", "让一个心愿目标达到目标金额。"), target: 1
        ) { Decimal($0.goalsReached) },
        .count(
            "three_goals", .savings, en: ("Three jars", "Deposit into 3 different goals."),
            zh: ("三个罐子", "往 3 个不同的目标里存过钱。"), target: 3
        ) { Decimal($0.goalsWithDeposits) },
        .count(
            "night_owl", .savings, en: ("Night owl", "Make 10 deposits between 22:00 and 04:59."),
            zh: ("夜猫子", "在 22:00 到 04:59 之间存入 10 笔。"), target: 10
        ) { Decimal($0.nightDeposits) },
        .count(
            "early_bird", .savings, en: ("Early bird", "Make 10 deposits between 05:00 and 08:59."),
            zh: ("早起的鸟儿", "在 05:00 到 08:59 之间存入 10 笔。"), target: 10
        ) { Decimal($0.earlyDeposits) },
        .count(
            "on_schedule", .savings, en: ("Like clockwork", "Keep a regular-saving plan for 6 periods in a row."),
            zh: ("按部就班", "定投计划连续 6 期都按时存入。"), target: 6
        ) { Decimal($0.longestOnSchedule) },
        .count(
            "big_day", .savings, en: ("Big day", "Deposit 1,000 or more on a single day."),
            zh: ("大日子", "一天之内存入 1,000 或更多。"), target: 1000
        ) { $0.biggestDay },
    ]
}
