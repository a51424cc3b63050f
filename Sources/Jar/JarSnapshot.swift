/// What the cache keeps for one goal: the settled piles after its last two deposits, and the pile
/// at the end of every month (the timelapse).
///
/// The pile *before* the latest deposit lets an unchanged goal redraw that deposit's fall with a
/// single drop; the pile *after* it lets tomorrow's build add one new deposit with a single drop;
/// the month-end piles give that build every month of the timelapse without a replay. A pile is
/// used only where its inputs key matches, so a changed history replays from the change on.
/// A snapshot from another format or goal, or whose inputs no longer match, is ignored and the
/// goal replays from its first deposit, which gives the same result.
public struct JarSnapshot: Equatable, Sendable, Codable {
    /// Bumped whenever the geometry, the rules or the simulation change.
    public static let currentFormat = 2

    public var format: Int
    public var goalID: String
    /// Oldest first: one a month, plus the pile before the latest deposit.
    public var states: [JarState]

    public init(goalID: String, states: [JarState]) {
        self.format = JarSnapshot.currentFormat
        self.goalID = goalID
        self.states = states
    }
}
