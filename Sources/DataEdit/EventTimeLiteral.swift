import Domain
import Foundation
import SiteData
import TOML

/// When an entry happened, as a command line gives it: parsed with the TOML parser itself, so
/// what is written is exactly what the loader will read.
public enum EventTimeLiteral {
    /// Parses a TOML date (`2026-11-29`), local date-time (`2026-11-29T21:14:00`) or offset
    /// date-time (`2026-11-29T21:14:00+08:00`, `…Z`).
    ///
    /// People type times loosely, so a space may stand for the `T` and the seconds may be left
    /// out (`2026-11-29 21:14` becomes `2026-11-29T21:14:00`). A time without a date is refused.
    /// - Parameter dateOnly: the option takes a date (`slay --on`): examples show only dates.
    public static func parse(_ typed: String, option: String = "--at", dateOnly: Bool = false) throws(Diagnostic)
        -> TOMLDateTime
    {
        let example =
            dateOnly ? "such as 2026-11-29" : "such as 2026-11-29, 2026-11-29T21:14:00 or 2026-11-29T21:14:00+08:00"
        func invalid(_ why: String) -> Diagnostic { Diagnostic("\(option) '\(typed)': \(why)") }
        let what = dateOnly ? "a date" : "a date or date-time"
        var text = typed.trimmingCharacters(in: .whitespaces)
        // Only the characters of a date-time, so nothing else can reach the TOML text below.
        let allowed = Set("0123456789-:.+TtZz ")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }) else {
            throw invalid("not \(what) \(example)")
        }
        var scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10, scalars[4] == "-" else { throw invalid("needs a date \(example)") }
        if scalars.count > 10, scalars[10] == " " { scalars[10] = "T" }
        text = String(String.UnicodeScalarView(scalars))
        guard !text.contains(" ") else { throw invalid("not \(what) \(example)") }
        text = withSeconds(text)
        let value: TOMLValue?
        do {
            value = try TOMLParser.parse("at = " + text)["at"]
        } catch {
            throw invalid(error.message)
        }
        guard case .dateTime(let dateTime)? = value?.kind, let date = dateTime.date else {
            throw invalid("needs a date \(example)")
        }
        guard CalendarDate(date) != nil else {
            throw invalid("the year must be between 0001 and 9999")
        }
        // TOML's grammar lets a leap second through, but most TOML readers (Python's tomllib
        // among them) refuse one, and a data file must stay readable by every one of them.
        if let time = dateTime.time, time.second > 59 {
            throw invalid("second \(time.second) is not a time of day; seconds run from 00 to 59")
        }
        return dateTime
    }

    /// `now` on the wall clock of `timeZone`, truncated to the second, with that zone's offset:
    /// the default time of a new entry.
    public static func now(_ now: Date, in timeZone: TimeZone) -> TOMLDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let offsetSeconds = timeZone.secondsFromGMT(for: now)
        return TOMLDateTime(
            date: TOMLDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1),
            time: TOMLTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0),
            offsetMinutes: offsetSeconds / 60)
    }

    /// Today in the site's time zone when `at` (as written, on its own wall clock) is a later day:
    /// such an entry does not count until its day (DESIGN.md §3), which the command says. Nil when
    /// it is today or earlier, or when the site's time zone cannot be read (the entry is written
    /// all the same).
    static func todayWhenLater(
        than at: TOMLDateTime, folder: DataFolder, memo: ParsedTables? = nil, now: Date
    ) -> CalendarDate? {
        guard let date = at.date, let day = CalendarDate(date),
            let zone = try? SiteTimeZone.read(folder, memo: memo), let today = EventTimeLiteral.now(now, in: zone).date,
            let todayDate = CalendarDate(today), day > todayDate
        else { return nil }
        return todayDate
    }

    /// `2026-11-29T21:14` → `2026-11-29T21:14:00` (also before an offset); anything else unchanged.
    private static func withSeconds(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 16, scalars[10] == "T" || scalars[10] == "t" else { return text }
        var end = 11
        while end < scalars.count, !"Zz+-".unicodeScalars.contains(scalars[end]) { end += 1 }
        guard end - 11 == 5 else { return text }
        var result = String.UnicodeScalarView(scalars[..<end])
        result.append(contentsOf: ":00".unicodeScalars)
        result.append(contentsOf: scalars[end...])
        return String(result)
    }
}
