import Domain
import Foundation

/// How established the habit is, as Loop Habit Tracker scores it: each day from the first
/// practice day to today, s ← s·m + v·(1 − m), with m = 0.5^(1/13) (a day's weight halves in
/// 13 days), v = 1 on a practice day and 0 otherwise, s₀ = 0.
///
/// Computed in `Double`; shown rounded: `percent` (0 decimals) on pages, `ratio` (4 decimals) in
/// data.json, both half away from zero.
public struct HabitStrength: Sendable, Equatable {
    public static let multiplier: Double = pow(0.5, 1.0 / 13.0)

    /// Between 0 and 1.
    public var score: Double

    public init(score: Double) {
        self.score = score
    }

    /// Nil when no practice day is on or before `today`.
    /// - Parameters:
    ///   - days: practice days in any order; days after `today` are ignored.
    ///   - pauses: a paused day without a session leaves the score as it stands (Loop's "skip").
    public init?(days: some Sequence<CalendarDate>, today: CalendarDate, pauses: [Pause] = []) {
        let set = Set(days.lazy.filter { $0 <= today })
        guard let first = set.min() else { return nil }
        let m = HabitStrength.multiplier
        var s = 0.0
        for offset in 0...first.days(to: today) {
            let day = first.adding(days: offset)
            let practised = set.contains(day)
            if !practised, pauses.covers(day) { continue }
            s = s * m + (practised ? 1.0 : 0.0) * (1 - m)
        }
        score = s
    }

    /// 0…100, for "Habit strength 63 %".
    public var percent: Int { Int((score * 100).rounded()) }

    /// The score with 4 decimals, exactly as data.json writes it.
    public var ratio: Decimal { Decimal(Int((score * 10_000).rounded())) / 10_000 }
}
