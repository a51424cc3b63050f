import Basics

/// A day on the calendar as the person's clock showed it, with no time zone attached.
///
/// Dates are compared and stepped as plain proleptic-Gregorian days, never through a time zone,
/// so "the deposit on Jan 31" is Jan 31 whatever machine builds the site.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil when the fields do not name a real day (Feb 30, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Digit by digit for the years every page writes (several dates a page).
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
        }
        let zero = UInt8(ascii: "0")
        let dash = UInt8(ascii: "-")
        let digits: [UInt8] = [
            zero + UInt8(year / 1000), zero + UInt8(year / 100 % 10), zero + UInt8(year / 10 % 10),
            zero + UInt8(year % 10), dash, zero + UInt8(month / 10), zero + UInt8(month % 10), dash,
            zero + UInt8(day / 10), zero + UInt8(day % 10),
        ]
        return String(decoding: digits, as: UTF8.self)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 1 for January 1st.
    public var dayOfYear: Int {
        (1..<month).reduce(day) { $0 + CalendarDate.daysIn(month: $1, year: year) }
    }
}
