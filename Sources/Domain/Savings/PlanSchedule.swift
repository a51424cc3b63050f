/// The periods a savings plan divides time into, counted from the plan's start.
///
/// Period k starts at `start + k` steps: 1, 7 or 14 days, or k months by the anchor-day rule —
/// always computed from the start date, so a monthly plan from Jan 31 is due Feb 28 (29),
/// Mar 31, Apr 30 and never drifts to the 28th.
public struct PlanSchedule: Sendable, Equatable {
    public let start: CalendarDate
    public let frequency: SavingsPlan.Frequency

    public init(start: CalendarDate, frequency: SavingsPlan.Frequency) {
        self.start = start
        self.frequency = frequency
    }

    public init(_ plan: SavingsPlan) {
        self.init(start: plan.start, frequency: plan.frequency)
    }

    /// Periods in a year, for the compound rate: daily 365, weekly 52, biweekly 26, monthly 12.
    public var periodsPerYear: Int {
        switch frequency {
        case .daily: return 365
        case .weekly: return 52
        case .biweekly: return 26
        case .monthly: return 12
        }
    }

    /// The first day of period `index` (0 is the start).
    public func periodStart(_ index: Int) -> CalendarDate {
        switch frequency {
        case .daily: return start.adding(days: index)
        case .weekly: return start.adding(days: 7 * index)
        case .biweekly: return start.adding(days: 14 * index)
        case .monthly: return start.adding(months: index)
        }
    }

    /// The period a day falls in; nil before the start.
    public func periodIndex(containing date: CalendarDate) -> Int? {
        guard date >= start else { return nil }
        switch frequency {
        case .daily: return start.days(to: date)
        case .weekly: return start.days(to: date) / 7
        case .biweekly: return start.days(to: date) / 14
        case .monthly:
            var index = date.monthIndex - start.monthIndex
            // A day before this month's anchor still belongs to the previous period.
            while index > 0 && periodStart(index) > date { index -= 1 }
            return index
        }
    }
}
