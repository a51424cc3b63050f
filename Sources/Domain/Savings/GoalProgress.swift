import Foundation

/// Where a goal stands today: the figures of DESIGN.md §3 "Savings" for one goal.
public struct GoalProgress: Sendable, Equatable {
    /// How a wish goal's savings compare with what its plan expects by now.
    public enum Status: String, Sendable, CaseIterable {
        case ahead
        case onTrack = "on_track"
        case behind
    }

    public var saved: Decimal
    /// saved / target for a wish goal, not capped; nil for a free goal.
    public var progress: Decimal?
    public var deposits: Int
    /// Executed periods (≥ 1 deposit) up to and including the current one; nil without a plan.
    public var periodsDone: Int?
    /// Past periods, before the current one, with no deposit; nil without a plan. A wish goal's
    /// periods after its planned end, or after the period it was reached in, are not missed.
    public var missedPeriods: Int?
    /// Start of the first period from the current one on with no deposit, paused ones skipped;
    /// nil without a plan, once a wish goal is reached, or past the last planned period.
    public var nextDue: CalendarDate?
    /// Periods up to and including the current one that start inside a `[[pause]]`: neither kept,
    /// missed nor due; nil without a plan.
    public var pausedPeriods: Int?
    /// Days since `nextDue` when it is before today (its period began and holds no deposit yet),
    /// 0 when it is today or later, nil without a `nextDue`.
    public var overdueDays: Int?
    /// Wish goals with a plan only: `behind` below the expected amount (plan amount × elapsed
    /// periods, capped at `periods` and at the target), `ahead` a whole period's amount or more
    /// above it, `on_track` in between.
    public var status: Status?
    /// Wish goals not yet reached: today + remaining ÷ average daily saving since the first deposit.
    public var projectedCompletion: CalendarDate?
    /// What `projectedCompletion` is computed from: the days since the first deposit (inclusive),
    /// over which `saved` was saved. nil where there is no projection.
    public var projectionDays: Int?
    /// The day of the deposit that first brought a wish goal to its target.
    public var reachedOn: CalendarDate?
    /// Free goals: the compound curve, one point per year.
    public var projection: [ProjectionPoint]?

    public init(goal: Goal, today: CalendarDate) {
        let totals = GoalTotals(goal: goal)
        saved = totals.saved
        progress = totals.progress
        reachedOn = totals.reachedOn
        deposits = goal.deposits.count

        if let plan = goal.plan {
            let schedule = PlanSchedule(plan)
            // A period that starts in a pause rests: a deposit in it still counts toward `saved`,
            // but it is not kept, and it is never missed or due.
            let paused = { (period: Int) in goal.pauses.covers(schedule.periodStart(period)) }
            let executed = Set(goal.deposits.compactMap { schedule.periodIndex(containing: $0.at.date) })
                .filter { !paused($0) }
            let current = schedule.periodIndex(containing: today)
            // A wish goal stops counting periods at its planned end or the period it was reached in.
            let reachedPeriod = totals.reachedOn.flatMap { schedule.periodIndex(containing: $0) }
            let plannedEnd = goal.mode == .wish ? plan.periods.map { $0 - 1 } : nil
            let lastPlanned = [plannedEnd, reachedPeriod].compactMap { $0 }.min()
            // Deposits and pauses are finite, so the first period that is neither comes.
            func firstDue(from start: Int) -> Int {
                var next = start
                while executed.contains(next) || paused(next) { next += 1 }
                return next
            }
            if let current {
                periodsDone = executed.filter { $0 <= current }.count
                missedPeriods =
                    (0..<current).filter { !executed.contains($0) && !paused($0) && $0 <= (lastPlanned ?? .max) }.count
                pausedPeriods = (0...current).filter(paused).count
                let next = firstDue(from: current)
                let beyondPlan = lastPlanned.map { next > $0 } ?? false
                nextDue = beyondPlan || totals.reachedOn != nil ? nil : schedule.periodStart(next)
            } else {
                periodsDone = 0
                missedPeriods = 0
                pausedPeriods = 0
                // Before the plan starts: its first period that does not rest.
                var first = 0
                while paused(first) { first += 1 }
                nextDue = totals.reachedOn != nil ? nil : schedule.periodStart(first)
            }
            if goal.mode == .wish {
                let elapsed = current.map { $0 + 1 - (pausedPeriods ?? 0) } ?? 0
                // What the plan expects by now, never more than the target itself.
                var expected = plan.amount * Decimal(min(elapsed, plan.periods ?? .max))
                if let target = goal.target { expected = min(expected, target) }
                if saved < expected {
                    status = .behind
                } else if saved >= expected + plan.amount {
                    status = .ahead
                } else {
                    status = .onTrack
                }
            } else {
                projection = CompoundProjection(plan: plan).yearlyPoints()
            }
            overdueDays = nextDue.map { max(0, $0.days(to: today)) }
        }

        if goal.mode == .wish, let target = goal.target, totals.reachedOn == nil,
            let first = goal.deposits.map(\.at.date).min(), first <= today, saved > 0
        {
            let days = first.days(to: today) + 1
            projectionDays = days
            projectedCompletion = GoalProgress.completion(
                remaining: target - saved, saved: saved, days: days, today: today)
        }
    }

    /// today + ⌈remaining ÷ daily saving⌉ days, where the daily saving is saved ÷ days plus
    /// `monthlyExtra` × 12 ÷ 365; nil when that is 200 years or more away. The days are one
    /// division, remaining × days × 365 ÷ (saved × 365 + monthlyExtra × 12 × days), so a whole
    /// number of days is never pushed up to the next by a rounded rate.
    public static func completion(
        remaining: Decimal, saved: Decimal, days: Int, monthlyExtra: Decimal = 0, today: CalendarDate
    ) -> CalendarDate? {
        let perYearTimesDays = saved * 365 + monthlyExtra * 12 * Decimal(days)
        guard perYearTimesDays > 0 else { return nil }
        let exact = remaining * Decimal(days) * 365 / perYearTimesDays
        var needed = exact.rounded(scale: 0)
        if needed < exact { needed += 1 }
        guard needed < Decimal(365 * 200) else { return nil }
        return today.adding(days: max(NSDecimalNumber(decimal: needed).intValue, 0))
    }
}
