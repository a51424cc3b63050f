import Breathing
import Domain
import XCTest

/// The phase state machine, session timelines and minutes-to-cycles, against hand-counted seconds.
final class BreathingPatternTests: XCTestCase {
    func testZeroLengthPhasesAreNeverEntered() {
        XCTAssertEqual(builtInPattern("equal").phases.map(\.phase), [.inhale, .exhale])
        XCTAssertEqual(builtInPattern("4-7-8").phases.map(\.phase), [.inhale, .hold, .exhale])
        XCTAssertEqual(builtInPattern("box").phases.map(\.phase), [.inhale, .hold, .exhale, .rest])

        let equal = BreathStateMachine(pattern: builtInPattern("equal"))
        var state = equal.start
        var visited: [String] = []
        for _ in 0..<5 {
            guard let current = state else { break }
            visited.append("\(current.cycle):\(current.phase.rawValue)")
            state = equal.next(after: current)
        }
        XCTAssertEqual(visited, ["1:inhale", "1:exhale", "2:inhale", "2:exhale", "3:inhale"])

        let holdOnly = BreathingPattern(id: "h", name: "h", inhale: 0, hold: 3, exhale: 0, rest: 2)
        let machine = BreathStateMachine(pattern: holdOnly)
        XCTAssertEqual(machine.start, .init(cycle: 1, phase: .hold))
        XCTAssertEqual(machine.next(after: .init(cycle: 1, phase: .hold)), .init(cycle: 1, phase: .rest))
        XCTAssertEqual(machine.next(after: .init(cycle: 1, phase: .rest)), .init(cycle: 2, phase: .hold))

        let empty = BreathingPattern(id: "z", name: "z", inhale: 0, hold: 0, exhale: 0, rest: 0)
        XCTAssertNil(BreathStateMachine(pattern: empty).start)
        XCTAssertEqual(empty.timeline(cycles: 3), [])
    }

    func testTimelineOfTwoCyclesOf478() {
        let timeline = builtInPattern("4-7-8").timeline(cycles: 2)
        // 0 +4 → 4 +7 → 11 +8 → 19 | 19 +4 → 23 +7 → 30 +8 → 38.
        XCTAssertEqual(timeline.map(\.start), [0, 4, 11, 19, 23, 30])
        XCTAssertEqual(timeline.map(\.seconds), [4, 7, 8, 4, 7, 8])
        XCTAssertEqual(timeline.map(\.cycle), [1, 1, 1, 2, 2, 2])
        XCTAssertEqual(timeline.map(\.phase), [.inhale, .hold, .exhale, .inhale, .hold, .exhale])
        XCTAssertEqual(timeline.last?.end, 38)
        XCTAssertEqual(builtInPattern("4-7-8").seconds(cycles: 2), 38)
        XCTAssertEqual(builtInPattern("4-7-8").timeline(cycles: 0), [])
    }

    func testCoherentTimelineKeepsHalfSecondsExact() {
        let timeline = builtInPattern("coherent").timeline(cycles: 2)
        XCTAssertEqual(timeline.map(\.start), [0, dec("5.5"), 11, dec("16.5")])
        XCTAssertEqual(timeline.last?.end, 22)
        let box = builtInPattern("box").timeline(cycles: 1)
        XCTAssertEqual(box.map(\.start), [0, 4, 8, 12])
        XCTAssertEqual(box.last?.end, 16)
    }

    func testMinutesBecomeWholeCycles() {
        // 300 s / 19 s = 15.79 → 15; 60 / 16 = 3.75 → 3; 60 / 10 = 6 exactly (the edge counts).
        XCTAssertEqual(builtInPattern("4-7-8").cycles(inMinutes: 5), 15)
        XCTAssertEqual(builtInPattern("box").cycles(inMinutes: 1), 3)
        XCTAssertEqual(builtInPattern("equal").cycles(inMinutes: 1), 6)
        // 1.1 min = 66 s = 6 × 11 s exactly; 0.1 min = 6 s is less than one 11 s cycle.
        XCTAssertEqual(builtInPattern("coherent").cycles(inMinutes: dec("1.1")), 6)
        XCTAssertEqual(builtInPattern("coherent").cycles(inMinutes: dec("0.1")), 0)
        // Decimal cycles divide exactly: 60 s / 0.3 s = 200, not 199.99….
        let third = BreathingPattern(id: "t", name: "t", inhale: dec("0.1"), hold: 0, exhale: dec("0.2"), rest: 0)
        XCTAssertEqual(third.cycles(inMinutes: 1), 200)
        let seventh = BreathingPattern(id: "s", name: "s", inhale: 3, hold: 0, exhale: 4, rest: 0)
        XCTAssertEqual(seventh.cycles(inMinutes: dec("0.35")), 3, "21 s / 7 s = 3 exactly")
    }

    func testASessionCountsItsCyclesOrItsLoggedMinutes() {
        let pattern = builtInPattern("4-7-8")
        let byCycles = breathSession("2026-11-28", cycles: 4)
        XCTAssertEqual(byCycles.cycles(of: pattern), 4)
        XCTAssertEqual(byCycles.seconds(of: pattern), 76)
        XCTAssertEqual(byCycles.timeline(of: pattern).count, 12)

        let byMinutes = breathSession("2026-11-28", minutes: "5")
        XCTAssertEqual(byMinutes.cycles(of: pattern), 15)
        XCTAssertEqual(byMinutes.seconds(of: pattern), 300, "the minutes logged, not 15 × 19 = 285")
        XCTAssertEqual(byMinutes.timeline(of: pattern).count, 45)
        XCTAssertEqual(byMinutes.timeline(of: pattern).last?.end, 285)
    }
}
