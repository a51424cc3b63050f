/// A week of ISO 8601: Monday to Sunday, numbered within the year that holds its Thursday, so
/// 2026-12-31 (a Thursday) is in 2026-W53 and 2027-01-03 too.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public init(_ date: CalendarDate) {
        let thursday = date.adding(days: 4 - date.isoWeekday)
        year = thursday.year
        week = (thursday.dayOfYear - 1) / 7 + 1
    }

    /// The week's Monday.
    public var monday: CalendarDate {
        let january4 = CalendarDate(year: year, month: 1, day: 4)!
        return january4.adding(days: 1 - january4.isoWeekday + (week - 1) * 7)
    }

    public static func < (a: ISOWeek, b: ISOWeek) -> Bool {
        (a.year, a.week) < (b.year, b.week)
    }

    /// `2026-W48`.
    public var description: String {
        "\(year)-W" + (week < 10 ? "0\(week)" : "\(week)")
    }
}
