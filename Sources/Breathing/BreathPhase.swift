import Domain
import Foundation

/// The phases of a breath. A paced pattern runs inhale → top-up → hold → exhale → rest (`paced`);
/// a retention round runs its breaths (inhale, exhale), then the hold the person ends
/// (`retention`) and the recovery breath held (`recovery`).
public enum BreathPhase: String, Sendable, CaseIterable {
    case inhale
    case topUp = "top-up"
    case hold, exhale, rest, retention, recovery

    /// The phases of a paced cycle, in the order the state machine runs them.
    public static let paced: [BreathPhase] = [.inhale, .topUp, .hold, .exhale, .rest]
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
    /// A phase's fixed length: 0 for a phase the pattern does not have, and for a retention hold,
    /// which lasts what the person makes it.
    public func seconds(of phase: BreathPhase) -> Decimal {
        switch phase {
        case .inhale: return inhale
        case .topUp: return topUp
        case .hold: return hold
        case .exhale: return exhale
        case .rest: return rest
        case .retention: return 0
        case .recovery: return isRetention ? recovery : 0
        }
    }

    /// The phases one paced cycle runs through, in order — for a retention pattern, one of its
    /// paced breaths; a phase of length 0 is skipped (equal, 5/0/5/0, is inhale → exhale).
    public var phases: [PhaseLength] {
        BreathPhase.paced.compactMap { phase in
            let seconds = seconds(of: phase)
            return seconds > 0 ? PhaseLength(phase: phase, seconds: seconds) : nil
        }
    }
}
