import Domain
import Foundation

/// The sessions of a data set up to and including a day, each measured with its pattern, and
/// grouped per calendar day: what streaks, strength, the heatmap and the totals all read.
///
/// A session belongs to the wall-clock day it was written with (DESIGN.md §3 "Dates"). Sessions
/// dated after `through` are left out, so a build with `--today` in the past shows that day's state.
///
/// Years of daily practice are tens of thousands of sessions but only a handful of distinct
/// (pattern, length) pairs, and decimal arithmetic is slow: each pair is measured once (`measures`)
/// and totals multiply counts by measures instead of adding decimals session by session.
struct PracticeLog {
    /// What one kind of session — a pattern and a logged length — counts for.
    struct Measure {
        var pattern: String
        var seconds: Decimal
        var cycles: Int
        /// `seconds` as an integer when it is a whole number that fits, for exact fast sums.
        var wholeSeconds: Int?
    }

    struct Entry {
        var session: PracticeSession
        /// Index into `measures`.
        var measure: Int
    }

    struct Day {
        var sessions = 0
        /// Indexes into `measures`, one per session.
        var measures: [Int] = []
    }

    /// In time order.
    var entries: [Entry] = []
    var measures: [Measure] = []
    var days: [CalendarDate: Day] = [:]

    private struct MeasureKey: Hashable {
        var pattern: String
        var cycles: Int?
        var minutes: Decimal?
        var holds: [Int]?

        init(_ session: PracticeSession) {
            pattern = session.pattern
            switch session.length {
            case .cycles(let n): cycles = n
            case .minutes(let m): minutes = m
            case .holds(let h): holds = h
            }
        }
    }

    init(data: DataSet, through last: CalendarDate?) {
        let data = last.map(data.asOf) ?? data
        var patterns: [String: BreathingPattern] = [:]
        for pattern in data.patterns where patterns[pattern.id] == nil { patterns[pattern.id] = pattern }
        // Time order; sessions at the same wall-clock moment keep the order they were loaded in.
        let sorted = data.sessions.enumerated().sorted { a, b in
            if a.element.at < b.element.at { return true }
            if b.element.at < a.element.at { return false }
            return a.offset < b.offset
        }
        var index: [MeasureKey: Int] = [:]
        entries.reserveCapacity(sorted.count)
        for (_, session) in sorted {
            let key = MeasureKey(session)
            let measure: Int
            if let known = index[key] {
                measure = known
            } else {
                measure = measures.count
                index[key] = measure
                measures.append(PracticeLog.measure(session, with: patterns[session.pattern]))
            }
            entries.append(Entry(session: session, measure: measure))
            days[session.at.date, default: Day()].sessions += 1
            days[session.at.date, default: Day()].measures.append(measure)
        }
    }

    var practiceDays: Set<CalendarDate> { Set(days.keys) }

    /// A session whose pattern the data set does not define (never after loading) counts its
    /// logged minutes, or nothing when it was logged by cycles.
    private static func measure(_ session: PracticeSession, with pattern: BreathingPattern?) -> Measure {
        let seconds: Decimal
        let cycles: Int
        if let pattern {
            (seconds, cycles) = (session.seconds(of: pattern), session.cycles(of: pattern))
        } else if case .minutes(let minutes) = session.length {
            (seconds, cycles) = (minutes * 60, 0)
        } else {
            (seconds, cycles) = (0, 0)
        }
        var whole: Int?
        if seconds == seconds.rounded(scale: 0), seconds.magnitude < 1_000_000_000_000 {
            whole = NSDecimalNumber(decimal: seconds).intValue
        }
        return Measure(pattern: session.pattern, seconds: seconds, cycles: cycles, wholeSeconds: whole)
    }

    /// Totals of sessions given by their measure indexes.
    func totals(_ measureIndexes: some Sequence<Int>) -> PracticeTotals {
        var counts: [Int: Int] = [:]
        for index in measureIndexes { counts[index, default: 0] += 1 }
        var totals = PracticeTotals()
        for (index, count) in counts.sorted(by: { $0.key < $1.key }) {
            totals.sessions += count
            totals.seconds += Decimal(count) * measures[index].seconds
            totals.cycles += count * measures[index].cycles
        }
        return totals
    }
}
