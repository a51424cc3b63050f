import Domain
import Foundation

/// One person's practice in a household (DESIGN.md §3 "Household"): the sessions they logged
/// with `by`, and their streak by the one streak rule (`PracticeStreak`, breathing.toml's pauses
/// included).
public struct PersonPractice: Sendable, Equatable {
    public var sessions: Int
    public var streak: PracticeStreak

    public init(person: String, data: DataSet, today: CalendarDate) {
        let mine = data.sessions.filter { $0.by == person && $0.at.date <= today }
        sessions = mine.count
        streak = PracticeStreak(days: Set(mine.map(\.at.date)), today: today, pauses: data.practicePauses)
    }
}
