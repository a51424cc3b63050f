import Domain
import Foundation

extension BadgeDefinition {
    /// The 4 breathing badges of DESIGN.md §3, fed by `StatsEvent.breathing(from:)`.
    public static let breathing: [BadgeDefinition] = [
        .count(
            "first_breath", .breathing, en: ("First breath", "Log your first practice session."),
            zh: ("第一口气", "记录第一次呼吸练习。"), target: 1
        ) { Decimal($0.sessions) },
        .count(
            "breath_streak_7", .breathing, en: ("A calm week", "Practise breathing on 7 days in a row."),
            zh: ("平静的一周", "连续 7 天都做呼吸练习。"), target: 7
        ) { Decimal($0.longestPracticeStreak) },
        .count(
            "program_complete", .breathing, en: ("Program complete", "Finish every day of a program you enrolled in."),
            zh: ("课程完成", "完成一个已报名课程的每一天。"), target: 1
        ) { Decimal($0.programsCompleted) },
        .count(
            "hundred_minutes", .breathing, en: ("A hundred minutes", "Practise breathing for 100 minutes in total."),
            zh: ("一百分钟", "累计练习呼吸 100 分钟。"), target: 100
        ) { $0.minutesPractised },
    ]
}
