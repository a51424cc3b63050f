import Domain
import Foundation

/// The four phases of a breath, in the order the state machine runs them.
public enum BreathPhase: String, Sendable, CaseIterable {
    case inhale, hold, exhale, rest
}

/// A phase of a pattern and how long it lasts.
public struct PhaseLength: Sendable, Equatable {
    public var phase: BreathPhase
    public var seconds: Decimal

    public init(phase: BreathPhase, seconds: Decimal) {
        self.phase = phase
        self.seconds = seconds
    }
}

extension BreathingPattern {
    public func seconds(of phase: BreathPhase) -> Decimal {
        switch phase {
        case .inhale: return inhale
        case .hold: return hold
        case .exhale: return exhale
        case .rest: return rest
        }
    }

    /// The phases one cycle runs through, in order; a phase of length 0 is skipped (equal, 5/0/5/0,
    /// is inhale → exhale).
    public var phases: [PhaseLength] {
        BreathPhase.allCases.compactMap { phase in
            let seconds = seconds(of: phase)
            return seconds > 0 ? PhaseLength(phase: phase, seconds: seconds) : nil
        }
    }
}
