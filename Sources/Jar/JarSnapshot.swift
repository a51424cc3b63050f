/// What the cache keeps for one goal: the pile at the end of every month before the latest
/// deposit's month (the timelapse, and where each month's pour starts), and the pile the latest
/// deposit fell onto (`JarReplay`).
///
/// The pile *before* the latest deposit lets an unchanged goal redraw that deposit's fall with a
/// single drop; the month-end piles let tomorrow's build pour only the latest month again and
/// give it every month of the timelapse without a replay. A pile is used only where its inputs
/// key matches, so a changed history pours again from the changed month on. A snapshot from
/// another format or goal, or whose inputs no longer match, is ignored and the goal is poured
/// from its first month, which gives the same result.
public struct JarSnapshot: Equatable, Sendable, Codable {
    /// Bumped whenever the geometry, the rules or the simulation change: 3 pours the pile by
    /// months, and its piles mean something else than format 2's, which are never read; 4 carries
    /// the rounding from deposit to deposit (sand), so its piles hold other coins than format 3's.
    public static let currentFormat = 4

    public var format: Int
    public var goalID: String
    /// Oldest first: one a month, plus the pile before the latest deposit (by `deposits`, the
    /// pile after the first n deposits as `JarReplay` defines it).
    public var states: [JarState]

    public init(goalID: String, states: [JarState]) {
        self.format = JarSnapshot.currentFormat
        self.goalID = goalID
        self.states = states
    }
}
