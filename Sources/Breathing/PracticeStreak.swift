import Domain

/// Runs of consecutive practice days (calendar days with at least one session).
public struct PracticeStreak: Sendable, Equatable {
    /// The run ending today, or ending yesterday when today has no session yet: a streak stays
    /// alive until today ends. 0 when neither day has a session.
    public var current: Int
    /// The longest run up to today.
    public var longest: Int
    /// True when today already has a session (the current streak is safe for today).
    public var practisedToday: Bool

    public init(current: Int, longest: Int, practisedToday: Bool) {
        self.current = current
        self.longest = longest
        self.practisedToday = practisedToday
    }

    /// - Parameter days: practice days in any order; days after `today` are ignored.
    public init(days: some Sequence<CalendarDate>, today: CalendarDate) {
        let set = Set(days.lazy.filter { $0 <= today })
        practisedToday = set.contains(today)
        var day = practisedToday ? today : today.adding(days: -1)
        var run = 0
        while set.contains(day) {
            run += 1
            day = day.adding(days: -1)
        }
        current = run
        var longest = 0
        // Count forward from each day that starts a run; every day is visited once.
        for start in set where !set.contains(start.adding(days: -1)) {
            var length = 1
            while set.contains(start.adding(days: length)) { length += 1 }
            longest = max(longest, length)
        }
        self.longest = longest
    }
}
