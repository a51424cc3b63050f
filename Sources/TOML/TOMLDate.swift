import Basics

/// A calendar date as written in TOML (`1979-05-27`), without any time zone.
///
/// The parser only produces real dates (month 1–12, a day that exists in that month,
/// leap years included), so consumers can trust the fields without re-validating.
public struct TOMLDate: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    /// The number of days in `month` of `year` in the proleptic Gregorian calendar,
    /// or 0 when `month` is not 1–12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        default: return 0
        }
    }
}
