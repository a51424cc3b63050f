/// A rest from a habit (DESIGN.md §2): `[[pause]]` in a goal or in breathing.toml, `from` and `to`
/// inclusive. A move, an illness, a holiday: a plan's periods that start inside one are neither
/// kept, missed nor due, and a practice day inside one without a session neither breaks a streak
/// nor adds to it.
public struct Pause: Sendable, Hashable {
    public var from: CalendarDate
    public var to: CalendarDate
    public var note: String?

    public init(from: CalendarDate, to: CalendarDate, note: String? = nil) {
        self.from = from
        self.to = to
        self.note = note
    }

    public func contains(_ day: CalendarDate) -> Bool { from <= day && day <= to }
}

extension Array where Element == Pause {
    /// The pause `day` falls in, if any.
    public func pause(containing day: CalendarDate) -> Pause? { first { $0.contains(day) } }

    /// Whether `day` falls in a pause.
    public func covers(_ day: CalendarDate) -> Bool { contains { $0.contains(day) } }

    /// The days of these pauses from `first` to `last`, both included.
    public func days(from first: CalendarDate, through last: CalendarDate) -> Int {
        guard first <= last else { return 0 }
        return reduce(0) { total, pause in
            let start = Swift.max(pause.from, first)
            let end = Swift.min(pause.to, last)
            return total + (start <= end ? start.days(to: end) + 1 : 0)
        }
    }
}
