import Domain
import Foundation

extension BadgeDefinition {
    /// The 4 breathing badges of DESIGN.md §3, fed by `StatsEvent.breathing(from:)`.
    public static let breathing: [BadgeDefinition] = [
        .reaching("first_breath", .breathing, 1, .count) { Decimal($0.sessions) },
        .reaching("breath_streak_7", .breathing, 7, .days) { Decimal($0.longestPracticeStreak) },
        .reaching("program_complete", .breathing, 1, .count) { Decimal($0.programsCompleted) },
        .reaching("hundred_minutes", .breathing, 100, .minutes) { $0.minutesPractised },
    ]
}
