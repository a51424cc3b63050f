import Foundation

/// A breathing pattern. A paced one is seconds of inhale, a second short inhale (`topUp`, the
/// physiological sigh's), hold, exhale and rest, repeated for as many cycles as the person likes;
/// one state machine drives them all. A retention one (DESIGN.md §3) is `rounds` rounds of
/// `breaths` paced breaths (inhale, exhale), then a hold the person ends, then a recovery breath
/// held `recovery` seconds.
public struct BreathingPattern: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case paced, retention
    }

    public var id: String
    public var name: String
    public var kind: Kind
    public var inhale: Decimal
    /// A second, short inhale on top of the first; 0 but for the sigh.
    public var topUp: Decimal
    public var hold: Decimal
    public var exhale: Decimal
    public var rest: Decimal
    /// Retention only: paced breaths per round, the recovery breath's seconds, rounds a session.
    public var breaths: Int
    public var recovery: Decimal
    public var rounds: Int

    public init(
        id: String, name: String, inhale: Decimal, hold: Decimal, exhale: Decimal, rest: Decimal,
        topUp: Decimal = 0
    ) {
        self.id = id
        self.name = name
        self.kind = .paced
        self.inhale = inhale
        self.topUp = topUp
        self.hold = hold
        self.exhale = exhale
        self.rest = rest
        self.breaths = 0
        self.recovery = 0
        self.rounds = 0
    }

    /// A retention pattern: `rounds` rounds of `breaths` breaths of `inhale` + `exhale` seconds,
    /// each round ending in a hold and a recovery breath held `recovery` seconds.
    public static func retention(
        id: String, name: String, breaths: Int, inhale: Decimal, exhale: Decimal, recovery: Decimal, rounds: Int
    ) -> BreathingPattern {
        var pattern = BreathingPattern(id: id, name: name, inhale: inhale, hold: 0, exhale: exhale, rest: 0)
        pattern.kind = .retention
        pattern.breaths = breaths
        pattern.recovery = recovery
        pattern.rounds = rounds
        return pattern
    }

    public var isRetention: Bool { kind == .retention }

    /// A paced pattern's cycle; a retention pattern's one paced breath.
    public var cycleSeconds: Decimal { inhale + topUp + hold + exhale + rest }

    /// The seconds a hold may last, logged in `holds`.
    public static let holdLimit = 1...600

    /// 4-7-8, box, equal, coherent, the physiological sigh and retention rounds (DESIGN.md §2).
    public static let builtIn: [BreathingPattern] = [
        BreathingPattern(id: "4-7-8", name: "4-7-8", inhale: 4, hold: 7, exhale: 8, rest: 0),
        BreathingPattern(id: "box", name: "Box", inhale: 4, hold: 4, exhale: 4, rest: 4),
        BreathingPattern(id: "equal", name: "Equal", inhale: 5, hold: 0, exhale: 5, rest: 0),
        BreathingPattern(
            id: "coherent", name: "Coherent", inhale: Decimal(string: "5.5")!, hold: 0,
            exhale: Decimal(string: "5.5")!, rest: 0),
        BreathingPattern(id: "sigh", name: "Sigh", inhale: 2, hold: 0, exhale: 6, rest: 0, topUp: 1),
        .retention(
            id: "rounds", name: "Rounds", breaths: 30, inhale: Decimal(string: "1.6")!,
            exhale: Decimal(string: "1.6")!, recovery: 15, rounds: 3),
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

    /// Sessions of a paced pattern are logged by cycles or by minutes; those of a retention
    /// pattern by their holds, the seconds of each round's hold.
    public enum Length: Sendable, Equatable {
        case cycles(Int)
        case minutes(Decimal)
        case holds([Int])
    }

    public var at: EventTime
    public var pattern: String
    public var length: Length
    public var program: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    /// `by`: who practised (a `[[person]]` id); nil is the household's alone.
    public var by: String? = nil

    /// The holds of a retention session; nil for a paced one.
    public var holds: [Int]? {
        if case .holds(let holds) = length { holds } else { nil }
    }

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
