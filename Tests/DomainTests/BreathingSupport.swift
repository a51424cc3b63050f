import Domain
import Foundation

/// A data set holding only breathing data: built-in patterns and programs plus `patterns` and
/// `programs`, the given sessions and enrollments.
func breathingData(
    _ sessions: [PracticeSession], patterns: [BreathingPattern] = [], programs: [BreathingProgram] = [],
    enrollments: [Enrollment] = []
) -> DataSet {
    let cny = Currency(code: "CNY")!
    return DataSet(
        site: SiteSettings(
            title: "t", language: .en, locale: nil, currency: cny, timezone: "UTC", baseURL: nil, unsafeHTML: false),
        goals: [], subscriptions: [], sessions: sessions, patterns: BreathingPattern.builtIn + patterns,
        programs: [.calmStart] + programs, enrollments: enrollments,
        rates: ExchangeRates(base: cny, asOf: nil, rates: [:]))
}

/// A session of `cycles` cycles (or `minutes`) at `day` (`"2026-11-28"` or `"2026-11-28 22:30"`).
func breathSession(
    _ day: String, _ pattern: String = "4-7-8", cycles: Int? = 4, minutes: String? = nil, program: String? = nil,
    mood: (Int, Int)? = nil
) -> PracticeSession {
    let parts = day.split(separator: " ").map(String.init)
    let length: PracticeSession.Length = minutes.map { .minutes(dec($0)) } ?? .cycles(cycles ?? 1)
    return PracticeSession(
        at: at(parts[0], parts.count > 1 ? parts[1] : nil), pattern: pattern, length: length, program: program,
        moodBefore: mood?.0, moodAfter: mood?.1)
}

func builtInPattern(_ id: String) -> BreathingPattern {
    BreathingPattern.builtIn.first { $0.id == id }!
}

/// `days("2026-01-30", count: 3)`: that day and the next two.
func days(_ first: String, count: Int) -> [CalendarDate] {
    (0..<count).map { d(first).adding(days: $0) }
}
