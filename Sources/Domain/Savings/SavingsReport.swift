import Foundation

/// The savings part of the dashboard: every goal's progress and the total in the base currency.
public struct SavingsReport: Sendable {
    public struct Entry: Sendable {
        public var goal: Goal
        public var progress: GoalProgress
    }

    /// In the order of `DataSet.goals` (by id).
    public var entries: [Entry]
    /// Everything saved, converted into the base currency through the rates.
    public var totalSaved: Decimal
    /// Deposits dated in today's calendar month, converted the same way: the dashboard's
    /// "saved this month".
    public var savedThisMonth: Decimal

    public init(data: DataSet, today: CalendarDate) {
        entries = data.goals.map { Entry(goal: $0, progress: GoalProgress(goal: $0, today: today)) }
        totalSaved = entries.reduce(0) { sum, entry in
            sum + entry.progress.saved * (data.rates.rate(for: entry.goal.currency) ?? 0)
        }
        savedThisMonth = SavingsReport.saved(data) { $0.year == today.year && $0.month == today.month }
    }

    /// The deposits on the days `matching` accepts, each goal's sum converted into the base
    /// currency at today's rates: this month's, a year's, a month of a year's.
    public static func saved(_ data: DataSet, on matching: (CalendarDate) -> Bool) -> Decimal {
        data.goals.reduce(0) { sum, goal in
            let amount = goal.deposits.filter { matching($0.at.date) }.reduce(Decimal(0)) { $0 + $1.amount }
            return sum + amount * (data.rates.rate(for: goal.currency) ?? 0)
        }
    }

    /// `saved` for each month of `year` at once (index 0 is January), in one pass over the
    /// deposits: each month's sum is the one `saved` gives, added in the same order.
    public static func savedByMonth(_ data: DataSet, year: Int) -> [Decimal] {
        var months = [Decimal](repeating: 0, count: 12)
        for goal in data.goals {
            var own = [Decimal](repeating: 0, count: 12)
            for deposit in goal.deposits where deposit.at.date.year == year {
                own[deposit.at.date.month - 1] += deposit.amount
            }
            let rate = data.rates.rate(for: goal.currency) ?? 0
            for month in 0..<12 { months[month] += own[month] * rate }
        }
        return months
    }
}
