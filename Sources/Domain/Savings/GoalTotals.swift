import Foundation

/// The figures of a goal that follow from its deposits alone: how much is in the jar, how far
/// along a wish is, and the deposit that brought it to its target.
public struct GoalTotals: Sendable, Equatable {
    public var saved: Decimal
    /// saved / target for a wish goal (not capped at 1); nil for free goals.
    public var progress: Decimal?
    /// The day of the deposit that first brought a wish goal to its target.
    public var reachedOn: CalendarDate?

    public init(goal: Goal) {
        var saved: Decimal = 0
        var reached: CalendarDate?
        for deposit in goal.deposits.sorted(by: { $0.at < $1.at }) {
            saved += deposit.amount
            if reached == nil, goal.mode == .wish, let target = goal.target, saved >= target {
                reached = deposit.at.date
            }
        }
        self.saved = saved
        self.reachedOn = reached
        if goal.mode == .wish, let target = goal.target, target > 0 {
            progress = saved / target
        } else {
            progress = nil
        }
    }
}
