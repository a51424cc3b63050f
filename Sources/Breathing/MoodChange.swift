import Domain
import Foundation

/// Whether practice lifts the mood: over sessions that logged both `mood_before` and
/// `mood_after`, the average of after − before.
public struct MoodChange: Sendable, Equatable {
    /// Sessions with both moods.
    public var count = 0
    /// Sum of after − before over those sessions.
    public var totalChange = 0

    public init(count: Int = 0, totalChange: Int = 0) {
        self.count = count
        self.totalChange = totalChange
    }

    /// totalChange / count, rounded half away from zero to 2 decimals; nil without such sessions.
    public var averageChange: Decimal? {
        count == 0 ? nil : (Decimal(totalChange) / Decimal(count)).rounded(scale: 2)
    }

    mutating func add(_ session: PracticeSession) {
        guard let before = session.moodBefore, let after = session.moodAfter else { return }
        count += 1
        totalChange += after - before
    }
}
