import Domain
import Foundation

/// The breathing part of the dashboard (DESIGN.md §3 "Breathing", §5 `breathing`): every figure
/// the breathing pages and data.json show, as of `today`.
///
/// Only sessions on or before today count anywhere in the report, so a build with an earlier
/// `--today` shows the state of that day.
public struct BreathingReport: Sendable {
    public var today: CalendarDate
    /// All practice: sessions, exact seconds, cycles (`minutes` rounds for display).
    public var totals: PracticeTotals
    public var streak: PracticeStreak
    /// Nil before the first session.
    public var strength: HabitStrength?
    /// One entry per pattern of the data set, in its order (built-in first), practised or not.
    public var patterns: [PatternEntry]
    /// Sessions by time of day; sessions written with a plain date have no time and are counted
    /// in `untimed` instead.
    public var timeOfDay: [TimeOfDay: PracticeTotals]
    public var untimed: PracticeTotals
    public var mood: MoodChange
    /// One per enrollment, in the order written.
    public var programs: [ProgramProgress]
    public var heatmap: PracticeHeatmap
    /// Days of breathing.toml's `[[pause]]`s up to today.
    public var pausedDays: Int
    /// The pauses themselves, for the heatmap and their notes.
    public var pauses: [Pause]

    /// Every session counted, oldest first, with the seconds it counts for (data.json's `log`).
    public var log: [LoggedSession]

    public struct PatternEntry: Sendable, Equatable {
        public var pattern: BreathingPattern
        public var totals: PracticeTotals
        /// A retention pattern's holds; nil for a paced one.
        public var retention: RetentionRecord?
    }

    public struct LoggedSession: Sendable, Equatable {
        public var session: PracticeSession
        /// As §3 counts them (`PracticeSession.seconds(of:)`).
        public var seconds: Decimal
    }

    public init(data: DataSet, today: CalendarDate) {
        self.today = today
        let log = PracticeLog(data: data, through: today)
        totals = log.totals(log.entries.lazy.map(\.measure))
        var byPattern: [String: [Int]] = [:]
        var retentionSessions: [String: [PracticeSession]] = [:]
        var byTime: [TimeOfDay: [Int]] = [:]
        var untimed: [Int] = []
        var mood = MoodChange()
        for entry in log.entries {
            byPattern[entry.session.pattern, default: []].append(entry.measure)
            if entry.session.holds != nil {
                retentionSessions[entry.session.pattern, default: []].append(entry.session)
            }
            if let hour = entry.session.at.hour {
                byTime[TimeOfDay(hour: hour), default: []].append(entry.measure)
            } else {
                untimed.append(entry.measure)
            }
            mood.add(entry.session)
        }
        var listed: Set<String> = []
        patterns = data.patterns.filter { listed.insert($0.id).inserted }.map {
            PatternEntry(
                pattern: $0, totals: log.totals(byPattern[$0.id] ?? []),
                retention: $0.isRetention ? RetentionRecord(sessions: retentionSessions[$0.id] ?? []) : nil)
        }
        self.log = log.entries.map { LoggedSession(session: $0.session, seconds: log.measures[$0.measure].seconds) }
        timeOfDay = Dictionary(uniqueKeysWithValues: TimeOfDay.allCases.map { ($0, log.totals(byTime[$0] ?? [])) })
        self.untimed = log.totals(untimed)
        self.mood = mood
        let days = log.practiceDays
        streak = PracticeStreak(days: days, today: today, pauses: data.practicePauses)
        strength = HabitStrength(days: days, today: today, pauses: data.practicePauses)
        pauses = data.practicePauses
        pausedDays = data.practicePauses.first.map { data.practicePauses.days(from: $0.from, through: today) } ?? 0
        programs = ProgramProgress.all(data: data, today: today)
        heatmap = PracticeHeatmap(log: log, today: today, pauses: data.practicePauses)
    }
}
