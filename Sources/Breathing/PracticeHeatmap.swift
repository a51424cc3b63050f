import Domain
import Foundation

/// The practice calendar of the breathing page: 53 weeks, Monday first (ISO weekday), the last
/// of them the week that holds today, so the grid always has 53 × 7 = 371 cells.
public struct PracticeHeatmap: Sendable, Equatable {
    public static let weekCount = 53

    /// Colour levels from a day's minutes: 0 none, 1 under 5, 2 5 to under 10, 3 10 to under 20,
    /// 4 20 or more. Fixed thresholds, so a day keeps its colour as the history grows.
    public static let levelThresholds: [Decimal] = [5, 10, 20]

    public struct Day: Sendable, Equatable {
        public var date: CalendarDate
        public var sessions: Int
        /// Exact seconds practised that day.
        public var seconds: Decimal
        /// 0…4 (see `levelThresholds`); 0 for days after today.
        public var level: Int
        /// After today: drawn as an empty cell, not as a day without practice.
        public var isFuture: Bool
        /// The practice pause the day falls in (up to today), whether practised or not: an
        /// unpractised paused day is drawn hatched, neither a gap nor practice.
        public var pause: Pause?

        public init(
            date: CalendarDate, sessions: Int, seconds: Decimal, level: Int, isFuture: Bool, pause: Pause? = nil
        ) {
            self.date = date
            self.sessions = sessions
            self.seconds = seconds
            self.level = level
            self.isFuture = isFuture
            self.pause = pause
        }

        /// A paused day without a session.
        public var isRestDay: Bool { pause != nil && sessions == 0 }

        /// seconds / 60, rounded half away from zero to 2 decimals.
        public var minutes: Decimal { (seconds / 60).rounded(scale: 2) }
    }

    /// 53 weeks of 7 days, oldest first; each week Monday … Sunday.
    public var weeks: [[Day]]

    public var firstDay: CalendarDate { weeks[0][0].date }
    public var lastDay: CalendarDate { weeks[weeks.count - 1][6].date }

    init(log: PracticeLog, today: CalendarDate, pauses: [Pause] = []) {
        let monday = today.adding(days: 1 - today.isoWeekday)
        let first = monday.adding(days: -7 * (PracticeHeatmap.weekCount - 1))
        weeks = (0..<PracticeHeatmap.weekCount).map { week in
            (0..<7).map { weekday in
                let date = first.adding(days: week * 7 + weekday)
                let isFuture = date > today
                let logged = isFuture ? PracticeTotals() : log.totals(log.days[date]?.measures ?? [])
                return Day(
                    date: date, sessions: logged.sessions, seconds: logged.seconds,
                    level: PracticeHeatmap.level(seconds: logged.seconds, sessions: logged.sessions),
                    isFuture: isFuture, pause: isFuture ? nil : pauses.pause(containing: date))
            }
        }
    }

    /// The colour level of a day: 0 without sessions, otherwise 1 + the thresholds reached.
    public static func level(seconds: Decimal, sessions: Int) -> Int {
        guard sessions > 0 else { return 0 }
        return 1 + levelThresholds.filter { seconds >= $0 * 60 }.count
    }
}
