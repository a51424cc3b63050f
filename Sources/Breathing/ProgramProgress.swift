import Domain
import Foundation

/// How far one enrollment in a program has come (DESIGN.md §3 "Breathing").
///
/// Programs are self-paced: day k is completed by the k-th distinct calendar day, on or after the
/// enrollment's start, with a session tagged with the program — whatever pattern or length that
/// session had, and however many sessions that day held.
///
/// Enrolling in a program again starts it over: each enrollment counts the tagged sessions from
/// its own start up to the day before the next enrollment in the same program starts, so the
/// runs never share a session. Two enrollments with the same program and start are one.
public struct ProgramProgress: Sendable, Equatable {
    /// The program day to do next.
    public struct NextDay: Sendable, Equatable {
        /// From 1.
        public var day: Int
        public var pattern: String
        public var cycles: Int

        public init(day: Int, pattern: String, cycles: Int) {
            self.day = day
            self.pattern = pattern
            self.cycles = cycles
        }
    }

    public var program: BreathingProgram
    public var start: CalendarDate
    public var totalDays: Int { program.days.count }
    /// The day each completed program day was completed on, in order (at most `totalDays`).
    public var completedOn: [CalendarDate]
    public var completedDays: Int { completedOn.count }
    /// min(completed + 1, total).
    public var currentDay: Int { min(completedDays + 1, totalDays) }
    /// completed / total, rounded half away from zero to 4 decimals.
    public var completionRate: Decimal {
        totalDays == 0 ? 0 : (Decimal(completedDays) / Decimal(totalDays)).rounded(scale: 4)
    }
    /// The day the last program day was completed; nil while unfinished.
    public var finishedOn: CalendarDate? {
        totalDays > 0 && completedDays == totalDays ? completedOn.last : nil
    }
    /// The prescribed pattern and cycles of the next day; nil once finished.
    public var nextDay: NextDay? {
        guard completedDays < totalDays else { return nil }
        let day = program.days[completedDays]
        return NextDay(day: completedDays + 1, pattern: day.pattern, cycles: day.cycles)
    }

    /// - Parameters:
    ///   - sessionDays: days of the sessions tagged with this program, in any order, duplicates fine.
    ///   - end: the last day that counts (inclusive), e.g. the day before a later enrollment.
    public init(
        program: BreathingProgram, start: CalendarDate, sessionDays: some Sequence<CalendarDate>,
        end: CalendarDate? = nil
    ) {
        self.program = program
        self.start = start
        let counted = Set(sessionDays.lazy.filter { day in day >= start && (end.map { day <= $0 } ?? true) })
        completedOn = Array(counted.sorted().prefix(program.days.count))
    }

    /// One entry per enrollment, in the order the enrollments are written, counting sessions up to
    /// and including `today` (all sessions when nil). An enrollment in a program the data set does
    /// not define is left out (never after loading).
    public static func all(data: DataSet, today: CalendarDate?) -> [ProgramProgress] {
        let data = today.map(data.asOf) ?? data
        var seen: Set<String> = []
        let enrollments = data.enrollments.filter { seen.insert("\($0.program) \($0.start)").inserted }
        var tagged: [String: [CalendarDate]] = [:]
        for session in data.sessions {
            guard let program = session.program else { continue }
            tagged[program, default: []].append(session.at.date)
        }
        return enrollments.compactMap { enrollment in
            guard let program = data.programs.first(where: { $0.id == enrollment.program }) else { return nil }
            let restart = enrollments.lazy.filter { $0.program == enrollment.program && $0.start > enrollment.start }
                .map(\.start).min()
            return ProgramProgress(
                program: program, start: enrollment.start, sessionDays: tagged[program.id] ?? [],
                end: restart?.adding(days: -1))
        }
    }
}
