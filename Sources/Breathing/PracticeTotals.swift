import Domain
import Foundation

/// Sessions, time and cycles: for all practice, one pattern, or one time of day.
public struct PracticeTotals: Sendable, Equatable {
    public var sessions = 0
    /// Exact; minutes sessions count the minutes logged (see `PracticeSession.seconds(of:)`).
    public var seconds: Decimal = 0
    /// Whole cycles breathed; a minutes session counts the whole cycles that fit.
    public var cycles = 0

    public init(sessions: Int = 0, seconds: Decimal = 0, cycles: Int = 0) {
        self.sessions = sessions
        self.seconds = seconds
        self.cycles = cycles
    }

    /// seconds / 60, rounded half away from zero to 2 decimals.
    public var minutes: Decimal { (seconds / 60).rounded(scale: 2) }
}
