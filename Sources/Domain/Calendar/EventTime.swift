/// When an event happened, as written in the data: a calendar day, optionally a wall-clock time,
/// optionally the UTC offset the clock was in.
///
/// The day and time of day are the values as written (what the person's clock showed), so a
/// deposit at 23:30+08:00 counts as a night-owl deposit on that day wherever the site is built.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CalendarDate
    /// Seconds since midnight on the wall clock; nil for a plain date.
    public var secondOfDay: Int?
    /// Minutes east of UTC; nil when the data gave none.
    public var offsetMinutes: Int?

    public init(date: CalendarDate, secondOfDay: Int? = nil, offsetMinutes: Int? = nil) {
        self.date = date
        self.secondOfDay = secondOfDay
        self.offsetMinutes = offsetMinutes
    }

    /// Events sort by wall-clock day, then time (a plain date sorts before timed events that day).
    public static func < (a: EventTime, b: EventTime) -> Bool {
        if a.date != b.date { return a.date < b.date }
        return (a.secondOfDay ?? -1) < (b.secondOfDay ?? -1)
    }

    public var hour: Int? { secondOfDay.map { $0 / 3600 } }

    /// `2026-08-01`, `2026-08-01T21:14:00` or `2026-08-01T21:14:00+08:00`.
    public var description: String {
        guard let s = secondOfDay else { return date.description }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(date)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
        if let offset = offsetMinutes {
            if offset == 0 {
                text += "Z"
            } else {
                let sign = offset < 0 ? "-" : "+"
                text += "\(sign)\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
            }
        }
        return text
    }
}

extension EventTime {
    /// The time `description` writes (`2026-08-01`, `2026-08-01T21:14:00`, with or without an
    /// offset) read back; nil for anything else.
    public init?(iso text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10, let date = CalendarDate(iso: String(String.UnicodeScalarView(scalars[..<10])))
        else { return nil }
        guard scalars.count > 10 else {
            self.init(date: date)
            return
        }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            return Int(String(String.UnicodeScalarView(scalars[range])))
        }
        guard scalars[10] == "T", let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var offset: Int?
        if scalars.count > 19 {
            if scalars[19] == "Z" {
                offset = 0
            } else if let hours = number(20..<22), let minutes = number(23..<25) {
                offset = (scalars[19] == "-" ? -1 : 1) * (hours * 60 + minutes)
            }
        }
        self.init(date: date, secondOfDay: hour * 3600 + minute * 60 + second, offsetMinutes: offset)
    }

    /// `21:14` on the wall clock; nil for a plain date.
    public var clockText: String? {
        guard let s = secondOfDay else { return nil }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(s / 3600)):\(two(s / 60 % 60))"
    }
}
