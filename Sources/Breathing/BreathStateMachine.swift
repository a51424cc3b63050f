import Domain
import Foundation

/// The pacer's state machine: inhale → top-up → hold → exhale → rest, then inhale of the next cycle. A phase
/// of length 0 is never entered, so every state the machine reaches lasts a positive time.
public struct BreathStateMachine: Sendable {
    /// Which cycle (from 1) and which phase a session is in.
    public struct State: Sendable, Hashable {
        public var cycle: Int
        public var phase: BreathPhase

        public init(cycle: Int, phase: BreathPhase) {
            self.cycle = cycle
            self.phase = phase
        }
    }

    public let pattern: BreathingPattern

    public init(pattern: BreathingPattern) {
        self.pattern = pattern
    }

    /// Cycle 1 in its first phase longer than 0; nil for a pattern whose cycle has no length.
    public var start: State? {
        pattern.phases.first.map { State(cycle: 1, phase: $0.phase) }
    }

    /// The next phase longer than 0 after `state`, wrapping into the next cycle after the last one;
    /// nil for a pattern whose cycle has no length.
    public func next(after state: State) -> State? {
        let running = pattern.phases.map(\.phase)
        guard let first = running.first else { return nil }
        let order = BreathPhase.paced
        let position = order.firstIndex(of: state.phase) ?? 0
        if let later = order[(position + 1)...].first(where: running.contains) {
            return State(cycle: state.cycle, phase: later)
        }
        return State(cycle: state.cycle + 1, phase: first)
    }
}
