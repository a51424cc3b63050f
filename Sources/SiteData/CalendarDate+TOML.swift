import Domain
import Foundation
import TOML

extension CalendarDate {
    /// The calendar date a TOML local date names; nil for one no calendar has (`2026-02-30`).
    package init?(_ date: TOMLDate) {
        self.init(year: date.year, month: date.month, day: date.day)
    }
}

extension EventTime {
    /// When a TOML date or date-time says an event happened, as the wall clock showed it (the
    /// loader's reading, `TableReader.eventTime`); nil for a time without a date.
    package init?(_ written: TOMLDateTime) {
        guard let day = written.date, let date = CalendarDate(day) else { return nil }
        let seconds = written.time.map { $0.hour * 3600 + $0.minute * 60 + min($0.second, 59) }
        self.init(date: date, secondOfDay: seconds, offsetMinutes: written.time == nil ? nil : written.offsetMinutes)
    }
}

extension TOMLValue {
    /// The exact amount an integer or float holds, read from its literal as the loader reads it.
    package var exactDecimal: Decimal? {
        switch kind {
        case .integer(let n): return Decimal(n)
        case .float(_, let literal): return Decimal(exactly: literal)
        default: return nil
        }
    }
}
