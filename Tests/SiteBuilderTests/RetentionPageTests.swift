import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// Issue 44: the holds a person sees — the breathing page's longest hold and its table of weekly
/// means and longest holds, data.json's `retention` and `log` — for random retention sessions,
/// checked against a recount made here another way: weeks by Foundation's ISO 8601 calendar,
/// means rounded half up in whole numbers, seconds in tenths.
final class RetentionPageTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private struct Session {
        var day: String
        var time: String
        var pattern: String
        var holds: [Int]
    }

    func testRandomHoldsShowAsTheirRecount() throws {
        var generator = SplitMix(seed: 44)
        for round in 0..<3 {
            let work = TestSupport.temporaryFolder(self)
            let data = work.appendingPathComponent("data")
            try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
            let breathing = data.appendingPathComponent("breathing.toml")
            let custom = """

                [[pattern]]
                id = "short-rounds"
                name = "Short rounds"
                kind = "retention"
                breaths = 12
                inhale = 1.5
                exhale = 2
                recovery = 10
                rounds = 2

                """
            try (String(decoding: try Data(contentsOf: breathing), as: UTF8.self) + custom)
                .write(to: breathing, atomically: true, encoding: .utf8)
            var sessions: [Session] = []
            let calendar = ISOCalendar()
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let offset = Int.random(in: 0...150, using: &generator)
                let day = calendar.day(daysBefore: offset, from: "2026-11-29")
                let time = String(
                    format: "%02d:%02d", Int.random(in: 0...23, using: &generator),
                    Int.random(in: 0...59, using: &generator))
                let pattern = Bool.random(using: &generator) ? "rounds" : "short-rounds"
                let count = pattern == "rounds" ? 3 : 2
                sessions.append(
                    Session(
                        day: day, time: time, pattern: pattern,
                        holds: (0..<count).map { _ in Int.random(in: 1...600, using: &generator) }))
            }
            let text = sessions.map {
                "[[session]]\nat = \($0.day)T\($0.time):00\npattern = \"\($0.pattern)\"\nholds = [\($0.holds.map(String.init).joined(separator: ", "))]\n"
            }.joined(separator: "\n")
            try text.write(to: data.appendingPathComponent("practice/holds.toml"), atomically: true, encoding: .utf8)
            var options = BuildOptions()
            options.data = data.path
            options.output = work.appendingPathComponent("public").path
            options.today = CalendarDateFixture.sampleToday
            let report = SiteBuild(options: options).run()
            XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
            let site = TestSupport.snapshot(work.appendingPathComponent("public")).mapValues {
                String(decoding: $0, as: UTF8.self)
            }
            let json = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(try XCTUnwrap(site["data.json"]).utf8)) as? [String: Any])
            let breathingJSON = try XCTUnwrap(json["breathing"] as? [String: Any])
            let patterns = try XCTUnwrap(breathingJSON["patterns"] as? [[String: Any]])
            let page = try XCTUnwrap(site["breathing/index.html"])
            for id in ["rounds", "short-rounds"] {
                let mine = sessions.filter { $0.pattern == id }
                let entry = try XCTUnwrap(patterns.first { $0["id"] as? String == id })
                XCTAssertEqual(entry["kind"] as? String, "retention")
                let retention = try XCTUnwrap(entry["retention"] as? [String: Any], "\(round) \(id)")
                let longest = mine.flatMap(\.holds).max()
                XCTAssertEqual(retention["longest_hold"] as? Int, longest, "\(round) \(id)")
                var weeks: [String: [Int]] = [:]
                for session in mine { weeks[calendar.week(of: session.day), default: []] += session.holds }
                let shown = try XCTUnwrap(retention["weekly_mean"] as? [[String: Any]])
                XCTAssertEqual(shown.map { $0["week"] as? String }, weeks.keys.sorted().map { Optional($0) })
                // The page's section for the pattern: its longest hold, and a row per week.
                let section = try XCTUnwrap(
                    page.components(
                        separatedBy: "<section class=\"retention\" aria-labelledby=\"retention-\(id)-heading\">"
                    )
                    .dropFirst().first?.components(separatedBy: "</section>").first, "\(id)")
                if let longest {
                    XCTAssertTrue(section.contains("<strong>\(longest)</strong> s"), "\(id): \(section)")
                } else {
                    XCTAssertFalse(section.contains("<strong>"), section)
                }
                for (week, holds) in weeks {
                    // Half up to one decimal from integers: ⌊(20 × sum + count) / (2 × count)⌋ tenths.
                    let tenths = (20 * holds.reduce(0, +) + holds.count) / (2 * holds.count)
                    let mean = "\(tenths / 10).\(tenths % 10)"
                    let listed = shown.first { $0["week"] as? String == week }
                    XCTAssertEqual(
                        (listed?["mean_hold"] as? NSNumber).map { String(format: "%.1f", $0.doubleValue) }, mean,
                        "\(id) \(week) \(holds)")
                    XCTAssertTrue(
                        section.contains(
                            "data-label=\"Mean hold\">\(mean) s</td><td class=\"num\" data-label=\"Longest hold\">"
                                + "\(holds.max()!) s</td>"), "\(id) \(week): \(mean), \(holds.max()!)")
                }
            }
            // data.json's log: the sessions in time order, seconds in tenths from the definition.
            let log = try XCTUnwrap(breathingJSON["log"] as? [[String: Any]])
            let held = log.filter { $0["holds"] is [Int] }
            let sorted = sessions.sorted { ($0.day, $0.time) < ($1.day, $1.time) }
            XCTAssertEqual(held.map { $0["at"] as? String }, sorted.map { "\($0.day)T\($0.time):00" })
            for (written, session) in zip(held, sorted) {
                XCTAssertEqual(written["holds"] as? [Int], session.holds)
                // rounds: 30 × 32 tenths + 150; short-rounds: 12 × 35 tenths + 100; holds × 10.
                let round = session.pattern == "rounds" ? 30 * 32 + 150 : 12 * 35 + 100
                let tenths = session.holds.count * round + session.holds.reduce(0, +) * 10
                XCTAssertEqual(
                    (written["seconds"] as? NSNumber).map { Int(($0.doubleValue * 10).rounded()) }, tenths,
                    "\(session)")
            }
        }
    }
}

/// Days and ISO weeks by Foundation's calendar, apart from sandjar's own date arithmetic.
private struct ISOCalendar {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func date(_ text: String) -> Date {
        let parts = text.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    func day(daysBefore offset: Int, from text: String) -> String {
        let day = calendar.date(byAdding: .day, value: -offset, to: date(text))!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    func week(of text: String) -> String {
        let day = date(text)
        return String(
            format: "%04d-W%02d", calendar.component(.yearForWeekOfYear, from: day),
            calendar.component(.weekOfYear, from: day))
    }
}

/// SplitMix64: the same numbers on every run.
private struct SplitMix: RandomNumberGenerator {
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
