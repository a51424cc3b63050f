import Domain
import Foundation

extension PracticeSession {
    /// A retention session's longest hold, in seconds; nil for a paced one.
    public var longestHold: Int? { holds?.max() }

    /// A retention session's mean hold, exact; nil for a paced one.
    public var meanHold: Decimal? {
        guard let holds, !holds.isEmpty else { return nil }
        return Decimal(holds.reduce(0, +)) / Decimal(holds.count)
    }
}

/// What a retention pattern's holds have come to (DESIGN.md §3): the longest hold ever, and per
/// ISO week holding a session (by the sessions' wall-clock days) the mean of every hold logged
/// that week, oldest week first.
public struct RetentionRecord: Sendable, Equatable {
    public struct Week: Sendable, Equatable {
        public var week: ISOWeek
        /// Holds logged that week, their sum and the longest, in seconds.
        public var holds: Int
        public var total: Int
        public var longest: Int

        /// The week's mean hold, exact.
        public var mean: Decimal { Decimal(total) / Decimal(max(holds, 1)) }
    }

    /// Nil before a first session.
    public var longestHold: Int?
    public var weeks: [Week]

    /// From the sessions of one retention pattern (paced ones and sessions without holds are
    /// passed over).
    public init(sessions: some Sequence<PracticeSession>) {
        var byWeek: [ISOWeek: Week] = [:]
        var longest: Int?
        for session in sessions {
            guard let holds = session.holds, let top = holds.max() else { continue }
            longest = max(longest ?? top, top)
            let week = ISOWeek(session.at.date)
            var entry = byWeek[week] ?? Week(week: week, holds: 0, total: 0, longest: 0)
            entry.holds += holds.count
            entry.total += holds.reduce(0, +)
            entry.longest = max(entry.longest, top)
            byWeek[week] = entry
        }
        longestHold = longest
        weeks = byWeek.values.sorted { $0.week < $1.week }
    }
}
