import Domain
import Foundation
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI
@testable import SiteData

/// `sandjar add session`, in-process, on a temporary copy of `Tests/Fixtures/base`.
final class AddSessionTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private var november: URL { data.appendingPathComponent("practice/2026-11.toml") }
    /// 2026-11-30T02:14:05.75Z: 21:14:05 on Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845.75)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-session-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["add", "session"] + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    private func lastSession(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> TOMLTable {
        let table = try TOMLParser.parse([UInt8](try Data(contentsOf: url)))
        return try XCTUnwrap(table["session"]?.arrayValue?.last?.tableValue, file: file, line: line)
    }

    private func load(file: StaticString = #filePath, line: UInt = #line) throws -> DataSet {
        let log = DiagnosticLog(strict: true)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        return try XCTUnwrap(
            loaded?.data, log.entries.map(\.description).joined(separator: "\n"), file: file, line: line)
    }

    func testAppendsToTheMonthFileAndTheFolderStillLoads() throws {
        let original = try text(november)
        let (status, out) = run([
            "4-7-8", "--cycles", "4", "--program", "short", "--at", "2026-11-28T22:30:00+08:00", "--mood-before", "2",
            "--mood-after", "4",
        ])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "added 4 cycles of 4-7-8 (\(data.path)/practice/2026-11.toml)\n")
        XCTAssertEqual(out.err, "")
        let added = """

            [[session]]
            at = 2026-11-28T22:30:00+08:00
            pattern = "4-7-8"
            cycles = 4
            program = "short"
            mood_before = 2
            mood_after = 4

            """
        XCTAssertEqual(try text(november), original + added)
        let sessions = try load().sessions
        XCTAssertEqual(sessions.count, 3)
        XCTAssertEqual(
            sessions.last,
            PracticeSession(
                at: EventTime(
                    date: CalendarDate(year: 2026, month: 11, day: 28)!, secondOfDay: 22 * 3600 + 30 * 60,
                    offsetMinutes: 480),
                pattern: "4-7-8", length: .cycles(4), program: "short", moodBefore: 2, moodAfter: 4))
    }

    func testARetentionSessionIsLoggedByItsHoldsAndCanBeTakenBack() throws {
        let original = try text(november)
        let (status, out) = run(["rounds", "--holds", "60,75, 90", "--at", "2026-11-28 07:00"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.out, "added 3 rounds (holds of 60, 75 and 90 s) of rounds (\(data.path)/practice/2026-11.toml)\n")
        XCTAssertEqual(
            try text(november),
            original + "\n[[session]]\nat = 2026-11-28T07:00:00\npattern = \"rounds\"\nholds = [60, 75, 90]\n")
        XCTAssertEqual(try load().sessions.last?.length, .holds([60, 75, 90]))
        // Through the undo journal like every write.
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(arguments: ["undo", "--data", data.path], console: captured.console(), now: clock), 0,
            captured.err)
        XCTAssertEqual(try text(november), original)
    }

    func testACustomRetentionPatternTakesItsOwnNumberOfRounds() throws {
        let breathing = data.appendingPathComponent("breathing.toml")
        let custom = """

            [[pattern]]
            id = "short-rounds"
            kind = "retention"
            breaths = 20
            inhale = 1.5
            exhale = 1.5
            recovery = 10
            rounds = 2

            """
        try (try text(breathing) + custom).write(to: breathing, atomically: true, encoding: .utf8)
        let (status, out) = run(["short-rounds", "--holds", "45,50", "--at", "2026-11-28 07:00"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(try load().sessions.last?.length, .holds([45, 50]))
        let (wrong, wrongOut) = run(["short-rounds", "--holds", "45,50,55", "--at", "2026-11-28 07:05"])
        XCTAssertEqual(wrong, 1)
        XCTAssertEqual(
            wrongOut.err,
            "sandjar: 3 holds given; the retention pattern 'short-rounds' has 2 rounds, one hold each\n")
    }

    func testBadHoldsAreRefusedWithNothingWritten() throws {
        let before = try text(november)
        let cases: [([String], Int32, String)] = [
            (["rounds", "--holds", "60,0,90"], 2, "--holds '60,0,90': give each round's hold in whole seconds"),
            (["rounds", "--holds", "60,601,90"], 2, "--holds '60,601,90': give each round's hold in whole seconds"),
            (["rounds", "--holds", "60,7.5,90"], 2, "--holds '60,7.5,90': give each round's hold in whole seconds"),
            (["rounds", "--holds", "60,,90"], 2, "--holds '60,,90': give each round's hold in whole seconds"),
            (
                ["rounds", "--holds", "60,75", "--cycles", "3"], 2,
                "add session takes one of --cycles, --minutes or --holds"
            ),
            (["rounds", "--holds", "60,75"], 1, "sandjar: 2 holds given; the retention pattern 'rounds' has 3 rounds"),
            (["box", "--holds", "60,75,90"], 1, "sandjar: 'box' is a paced pattern: log its cycles or minutes"),
            (
                ["rounds", "--cycles", "3"], 1,
                "sandjar: 'rounds' is a retention pattern: log the seconds of each round's"
            ),
        ]
        for (words, expected, message) in cases {
            let (status, out) = run(words + ["--at", "2026-11-28 07:00"])
            XCTAssertEqual(status, expected, "\(words): \(out.err)")
            XCTAssertTrue(out.err.contains(message), "\(words): \(out.err)")
            XCTAssertEqual(try text(november), before, "\(words)")
        }
    }

    func testANewMonthFileIsCreatedAndCustomPatternsAreKnown() throws {
        let december = data.appendingPathComponent("practice/2026-12.toml")
        let (status, out) = run(["calm", "--minutes", "2.5", "--at", "2026-12-01 07:05"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "added 2.5 minutes of calm (\(data.path)/practice/2026-12.toml)\n")
        // The clock says Nov 29 in New York: written as asked, with a word that it waits for its day.
        XCTAssertEqual(
            out.err, "sandjar: warning: 2026-12-01 is after today (2026-11-29); the session does not count until then\n"
        )
        XCTAssertEqual(try text(december), "[[session]]\nat = 2026-12-01T07:05:00\npattern = \"calm\"\nminutes = 2.5\n")
        XCTAssertEqual(try load().sessions.last?.length, .minutes(Decimal(string: "2.5")!))
    }

    func testTheDefaultClockPicksTheMonthInTheSiteTimeZone() throws {
        try FileManager.default.removeItem(at: data.appendingPathComponent("practice"))
        XCTAssertEqual(run(["box", "--cycles", "1"]).0, 0)
        // 02:14 UTC on Nov 30 is still Nov 29 in New York: the November file, not December.
        XCTAssertEqual(try lastSession(november)["at"]?.dateTimeValue?.description, "2026-11-29T21:14:05-05:00")
        XCTAssertEqual(try lastSession(november)["cycles"]?.integerValue, 1)
    }

    func testUnknownPatternsAndProgramsSuggestTheClosest() throws {
        let before = try text(november)
        let (status, out) = run(["clam", "--cycles", "3", "--at", "2026-11-29"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "sandjar: unknown pattern 'clam'; did you mean 'calm'?\nknown patterns: 4-7-8, box, equal, coherent, sigh, rounds, calm\n"
        )
        let (programStatus, programOut) = run(["box", "--cycles", "3", "--program", "shrot", "--at", "2026-11-29"])
        XCTAssertEqual(programStatus, 1)
        XCTAssertEqual(
            programOut.err,
            "sandjar: unknown program 'shrot'; did you mean 'short'?\nknown programs: calm-start, short\n")
        XCTAssertEqual(try text(november), before)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: november.deletingLastPathComponent().path),
            ["2026-11.toml"])
    }

    /// Malformed values are usage errors like missing words (DESIGN.md §6): exit 2, with the usage.
    func testInvalidValuesAndUsageMistakesExit2() throws {
        let before = try text(november)
        let refused: [[String]] = [
            ["box", "--cycles", "0"], ["box", "--cycles", "-3"], ["box", "--cycles", "2.5"],
            ["box", "--cycles", "abc"],
            ["box", "--cycles", "100001"], ["box", "--minutes", "0"], ["box", "--minutes", "-1"],
            ["box", "--minutes", "nan"], ["box", "--cycles", "4", "--mood-before", "0"],
            ["box", "--cycles", "4", "--mood-after", "6"], ["box", "--cycles", "4", "--mood-after", "3.5"],
            ["box", "--cycles", "4", "--at", "2026-02-30"], ["box", "--cycles", "4", "--at", "yesterday"],
        ]
        for words in refused {
            let (status, out) = run(words + (words.contains("--at") ? [] : ["--at", "2026-11-29"]))
            XCTAssertEqual(status, 2, "\(words): \(out.err)")
            XCTAssertTrue(out.err.hasPrefix("sandjar: "), out.err)
            XCTAssertTrue(out.err.contains("\n\nusage: sandjar add session PATTERN"), out.err)
            XCTAssertEqual(out.out, "")
        }
        XCTAssertTrue(
            run(["box", "--cycles", "0"]).1.err.hasPrefix(
                "sandjar: --cycles '0': give a whole number of cycles from 1 to 100000, such as 4\n\nusage: "))
        XCTAssertTrue(
            run(["box", "--minutes", "0"]).1.err.hasPrefix(
                "sandjar: --minutes '0': give a number of minutes greater than 0, such as 5 or 2.5\n\nusage: "))
        for words in [
            ["box"], ["--cycles", "4"], ["box", "--cycles", "4", "--minutes", "5"], ["box", "extra", "--cycles", "4"],
            ["box", "--cycles"], ["box", "--cycles", "4", "--note", "x"],
        ] {
            XCTAssertEqual(run(words).0, 2, "\(words)")
        }
        XCTAssertEqual(try text(november), before)
    }

    func testASessionForAProgramWithoutEnrollmentIsLoggedWithANote() throws {
        let (status, out) = run(["equal", "--cycles", "6", "--program", "calm-start", "--at", "2026-11-29"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(
            out.err,
            "sandjar: note: there is no [[enrollment]] in 'calm-start' starting on or before this session, so it counts toward no program yet\n"
        )
        XCTAssertEqual(try lastSession(november)["program"]?.stringValue, "calm-start")
        // Enrolled in 'short' from Nov 1: a session before that gets the note too.
        XCTAssertEqual(run(["calm", "--cycles", "3", "--program", "short", "--at", "2026-11-29"]).1.err, "")
        XCTAssertNotEqual(run(["calm", "--cycles", "3", "--program", "short", "--at", "2026-10-31"]).1.err, "")
    }

    func testABrokenBreathingFileIsRefusedWithItsOwnError() throws {
        try Data("[[pattern]]\nid = = \"x\"\n".utf8).write(to: data.appendingPathComponent("breathing.toml"))
        let before = try text(november)
        let (status, out) = run(["box", "--cycles", "4", "--at", "2026-11-29"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("\(data.path)/breathing.toml:2:6: error: "), out.err)
        XCTAssertTrue(
            out.err.hasSuffix("sandjar: sandjar reads your patterns and programs from breathing.toml; fix it first\n"),
            out.err)
        XCTAssertEqual(try text(november), before)
    }

    /// `add` still routes a deposit to its goal's file, beside sessions, and nowhere else.
    func testDepositsStillWork() throws {
        let bike = data.appendingPathComponent("goals/bike.toml")
        let goal = try text(bike)
        let practice = try text(november)
        let captured = SandjarCommandTests.Captured(self)
        let status = try SandjarCommand.add(
            ["deposit", "bike", "5", "--at", "2026-11-29", "--data", data.path], console: captured.console(), now: clock
        )
        XCTAssertEqual(status, 0, captured.err)
        XCTAssertEqual(captured.out, "added 5 to bike (\(data.path)/goals/bike.toml)\n")
        XCTAssertEqual(try text(bike), goal + "\n[[deposit]]\nat = 2026-11-29\namount = 5\n")
        XCTAssertEqual(try text(november), practice, "the practice file is untouched")
    }
}
