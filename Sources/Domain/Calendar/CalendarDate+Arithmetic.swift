/// Day and month arithmetic with the anchor-day rule of DESIGN.md: adding months keeps the
/// anchor's day and clamps it to the month's end, always computed from the anchor, so monthly
/// from Jan 31 gives Feb 28 (29), Mar 31, Apr 30 — never drifting to the 28th.
extension CalendarDate {
    /// Days since 1970-01-01 (negative before), for differences and stepping by days.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.init(year: min(max(y, 1), 9999), month: m, day: d)!
    }

    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// `self` moved by `months`, keeping this date's day as the anchor and clamping to month end.
    public func adding(months: Int) -> CalendarDate {
        let index = monthIndex + months
        let y = min(max(index / 12, 1), 9999)
        let m = index % 12 + 1
        return CalendarDate(year: y, month: m, day: min(day, CalendarDate.daysIn(month: m, year: y)))!
    }

    /// Monday = 1 … Sunday = 7.
    public var isoWeekday: Int {
        let w = (daysSinceEpoch % 7 + 7 + 3) % 7  // 1970-01-01 was a Thursday.
        return w + 1
    }
}
