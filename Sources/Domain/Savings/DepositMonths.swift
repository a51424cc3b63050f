import Foundation

/// A goal's deposits in time order and by month: the one grouping the jar, the goal page's list
/// and its timelapse, and the build's jar scheduling all read.
extension CalendarDate {
    /// The month as one number, `year × 12 + month − 1`: consecutive months are consecutive
    /// numbers, so a span of months is a range. The one month rule: every month number is this.
    public static func monthIndex(year: Int, month: Int) -> Int { year * 12 + month - 1 }

    /// This date's month as one number (`monthIndex(year:month:)`).
    public var monthIndex: Int { Self.monthIndex(year: year, month: month) }
}

/// The deposits of one month of a goal (on the wall clock), in time order.
public struct DepositMonth: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var deposits: [Deposit]

    /// `CalendarDate.monthIndex` of this month.
    public var index: Int { CalendarDate.monthIndex(year: year, month: month) }

    /// What the month's deposits add up to, in the goal's currency.
    public var total: Decimal { deposits.reduce(0) { $0 + $1.amount } }
}

extension Goal {
    /// The deposits in time order, as written on the wall clock; deposits written at the same
    /// moment keep their order in the file.
    public var depositsInTimeOrder: [Deposit] {
        deposits.enumerated().sorted { a, b in
            if a.element.at != b.element.at { return a.element.at < b.element.at }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The deposits by month, oldest month first; months without deposits are not listed.
    public var depositMonths: [DepositMonth] {
        var months: [DepositMonth] = []
        for deposit in depositsInTimeOrder {
            let date = deposit.at.date
            if let last = months.last, last.year == date.year, last.month == date.month {
                months[months.count - 1].deposits.append(deposit)
            } else {
                months.append(DepositMonth(year: date.year, month: date.month, deposits: [deposit]))
            }
        }
        return months
    }
}
