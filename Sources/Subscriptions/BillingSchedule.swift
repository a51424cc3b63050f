import Domain
import Foundation

extension Subscription.Cycle {
    /// Charges in a year: weekly 52, monthly 12, quarterly 4, semiannual 2, yearly 1. A cycle's
    /// monthly multiplier is `billsPerYear / 12` (52/12, 1, 1/3, 1/6, 1/12); amounts are multiplied
    /// by this integer and divided by 12 once, so no repeating fraction is ever stored.
    public var billsPerYear: Int {
        switch self {
        case .weekly: return 52
        case .monthly: return 12
        case .quarterly: return 4
        case .semiannual: return 2
        case .yearly: return 1
        }
    }

    /// Calendar months per charge; nil for weekly, which steps by 7 days.
    public var months: Int? {
        switch self {
        case .weekly: return nil
        case .monthly: return 1
        case .quarterly: return 3
        case .semiannual: return 6
        case .yearly: return 12
        }
    }
}

/// The billing dates of one subscription: its anchor and every whole cycle after it.
///
/// Each date is computed from the anchor (`anchor + k cycles`), never from the previous date, so
/// a plan billed on Jan 31 is billed on Feb 28 (29), Mar 31, Apr 30… and one billed on Feb 29 every
/// year is billed on Feb 28, then Feb 29 again in the next leap year.
public struct BillingSchedule: Sendable, Equatable {
    public var anchor: CalendarDate
    public var cycle: Subscription.Cycle

    /// More charges than fit in the calendar (weekly for 10,000 years).
    static let maxIndex = 530_000

    public init(anchor: CalendarDate, cycle: Subscription.Cycle) {
        self.anchor = anchor
        self.cycle = cycle
    }

    /// The `index`-th billing date (0 is the anchor itself).
    public func date(_ index: Int) -> CalendarDate {
        if let months = cycle.months { return anchor.adding(months: index * months) }
        return anchor.adding(days: index * 7)
    }

    /// The index of the first billing date on or after `day` (0 when the anchor is already there).
    public func firstIndex(onOrAfter day: CalendarDate) -> Int {
        guard anchor < day else { return 0 }
        var index: Int
        if let months = cycle.months {
            let monthsBetween = day.monthIndex - anchor.monthIndex
            index = max(0, monthsBetween / months - 1)
        } else {
            index = max(0, anchor.days(to: day) / 7 - 1)
        }
        // Dates clamp at year 9999, so the walk is bounded rather than trusting it to end.
        while date(index) < day, index < BillingSchedule.maxIndex { index += 1 }
        return index
    }

    /// The first billing date on or after `day`: where an active subscription rolls forward to.
    public func first(onOrAfter day: CalendarDate) -> CalendarDate {
        date(firstIndex(onOrAfter: day))
    }

    /// How many billing dates fall in `from...through` (0 when the range is empty).
    public func count(from start: CalendarDate, through end: CalendarDate) -> Int {
        guard start <= end else { return 0 }
        let first = firstIndex(onOrAfter: start)
        guard date(first) <= end else { return 0 }
        var last = max(first, firstIndex(onOrAfter: end))
        while last > first, date(last) > end { last -= 1 }
        return last - first + 1
    }
}
