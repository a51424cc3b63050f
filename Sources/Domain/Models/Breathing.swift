import Foundation

/// A breathing pattern: seconds of inhale, hold, exhale and rest. Patterns are data; one state
/// machine drives them all.
public struct BreathingPattern: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var inhale: Decimal
    public var hold: Decimal
    public var exhale: Decimal
    public var rest: Decimal

    public init(id: String, name: String, inhale: Decimal, hold: Decimal, exhale: Decimal, rest: Decimal) {
        self.id = id
        self.name = name
        self.inhale = inhale
        self.hold = hold
        self.exhale = exhale
        self.rest = rest
    }

    public var cycleSeconds: Decimal { inhale + hold + exhale + rest }

    /// 4-7-8, box, equal and coherent (DESIGN.md §2).
    public static let builtIn: [BreathingPattern] = [
        BreathingPattern(id: "4-7-8", name: "4-7-8", inhale: 4, hold: 7, exhale: 8, rest: 0),
        BreathingPattern(id: "box", name: "Box", inhale: 4, hold: 4, exhale: 4, rest: 4),
        BreathingPattern(id: "equal", name: "Equal", inhale: 5, hold: 0, exhale: 5, rest: 0),
        BreathingPattern(
            id: "coherent", name: "Coherent", inhale: Decimal(string: "5.5")!, hold: 0,
            exhale: Decimal(string: "5.5")!, rest: 0),
    ]
}

/// A multi-day program: one prescribed pattern and number of cycles per day, self-paced.
public struct BreathingProgram: Sendable, Equatable, Identifiable {
    public struct Day: Sendable, Equatable {
        public var pattern: String
        public var cycles: Int
        public init(pattern: String, cycles: Int) {
            self.pattern = pattern
            self.cycles = cycles
        }
    }

    public var id: String
    public var name: String
    public var days: [Day]

    public init(id: String, name: String, days: [Day]) {
        self.id = id
        self.name = name
        self.days = days
    }

    /// The 7-day beginner program: a beginner should not start with 4-7-8.
    public static let calmStart = BreathingProgram(
        id: "calm-start", name: "Calm start",
        days: [
            Day(pattern: "equal", cycles: 6), Day(pattern: "equal", cycles: 8), Day(pattern: "coherent", cycles: 6),
            Day(pattern: "box", cycles: 4), Day(pattern: "box", cycles: 6), Day(pattern: "4-7-8", cycles: 3),
            Day(pattern: "4-7-8", cycles: 4),
        ])
}

/// `[[enrollment]]`: the person started a program on a day.
public struct Enrollment: Sendable, Equatable {
    public var program: String
    public var start: CalendarDate
    public init(program: String, start: CalendarDate) {
        self.program = program
        self.start = start
    }
}

/// One logged practice `[[session]]`.
public struct PracticeSession: Sendable, Equatable {
    /// The most cycles one session may log.
    public static let maxCycles = 100_000
    /// The most minutes one session may log: a day (a bigger figure is a typo, and would swamp
    /// every total).
    public static let maxMinutes = 24 * 60

    /// Sessions are logged by cycles or by minutes.
    public enum Length: Sendable, Equatable {
        case cycles(Int)
        case minutes(Decimal)
    }

    public var at: EventTime
    public var pattern: String
    public var length: Length
    public var program: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    /// `by`: who practised (a `[[person]]` id); nil is the household's alone.
    public var by: String? = nil

    public init(
        at: EventTime, pattern: String, length: Length, program: String? = nil,
        moodBefore: Int? = nil, moodAfter: Int? = nil
    ) {
        self.at = at
        self.pattern = pattern
        self.length = length
        self.program = program
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
    }
}
