import Domain
import SiteData
import UIKeys

/// Words that depend on a number: English plurals and days counted from today.
extension SiteRenderer {
    /// The string at `key`, or at `key_one` when `count` is 1, with `{count}` filled in: English
    /// says "1 session" and "2 sessions"; the Chinese table gives both keys the same words.
    func counted(_ key: CountedKey, _ count: Int, _ values: [String: String] = [:]) -> String {
        string(key.form(for: count), values.merging(["count": String(count)]) { own, _ in own })
    }

    /// A label that follows a number shown on its own: "session" after 1, "sessions" otherwise.
    func unit(_ key: CountedKey, for count: Int) -> String {
        string(key.form(for: count))
    }

    /// A day from today, in words: "today", "tomorrow", "in 3 days" — never "in 0 days" or
    /// "in 1 days".
    func relativeDay(_ days: Int) -> String {
        switch days {
        case 0: return string(.when(.today))
        case 1: return string(.when(.tomorrow))
        default: return string(.when(.inDays), ["count": String(days)])
        }
    }

    /// "Sunday, 29 Nov" or "11月29日 星期日": the Today screen's date.
    func dayLine(_ date: CalendarDate) -> String {
        string(
            .dashboard(.date), ["weekday": string(.weekday(date.isoWeekday)), "date": format.dateParts(date).main])
    }
}
