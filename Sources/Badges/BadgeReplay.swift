import Domain
import Foundation

/// What the replay needs to know about a goal to judge its deposits.
public struct GoalFacts: Sendable, Equatable {
    public var id: String
    public var mode: Goal.Mode
    public var target: Decimal?
    public var schedule: PlanSchedule?

    public init(_ goal: Goal) {
        id = goal.id
        mode = goal.mode
        target = goal.target
        schedule = goal.plan.map(PlanSchedule.init)
    }
}

/// Replays events in time order into a `StatsSummary`, recording the day each badge unlocks.
public struct BadgeReplay: Sendable {
    public private(set) var summary = StatsSummary()
    /// Badge id → the day its condition first held.
    public private(set) var unlockedOn: [String: CalendarDate] = [:]
    /// The definitions still locked, by index: only these are judged after each event.
    private var locked: [Int]

    private let definitions: [BadgeDefinition]
    private let goals: [String: GoalFacts]
    private var savedByGoal: [String: Decimal] = [:]
    private var reachedGoals: Set<String> = []
    private var goalsDeposited: Set<String> = []
    private var executedPeriods: [String: Set<Int>] = [:]
    private var depositStreak = DayStreak()
    private var practiceStreak = DayStreak()
    private var depositDay: CalendarDate?
    private var depositDayTotal: Decimal = 0

    public init(definitions: [BadgeDefinition], goals: [GoalFacts]) {
        self.definitions = definitions
        locked = Array(definitions.indices)
        self.goals = Dictionary(goals.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replays `events` (sorted here, ties kept in the given order) and returns the final state.
    public static func run(
        _ events: [StatsEvent], definitions: [BadgeDefinition], goals: [GoalFacts]
    ) -> BadgeReplay {
        var replay = BadgeReplay(definitions: definitions, goals: goals)
        for event in ordered(events) { replay.record(event) }
        return replay
    }

    /// `events` in the order the replay takes them: by time, ties kept in the given order.
    public static func ordered(_ events: [StatsEvent]) -> [StatsEvent] {
        events.enumerated().sorted {
            // Ties (same wall-clock moment, whatever the offset) keep their given order.
            if $0.element.time < $1.element.time { return true }
            if $1.element.time < $0.element.time { return false }
            return $0.offset < $1.offset
        }.map(\.element)
    }

    public mutating func record(_ event: StatsEvent) {
        switch event {
        case .deposit(let goalID, let at, let amount, let amountInBase):
            recordDeposit(goalID: goalID, at: at, amount: amount, amountInBase: amountInBase)
        case .subscriptionKilled(_, let monthly, let dodged):
            summary.subscriptionsKilled += 1
            summary.killedMonthlySavings += monthly
            if dodged { summary.trialsDodged += 1 }
        case .session(let at, let minutes):
            summary.sessions += 1
            summary.minutesPractised += minutes
            practiceStreak.add(at.date)
            summary.longestPracticeStreak = practiceStreak.longest
        case .programCompleted:
            summary.programsCompleted += 1
        }
        guard !locked.isEmpty else { return }
        let summary = self.summary
        var unlocked: [Int] = []
        for index in locked where definitions[index].condition(summary) {
            unlockedOn[definitions[index].id] = event.time.date
            unlocked.append(index)
        }
        if !unlocked.isEmpty { locked.removeAll { unlocked.contains($0) } }
    }

    private mutating func recordDeposit(goalID: String, at: EventTime, amount: Decimal, amountInBase: Decimal) {
        summary.deposits += 1
        summary.totalDeposited += amountInBase
        goalsDeposited.insert(goalID)
        summary.goalsWithDeposits = goalsDeposited.count

        depositStreak.add(at.date)
        summary.longestDepositStreak = depositStreak.longest
        if depositDay != at.date {
            depositDay = at.date
            depositDayTotal = 0
        }
        depositDayTotal += amountInBase
        summary.biggestDay = max(summary.biggestDay, depositDayTotal)

        if let hour = at.hour {
            if hour >= 22 || hour < 5 { summary.nightDeposits += 1 }
            if (5..<9).contains(hour) { summary.earlyDeposits += 1 }
        }

        guard let goal = goals[goalID] else { return }
        let saved = (savedByGoal[goalID] ?? 0) + amount
        savedByGoal[goalID] = saved
        if goal.mode == .wish, let target = goal.target, saved >= target, !reachedGoals.contains(goalID) {
            reachedGoals.insert(goalID)
            summary.goalsReached = reachedGoals.count
        }
        if goal.mode == .free, let schedule = goal.schedule, let period = schedule.periodIndex(containing: at.date) {
            // In place: a copy of the set for every deposit made a long plan quadratic.
            executedPeriods[goalID, default: []].insert(period)
            var run = 1
            while executedPeriods[goalID]?.contains(period - run) == true { run += 1 }
            summary.longestOnSchedule = max(summary.longestOnSchedule, run)
        }
    }
}

/// Consecutive calendar days with at least one event, fed days in non-decreasing order.
struct DayStreak {
    private(set) var longest = 0
    private var current = 0
    private var last: CalendarDate?

    mutating func add(_ day: CalendarDate) {
        if let last, last == day { return }
        if let last, last.adding(days: 1) == day { current += 1 } else { current = 1 }
        last = day
        longest = max(longest, current)
    }
}
