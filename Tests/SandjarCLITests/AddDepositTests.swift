import Domain
import Foundation
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI
@testable import SiteBuilder
@testable import SiteData

/// `sandjar add deposit`, in-process, on a temporary copy of `Tests/Fixtures/base`.
final class AddDepositTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private var bike: URL { data.appendingPathComponent("goals/bike.toml") }
    /// 2026-11-30T02:14:05.75Z: 21:14:05 on Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845.75)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-add-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["add"] + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: data.appendingPathComponent(relative))
    }

    private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    private func lastDeposit(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> TOMLTable {
        let table = try TOMLParser.parse([UInt8](bytes(url)))
        return try XCTUnwrap(table["deposit"]?.arrayValue?.last?.tableValue, file: file, line: line)
    }

    func testAppendsByteExactlyAndTheFolderStillLoads() throws {
        let original = "# my bike fund\n" + String(decoding: try bytes(bike), as: UTF8.self) + "# the end\n"
        try write(original, to: "goals/bike.toml")
        let (status, out) = run(["deposit", "bike", "12.50", "--at", "2026-11-29T21:14:05+08:00", "--note", "tip"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "added 12.50 to bike (\(data.path)/goals/bike.toml)\n")
        let added = "\n[[deposit]]\nat = 2026-11-29T21:14:05+08:00\namount = 12.50\nnote = \"tip\"\n"
        XCTAssertEqual(String(decoding: try bytes(bike), as: UTF8.self), original + added)

        var options = BuildOptions()
        options.data = data.path
        options.today = CalendarDate(year: 2026, month: 11, day: 30)
        XCTAssertTrue(SiteBuild(options: options).check().0.succeeded)
        let log = DiagnosticLog(strict: false)
        let goal = try XCTUnwrap(DataLoader(folder: DataFolder(path: data.path), log: log).load()?.data.goals.first)
        XCTAssertEqual(goal.deposits.map(\.amount), [50, Decimal(string: "60.25")!, Decimal(string: "12.5")!])
        XCTAssertEqual(goal.deposits.last?.at.description, "2026-11-29T21:14:05+08:00")
    }

    /// A malformed amount is a usage error (DESIGN.md §6): exit 2, the reason, then the usage.
    func testInvalidAmountsExit2AndLeaveTheFileAlone() throws {
        let before = try bytes(bike)
        for amount in ["0", "-1", "abc", "nan", "1e3", "12.345678901234567", "", "-0.5", "inf", "1,000"] {
            let (status, out) = run(["deposit", "bike", amount])
            XCTAssertEqual(status, 2, "amount '\(amount)': \(out.err)")
            XCTAssertTrue(out.err.hasPrefix("sandjar: "), out.err)
            XCTAssertTrue(out.err.contains("\n\nusage: sandjar add deposit GOAL AMOUNT"), out.err)
            XCTAssertEqual(out.out, "")
            XCTAssertEqual(try bytes(bike), before, amount)
        }
        XCTAssertEqual(run(["deposit", "bike"]).0, 2, "a missing amount is a usage error")
        XCTAssertEqual(run(["deposit", "bike", "5", "extra"]).0, 2)
        XCTAssertEqual(run(["deposit", "bike", "5", "--at"]).0, 2)
        XCTAssertEqual(try bytes(bike), before)
    }

    func testAmountsAreWrittenAsTheyReadBack() throws {
        for (typed, written) in [("300", "300"), ("+5", "5"), (".5", "0.5"), ("0.10", "0.10"), ("007.50", "7.50")] {
            XCTAssertEqual(run(["deposit", "bike", typed, "--at", "2026-11-29"]).0, 0)
            XCTAssertEqual(try lastDeposit(bike)["amount"]?.numberLiteral, written, typed)
        }
    }

    func testUnknownGoalSuggestsTheClosestAndListsTheKnownOnes() throws {
        let (status, out) = run(["deposit", "bkie", "5"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.err, "sandjar: unknown goal 'bkie'; did you mean 'bike'?\nknown goals: bike\n")
    }

    func testGoalIsFoundByItsExplicitID() throws {
        try write("id = \"sony-headphones\"\nname = \"Sony\"\nmode = \"wish\"\ntarget = 2999\n", to: "goals/cans.toml")
        let (status, out) = run(["deposit", "sony-headphones", "300", "--at", "2026-11-29"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "added 300 to sony-headphones (\(data.path)/goals/cans.toml)\n")
        XCTAssertEqual(try lastDeposit(data.appendingPathComponent("goals/cans.toml"))["amount"]?.integerValue, 300)
    }

    func testAtFormsAndTheDefaultClockInTheSiteTimeZone() throws {
        let forms = [
            ("2026-11-29", "2026-11-29"), ("2026-11-29T21:14:00", "2026-11-29T21:14:00"),
            ("2026-11-29 21:14", "2026-11-29T21:14:00"), ("2026-11-29T21:14+08:00", "2026-11-29T21:14:00+08:00"),
            ("2026-11-29t21:14:00z", "2026-11-29T21:14:00Z"),
        ]
        for (typed, written) in forms {
            XCTAssertEqual(run(["deposit", "bike", "1", "--at", typed]).0, 0, typed)
            XCTAssertEqual(try lastDeposit(bike)["at"]?.dateTimeValue?.description, written)
        }
        XCTAssertEqual(run(["deposit", "bike", "1"]).0, 0)
        XCTAssertEqual(try lastDeposit(bike)["at"]?.dateTimeValue?.description, "2026-11-29T21:14:05-05:00")
        let before = try bytes(bike)
        let (status, out) = run(["deposit", "bike", "1", "--at", "2026-02-30"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(
            out.err.hasPrefix("sandjar: --at '2026-02-30': day must be between 01 and 28 for 2026-02\n\nusage: "),
            out.err)
        XCTAssertEqual(run(["deposit", "bike", "1", "--at", "yesterday"]).0, 2)
        XCTAssertEqual(try bytes(bike), before)
    }

    /// The clock is 21:14 on Nov 29 in New York. A deposit dated later is written as asked (a
    /// transfer planned ahead) but warned about, as `check` would; its day is the one written, so
    /// 01:00 on Nov 30 in Shanghai is tomorrow too. Today and earlier say nothing.
    func testADepositAfterTodayIsWrittenWithAWarning() throws {
        for typed in ["2027-05-01", "2026-11-30T01:00:00+08:00"] {
            let (status, out) = run(["deposit", "bike", "50", "--at", typed])
            XCTAssertEqual(status, 0, out.err)
            XCTAssertEqual(out.out, "added 50 to bike (\(data.path)/goals/bike.toml)\n")
            let day = String(typed.prefix(10))
            XCTAssertEqual(
                out.err, "sandjar: warning: \(day) is after today (2026-11-29); the deposit does not count until then\n"
            )
            XCTAssertEqual(try lastDeposit(bike)["at"]?.dateTimeValue?.date?.description, day)
        }
        for typed in ["2026-11-29T23:59:00", "2026-11-01"] {
            let (status, out) = run(["deposit", "bike", "50", "--at", typed])
            XCTAssertEqual(status, 0)
            XCTAssertEqual(out.err, "", typed)
        }
    }

    /// One control-character rule for the command line and the forms (issue 39,
    /// `ControlCharacters.refusedInTypedText`): `--note` with a C0 control (a line break too), DEL,
    /// a C1 control or a line separator is a usage error naming the option, the file unchanged.
    func testANoteWithAControlCharacterIsAUsageErrorNamingTheOption() throws {
        let before = try bytes(bike)
        let controls = [
            ("\u{85}", "U+0085"), ("\u{9F}", "U+009F"), ("\n", "U+000A"), ("\u{7}", "U+0007"), ("\u{7F}", "U+007F"),
            ("\u{2028}", "U+2028"), ("\u{2029}", "U+2029"),
        ]
        for (control, described) in controls {
            let (status, out) = run(["deposit", "bike", "1", "--note", "a\(control)b"])
            XCTAssertEqual(status, 2, described)
            XCTAssertTrue(
                out.err.hasPrefix("sandjar: --note holds a control character (\(described)); type it without one"),
                out.err)
            XCTAssertTrue(out.err.contains("\n\nusage: sandjar add deposit GOAL AMOUNT"), out.err)
            XCTAssertEqual(try bytes(bike), before, described)
        }
        XCTAssertEqual(run(["deposit", "bike", "1", "--note", "a\tb"]).0, 0, "a tab is typed text")
    }

    func testNotesAreEscapedAndReadBackExactly() throws {
        let note = "she said \"hi\" \\o/ second line\ttab 🎧 买耳机 e\u{301}"
        XCTAssertEqual(run(["deposit", "bike", "1", "--note", note]).0, 0)
        XCTAssertEqual(
            try lastDeposit(bike)["note"]?.stringValue.map { Array($0.unicodeScalars) }, Array(note.unicodeScalars))
        let text = String(decoding: try bytes(bike), as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("note = \"she said \\\"hi\\\" \\\\o/ second line\\ttab 🎧 买耳机 e\u{301}\"\n"))
        let before = try bytes(bike)
        XCTAssertEqual(run(["deposit", "bike", "1", "--note", String(repeating: "x", count: 1001)]).0, 2)
        XCTAssertEqual(try bytes(bike), before)
    }

    func testAnInlineDepositArrayIsRefusedUntouched() throws {
        try write(
            "name = \"Bike\"\nmode = \"wish\"\ntarget = 5\ndeposit = [{ at = 2026-10-01, amount = 5 }]\n",
            to: "goals/bike.toml")
        let before = try bytes(bike)
        let (status, out) = run(["deposit", "bike", "5"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix("\(data.path)/goals/bike.toml:4:1: error: 'deposit' is written as an inline array"),
            out.err)
        XCTAssertEqual(try bytes(bike), before)
    }

    func testABrokenFileIsRefusedWithItsOwnError() throws {
        try write("name = \"Bike\"\nmode = = \"wish\"\n", to: "goals/bike.toml")
        let before = try bytes(bike)
        let (status, out) = run(["deposit", "bike", "5"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("\(data.path)/goals/bike.toml:2:8: error: "), out.err)
        XCTAssertTrue(out.err.contains("\n  mode = = \"wish\"\n         ^\n"), out.err)
        XCTAssertEqual(try bytes(bike), before)
    }

    /// A goal file saved as GB18030 is refused untouched, with its encoding and the command that
    /// converts it, its line quoted as GB18030 reads it.
    func testAFileInAnotherEncodingIsRefusedWithTheConversion() throws {
        let gb18030 =
            Array("name = \"".utf8) + [0xD7, 0xD4, 0xD0, 0xD0, 0xB3, 0xB5]
            + Array("\"\nmode = \"wish\"\ntarget = 100\n".utf8)
        try Data(gb18030).write(to: bike)
        let (status, out) = run(["deposit", "bike", "5"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.contains(
                "\(bike.path):1:9: error: invalid UTF-8 byte 0xD7: the file looks like GB18030; convert it with "
                    + "iconv -f GB18030 -t UTF-8 \(bike.path) > \(bike.path).utf8 and move that over it\n"
                    + "  name = \"自行车\"\n          ^\n"), out.err)
        XCTAssertEqual([UInt8](try bytes(bike)), gb18030)
    }

    func testAFileWithoutATrailingNewline() throws {
        try write("name = \"Bike\"\nmode = \"wish\"\ntarget = 5 # last", to: "goals/bike.toml")
        XCTAssertEqual(run(["deposit", "bike", "2", "--at", "2026-11-29"]).0, 0)
        let expected =
            "name = \"Bike\"\nmode = \"wish\"\ntarget = 5 # last\n\n[[deposit]]\nat = 2026-11-29\namount = 2\n"
        XCTAssertEqual(String(decoding: try bytes(bike), as: UTF8.self), expected)
    }

    func testCRLFFilesGetCRLFLines() throws {
        let original = "name = \"Bike\"\r\nmode = \"wish\"\r\ntarget = 5\r\n"
        try write(original, to: "goals/bike.toml")
        XCTAssertEqual(run(["deposit", "bike", "2", "--at", "2026-11-29"]).0, 0)
        let expected = original + "\r\n[[deposit]]\r\nat = 2026-11-29\r\namount = 2\r\n"
        XCTAssertEqual(String(decoding: try bytes(bike), as: UTF8.self), expected)
    }

    func testTheWriteIsAtomicAndKeepsPermissions() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: bike.path)
        XCTAssertEqual(run(["deposit", "bike", "2"]).0, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: bike.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: bike.deletingLastPathComponent().path), ["bike.toml"])
    }
}
