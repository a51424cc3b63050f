import Domain
import Foundation

/// One phase of a session on its clock: when it starts and how long it lasts, in seconds.
public struct TimedPhase: Sendable, Equatable {
    /// From 1.
    public var cycle: Int
    public var phase: BreathPhase
    /// Seconds since the session began.
    public var start: Decimal
    public var seconds: Decimal

    public init(cycle: Int, phase: BreathPhase, start: Decimal, seconds: Decimal) {
        self.cycle = cycle
        self.phase = phase
        self.start = start
        self.seconds = seconds
    }

    public var end: Decimal { start + seconds }
}

extension BreathingPattern {
    /// Every phase of `cycles` cycles, in order, as the state machine runs them: zero-length phases
    /// never appear, and the last phase ends at `seconds(cycles:)`. Exact, in decimal seconds.
    public func timeline(cycles: Int) -> [TimedPhase] {
        let machine = BreathStateMachine(pattern: self)
        guard cycles > 0, var state = machine.start else { return [] }
        var result: [TimedPhase] = []
        result.reserveCapacity(cycles * phases.count)
        var clock: Decimal = 0
        while state.cycle <= cycles {
            let length = seconds(of: state.phase)
            result.append(TimedPhase(cycle: state.cycle, phase: state.phase, start: clock, seconds: length))
            clock += length
            guard let next = machine.next(after: state) else { break }
            state = next
        }
        return result
    }

    /// A session's length: cycles × cycle length.
    public func seconds(cycles: Int) -> Decimal {
        Decimal(cycles) * cycleSeconds
    }

    /// The whole cycles that fit into `minutes`: floor(minutes × 60 / cycle length), computed
    /// exactly (5 minutes of 4-7-8 is 300 / 19 → 15 cycles). 0 for a cycle without length.
    public func cycles(inMinutes minutes: Decimal) -> Int {
        let cycle = cycleSeconds
        let seconds = minutes * 60
        guard cycle > 0, seconds > 0 else { return 0 }
        var whole = (seconds / cycle).rounded(scale: 0)
        // The quotient may be rounded in its last digit; settle it with exact products.
        while whole * cycle > seconds { whole -= 1 }
        while (whole + 1) * cycle <= seconds { whole += 1 }
        return NSDecimalNumber(decimal: whole).intValue
    }
}

extension BreathingPattern {
    /// A retention session's phases, round after round (`cycle` is the round, from 1): the round's
    /// `breaths` paced breaths, then the hold as the person logged it, then the recovery breath.
    /// Its last phase ends at `seconds(holds:)`. Exact, in decimal seconds.
    public func timeline(holds: [Int]) -> [TimedPhase] {
        let breath = phases
        var result: [TimedPhase] = []
        result.reserveCapacity(holds.count * (breaths * breath.count + 2))
        var clock: Decimal = 0
        func add(_ round: Int, _ phase: BreathPhase, _ seconds: Decimal) {
            result.append(TimedPhase(cycle: round, phase: phase, start: clock, seconds: seconds))
            clock += seconds
        }
        for (index, hold) in holds.enumerated() {
            for _ in 0..<max(breaths, 0) {
                for phase in breath { add(index + 1, phase.phase, phase.seconds) }
            }
            add(index + 1, .retention, Decimal(hold))
            if recovery > 0 { add(index + 1, .recovery, recovery) }
        }
        return result
    }

    /// A retention session's length: Σ over its rounds of breaths × (inhale + exhale) + the
    /// round's hold + recovery (DESIGN.md §3).
    public func seconds(holds: [Int]) -> Decimal {
        let round = Decimal(breaths) * cycleSeconds + recovery
        return Decimal(holds.count) * round + Decimal(holds.reduce(0, +))
    }
}
