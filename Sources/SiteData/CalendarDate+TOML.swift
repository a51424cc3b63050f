import Domain
import TOML

extension CalendarDate {
    /// The calendar date a TOML local date names; nil for one no calendar has (`2026-02-30`).
    package init?(_ date: TOMLDate) {
        self.init(year: date.year, month: date.month, day: date.day)
    }
}
