import Domain
import Foundation

/// How much a logged session counts for, once its pattern is known.
///
/// A session logged by cycles lasted cycles × cycle length. A session logged by minutes lasted the
/// minutes written — that is what the person timed, and what "minutes practised" counts — and its
/// cycles are the whole cycles that fit (floor(seconds / cycle length)), which is what its
/// timeline shows. A retention session lasted its rounds, its holds as logged; its cycles are
/// its rounds.
extension PracticeSession {
    public func cycles(of pattern: BreathingPattern) -> Int {
        switch length {
        case .cycles(let count): return count
        case .minutes(let minutes): return pattern.cycles(inMinutes: minutes)
        case .holds(let holds): return holds.count
        }
    }

    /// Seconds practised, exact.
    public func seconds(of pattern: BreathingPattern) -> Decimal {
        switch length {
        case .cycles(let count): return pattern.seconds(cycles: count)
        case .minutes(let minutes): return minutes * 60
        case .holds(let holds): return pattern.seconds(holds: holds)
        }
    }

    /// Every phase of the session with its start and length.
    public func timeline(of pattern: BreathingPattern) -> [TimedPhase] {
        if case .holds(let holds) = length { return pattern.timeline(holds: holds) }
        return pattern.timeline(cycles: cycles(of: pattern))
    }
}
