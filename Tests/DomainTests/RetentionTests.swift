import Breathing
import Domain
import Foundation
import XCTest

/// Retention rounds, the sigh and the holds (issue 44): every figure checked against another way
/// of computing it — the timeline summed against the closed formula and against whole tenths of a
/// second; the weeks against Foundation's ISO 8601 calendar; the report at every date of a
/// realistic log against a plain filter over the sessions.
final class RetentionTests: XCTestCase {
    private let rounds = builtInPattern("rounds")

    private func holdSession(_ day: String, _ time: String?, _ pattern: String = "rounds", _ holds: [Int])
        -> PracticeSession
    {
        PracticeSession(at: at(day, time), pattern: pattern, length: .holds(holds))
    }

    func testTheBuiltInRoundsAndSighAreAsDesigned() {
        XCTAssertEqual(rounds.kind, .retention)
        XCTAssertEqual([rounds.breaths, rounds.rounds], [30, 3])
        XCTAssertEqual([rounds.inhale, rounds.exhale, rounds.recovery], [dec("1.6"), dec("1.6"), 15])
        let sigh = builtInPattern("sigh")
        XCTAssertEqual(sigh.kind, .paced)
        XCTAssertEqual(sigh.phases.map(\.phase), [.inhale, .topUp, .exhale])
        XCTAssertEqual(sigh.phases.map(\.seconds), [2, 1, 6])
        XCTAssertEqual(sigh.cycleSeconds, 9)
        // The state machine runs the top-up between the two breaths of every cycle.
        let machine = BreathStateMachine(pattern: sigh)
        var state = machine.start!
        var seen: [String] = []
        for _ in 0..<6 {
            seen.append("\(state.cycle)\(state.phase.rawValue)")
            state = machine.next(after: state)!
        }
        XCTAssertEqual(seen, ["1inhale", "1top-up", "1exhale", "2inhale", "2top-up", "2exhale"])
    }

    func testARetentionSessionByHand() {
        // 3 rounds × (30 × 3.2 s + 15 s recovery) = 333 s, plus holds of 62 + 75 + 91 = 228 s.
        XCTAssertEqual(rounds.seconds(holds: [62, 75, 91]), 561)
        let session = holdSession("2026-11-28", "07:00", "rounds", [62, 75, 91])
        XCTAssertEqual(session.seconds(of: rounds), 561)
        XCTAssertEqual(session.cycles(of: rounds), 3)
        XCTAssertEqual(session.longestHold, 91)
        XCTAssertEqual(session.meanHold, 76)
        let timeline = session.timeline(of: rounds)
        XCTAssertEqual(timeline.count, 3 * (60 + 2))
        XCTAssertEqual(timeline.last?.end, 561)
        XCTAssertEqual(timeline.filter { $0.phase == .retention }.map(\.seconds), [62, 75, 91])
        // Round 1's hold starts after 30 breaths of 3.2 s: 96 s; its recovery after 96 + 62.
        let firstHold = timeline.first { $0.phase == .retention }!
        XCTAssertEqual(firstHold.start, 96)
        XCTAssertEqual(firstHold.cycle, 1)
        let firstRecovery = timeline.first { $0.phase == .recovery }!
        XCTAssertEqual(firstRecovery.start, 158)
        XCTAssertEqual(firstRecovery.seconds, 15)
        XCTAssertEqual(timeline.last?.phase, .recovery)
        XCTAssertEqual(timeline.last?.cycle, 3)
    }

    func testRandomRetentionTimelinesAddUpToTheFormulaAndToWholeTenths() {
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<300 {
            let breaths = Int.random(in: 1...40, using: &generator)
            let tenths = (Int.random(in: 1...60, using: &generator), Int.random(in: 1...60, using: &generator))
            let recoveryTenths = Int.random(in: 0...300, using: &generator)
            let roundCount = Int.random(in: 1...6, using: &generator)
            let pattern = BreathingPattern.retention(
                id: "r", name: "r", breaths: breaths, inhale: Decimal(tenths.0) / 10, exhale: Decimal(tenths.1) / 10,
                recovery: Decimal(recoveryTenths) / 10, rounds: roundCount)
            let holds = (0..<roundCount).map { _ in Int.random(in: 1...600, using: &generator) }
            let timeline = pattern.timeline(holds: holds)
            // Another way: whole tenths of a second, in integers.
            let expectedTenths =
                roundCount * (breaths * (tenths.0 + tenths.1) + recoveryTenths) + holds.reduce(0, +) * 10
            XCTAssertEqual(pattern.seconds(holds: holds), Decimal(expectedTenths) / 10)
            XCTAssertEqual(timeline.reduce(Decimal(0)) { $0 + $1.seconds }, Decimal(expectedTenths) / 10)
            XCTAssertEqual(timeline.last?.end, Decimal(expectedTenths) / 10)
            for (before, after) in zip(timeline, timeline.dropFirst()) { XCTAssertEqual(before.end, after.start) }
            XCTAssertEqual(timeline.filter { $0.phase == .retention }.map(\.seconds), holds.map { Decimal($0) })
            XCTAssertEqual(timeline.filter { $0.phase == .inhale }.count, breaths * roundCount)
            XCTAssertEqual(timeline.filter { $0.phase == .recovery }.count, recoveryTenths > 0 ? roundCount : 0)
            XCTAssertEqual(Set(timeline.map(\.cycle)), Set(1...roundCount))
        }
    }

    func testRandomPacedTimelinesWithATopUpAddUpToCyclesTimesTheCycle() {
        var generator = SeededGenerator(seed: 4)
        for _ in 0..<300 {
            let parts = (0..<5).map { _ in
                Int.random(in: 0...3, using: &generator) == 0 ? 0 : Int.random(in: 1...90, using: &generator)
            }
            guard parts.reduce(0, +) > 0 else { continue }
            let pattern = BreathingPattern(
                id: "p", name: "p", inhale: Decimal(parts[0]) / 10, hold: Decimal(parts[2]) / 10,
                exhale: Decimal(parts[3]) / 10, rest: Decimal(parts[4]) / 10, topUp: Decimal(parts[1]) / 10)
            let cycles = Int.random(in: 1...30, using: &generator)
            let timeline = pattern.timeline(cycles: cycles)
            XCTAssertEqual(timeline.count, cycles * parts.filter { $0 > 0 }.count)
            XCTAssertEqual(timeline.last?.end, Decimal(cycles * parts.reduce(0, +)) / 10)
            XCTAssertEqual(pattern.seconds(cycles: cycles), Decimal(cycles * parts.reduce(0, +)) / 10)
            let order = zip(BreathPhase.paced, parts).filter { $0.1 > 0 }.map(\.0)
            XCTAssertEqual(Array(timeline.prefix(order.count).map(\.phase)), order)
        }
    }

    func testISOWeeksAgreeWithFoundationsCalendar() {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededGenerator(seed: 8601)
        var dates = [
            d("2026-12-31"), d("2027-01-03"), d("2027-01-04"), d("2020-12-31"), d("2021-01-03"), d("2015-12-31"),
        ]
        dates += (0..<2000).map { _ in CalendarDate(daysSinceEpoch: Int.random(in: 0...47_000, using: &generator)) }
        for date in dates {
            let components = DateComponents(
                calendar: calendar, timeZone: calendar.timeZone, year: date.year, month: date.month, day: date.day)
            let instant = calendar.date(from: components)!
            let week = ISOWeek(date)
            XCTAssertEqual(week.year, calendar.component(.yearForWeekOfYear, from: instant), "\(date)")
            XCTAssertEqual(week.week, calendar.component(.weekOfYear, from: instant), "\(date)")
            XCTAssertEqual(week.monday.isoWeekday, 1)
            XCTAssertTrue((0...6).contains(week.monday.days(to: date)), "\(date)")
        }
        XCTAssertEqual(ISOWeek(d("2026-11-28")).description, "2026-W48")
        XCTAssertEqual(ISOWeek(d("2027-01-03")).description, "2026-W53")
    }

    func testHoldsByHandPerWeek() {
        let sessions = [
            holdSession("2026-11-23", "07:00", "rounds", [60, 70, 80]),  // Monday of W48
            holdSession("2026-11-29", "23:50", "rounds", [90, 95, 100]),  // Sunday of W48
            holdSession("2026-11-30", "07:00", "rounds", [40, 41, 43]),  // Monday of W49
            holdSession("2026-12-07", "07:00", "rounds", [99, 99, 99]),  // after today
        ]
        let report = BreathingReport(data: breathingData(sessions), today: d("2026-12-04"))
        let record = report.patterns.first { $0.pattern.id == "rounds" }!.retention!
        XCTAssertEqual(record.longestHold, 100)
        XCTAssertEqual(record.weeks.map(\.week.description), ["2026-W48", "2026-W49"])
        XCTAssertEqual(record.weeks.map(\.mean), [Decimal(495) / 6, Decimal(124) / 3])
        XCTAssertEqual(record.weeks.map { $0.mean.fixed(1) }, ["82.5", "41.3"])
        XCTAssertNil(report.patterns.first { $0.pattern.id == "box" }!.retention)
        XCTAssertEqual(report.log.map(\.seconds), [333 + 210, 333 + 285, 333 + 124])
        let empty = BreathingReport(data: breathingData([]), today: d("2026-12-04"))
        XCTAssertEqual(empty.patterns.first { $0.pattern.id == "rounds" }!.retention, RetentionRecord(sessions: []))
        XCTAssertNil(empty.patterns.first { $0.pattern.id == "rounds" }!.retention!.longestHold)
    }

    /// A realistic half year: paced sessions by cycles and minutes, the sigh, the built-in rounds
    /// and a custom retention pattern, some days twice, some skipped, times across midnight. At
    /// every date the report's figures equal a plain recount of the sessions up to that date.
    func testTheReportAtEveryDateEqualsARecountOfTheSessions() {
        var generator = SeededGenerator(seed: 2026)
        let custom = BreathingPattern.retention(
            id: "morning", name: "Morning", breaths: 20, inhale: dec("1.5"), exhale: dec("2"), recovery: 10, rounds: 4)
        let paced = ["4-7-8", "box", "equal", "coherent", "sigh"]
        var sessions: [PracticeSession] = []
        let first = d("2026-06-01")
        for offset in 0..<190 {
            let day = first.adding(days: offset).description
            guard Int.random(in: 0..<10, using: &generator) < 7 else { continue }
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                let time =
                    "\(Int.random(in: 0...23, using: &generator).zeroPaddedTwo):"
                    + Int.random(in: 0...59, using: &generator).zeroPaddedTwo
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    sessions.append(
                        holdSession(
                            day, time, "rounds", (0..<3).map { _ in Int.random(in: 20...200, using: &generator) }))
                case 1:
                    sessions.append(
                        holdSession(
                            day, time, "morning", (0..<4).map { _ in Int.random(in: 1...600, using: &generator) }))
                case 2:
                    sessions.append(
                        breathSession(
                            "\(day) \(time)", paced.randomElement(using: &generator)!,
                            cycles: Int.random(in: 1...20, using: &generator)))
                default:
                    sessions.append(
                        breathSession(
                            "\(day) \(time)", paced.randomElement(using: &generator)!, cycles: nil,
                            minutes: String(Int.random(in: 1...15, using: &generator))))
                }
            }
        }
        sessions.shuffle(using: &generator)
        let data = breathingData(sessions, patterns: [custom])
        let patterns = Dictionary(uniqueKeysWithValues: data.patterns.map { ($0.id, $0) })
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for offset in stride(from: -1, through: 195, by: 1) {
            let today = first.adding(days: offset)
            let report = BreathingReport(data: data, today: today)
            let counted = sessions.filter { $0.at.date <= today }
            // Seconds in whole tenths, from the definitions, session by session.
            func tenths(_ session: PracticeSession) -> Int {
                let pattern = patterns[session.pattern]!
                func t(_ x: Decimal) -> Int { NSDecimalNumber(decimal: x * 10).intValue }
                switch session.length {
                case .cycles(let n): return n * t(pattern.cycleSeconds)
                case .minutes(let m): return t(m) * 60
                case .holds(let holds):
                    return holds.count
                        * (pattern.breaths * (t(pattern.inhale) + t(pattern.exhale)) + t(pattern.recovery))
                        + holds.reduce(0, +) * 10
                }
            }
            XCTAssertEqual(report.totals.sessions, counted.count)
            XCTAssertEqual(report.totals.seconds, Decimal(counted.map(tenths).reduce(0, +)) / 10, "\(today)")
            XCTAssertEqual(report.log.count, counted.count)
            XCTAssertEqual(report.log.map { $0.session.at }, counted.map(\.at).sorted())
            for entry in report.log { XCTAssertEqual(entry.seconds, Decimal(tenths(entry.session)) / 10) }
            for entry in report.patterns {
                let mine = counted.filter { $0.pattern == entry.pattern.id }
                XCTAssertEqual(entry.totals.sessions, mine.count)
                XCTAssertEqual(entry.totals.seconds, Decimal(mine.map(tenths).reduce(0, +)) / 10)
                guard entry.pattern.isRetention else {
                    XCTAssertNil(entry.retention)
                    continue
                }
                let record = entry.retention!
                let holds = mine.compactMap(\.holds)
                XCTAssertEqual(record.longestHold, holds.flatMap { $0 }.max(), "\(entry.pattern.id) \(today)")
                // Weeks by Foundation's ISO calendar, means as exact fractions compared in integers.
                var byWeek: [String: [Int]] = [:]
                for session in mine {
                    let day = session.at.date
                    let instant = calendar.date(
                        from: DateComponents(year: day.year, month: day.month, day: day.day))!
                    let key = String(
                        format: "%04d-W%02d", calendar.component(.yearForWeekOfYear, from: instant),
                        calendar.component(.weekOfYear, from: instant))
                    byWeek[key, default: []] += session.holds!
                }
                XCTAssertEqual(record.weeks.map(\.week.description), byWeek.keys.sorted())
                for week in record.weeks {
                    let logged = byWeek[week.week.description]!
                    XCTAssertEqual(week.holds, logged.count)
                    XCTAssertEqual(week.total, logged.reduce(0, +))
                    XCTAssertEqual(week.mean, Decimal(logged.reduce(0, +)) / Decimal(logged.count))
                    XCTAssertEqual(week.longest, logged.max())
                    // One decimal, half up, from integers: round(10 × sum / count).
                    let scaled = (20 * logged.reduce(0, +) + logged.count) / (2 * logged.count)
                    XCTAssertEqual(week.mean.fixed(1), "\(scaled / 10).\(scaled % 10)")
                }
            }
        }
    }
}

extension Int {
    fileprivate var zeroPaddedTwo: String { self < 10 ? "0\(self)" : "\(self)" }
}

/// SplitMix64: the same numbers on every run, so a failure can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
