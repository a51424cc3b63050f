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

    /// - Parameters:
    ///   - days: practice days in any order; days after `today` are ignored.
    ///   - pauses: days off (DESIGN.md §3): a paused day without a session neither breaks a run
    ///     nor adds to it, so today inside a pause keeps the streak as it stood.
    public init(days: some Sequence<CalendarDate>, today: CalendarDate, pauses: [Pause] = []) {
        let set = Set(days.lazy.filter { $0 <= today })
        practisedToday = set.contains(today)
        let sorted = set.sorted()
        // Two practice days are in one run when every day between them is paused.
        let bridged = { (earlier: CalendarDate, later: CalendarDate) -> Bool in
            let between = earlier.days(to: later) - 1
            return between == 0
                || (between > 0
                    && pauses.days(from: earlier.adding(days: 1), through: later.adding(days: -1)) == between)
        }
        var longest = 0
        var run = 0
        for (index, day) in sorted.enumerated() {
            run = index > 0 && bridged(sorted[index - 1], day) ? run + 1 : 1
            longest = max(longest, run)
        }
        self.longest = longest
        // The run that reaches today: from the last practice day, every day after it up to today
        // paused or today itself (a streak stays alive until today ends).
        if let last = sorted.last, last == today || bridged(last, today) || bridged(last, today.adding(days: 1)) {
            current = run
        } else {
            current = 0
        }
    }
}
