import Domain
import Foundation
import TOML
import XCTest

@testable import DataEdit
@testable import SiteData

/// The editing layer under `sandjar add`: literals, the append rule and the atomic write.
final class DataFileEditorTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func baseCopy(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let data = TestSupport.temporaryFolder(self, file: file, line: line)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        return data
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    func testAmountLiteralsKeepWhatWasTypedAndNormaliseOnlyWhatTOMLCannotHold() throws {
        let cases = [("300", "300"), ("12.50", "12.50"), ("0.10", "0.10"), ("+5", "5"), (".5", "0.5"), ("007", "7")]
        for (typed, text) in cases {
            let amount = try AmountLiteral(typed)
            XCTAssertEqual(amount.text, text)
            XCTAssertEqual(amount.value, Decimal(string: text))
        }
        XCTAssertEqual(try AmountLiteral("0.0000000001").text, "0.0000000001", "10 fraction digits are fine")
        let refused = [
            ("0", "greater than 0"), ("-1", "greater than 0"), ("abc", "not a number"), ("nan", "finite"),
            ("1e3", "exponent"), ("12.345678901234567", "10 digits"), ("0.00000000001", "10 digits"), ("", "empty"),
            ("1_000", "separators"),
            ("9999999999999999", "too large"),
        ]
        for (typed, reason) in refused {
            XCTAssertThrowsError(try AmountLiteral(typed), typed) { error in
                XCTAssertTrue((error as? AmountLiteral.Invalid)?.message.contains(reason) == true, "\(typed): \(error)")
            }
        }
    }

    func testEventTimesAreParsedByTheTOMLParserAndWrittenCanonically() throws {
        let cases = [
            ("2026-11-29", "2026-11-29"), ("2026-11-29 21:14", "2026-11-29T21:14:00"),
            ("2026-11-29T21:14:05-05:00", "2026-11-29T21:14:05-05:00"), ("2026-11-29T21:14Z", "2026-11-29T21:14:00Z"),
        ]
        for (typed, written) in cases {
            XCTAssertEqual(try EventTimeLiteral.parse(typed).description, written)
        }
        for typed in ["21:14:00", "2026-02-29", "2026-11-29T21:14 +08:00", "now", "2026-11-29\nx = 1"] {
            XCTAssertThrowsError(try EventTimeLiteral.parse(typed), typed)
        }
        let instant = Date(timeIntervalSince1970: 1_796_004_845.9)  // 2026-11-30T02:14:05.9Z
        let shanghai = try XCTUnwrap(TimeZone(identifier: "Asia/Shanghai"))
        XCTAssertEqual(EventTimeLiteral.now(instant, in: shanghai).description, "2026-11-30T10:14:05+08:00")
        XCTAssertEqual(
            EventTimeLiteral.now(instant, in: TimeZone(identifier: "UTC")!).description, "2026-11-30T02:14:05Z")
    }

    func testBasicStringsRoundTripThroughTheParser() throws {
        let notes = [
            "\"quoted\"", "back\\slash", "two\nlines\r\n", "tab\there", "\u{0}\u{1F}\u{7F}", "🎧💰", "买耳机", "e\u{301}",
        ]
        for note in notes {
            let field = TOMLField.string("note", note)
            let parsed = try XCTUnwrap(TOMLParser.parse(field.line)["note"])
            XCTAssertTrue(field.matches(parsed), field.line)
            XCTAssertFalse(field.line.contains("\n"), "a note stays on one line")
        }
        XCTAssertFalse(
            TOMLField.string("note", "e\u{301}").matches(
                TOMLValue(kind: .string("é"), location: .init(line: 1, column: 1))))
    }

    func testAppendingKeepsEveryByteAndFollowsTheFilesLineEndings() {
        let fields = [TOMLField.integer("n", 1)]
        func appended(_ text: String) -> String {
            String(decoding: DataFileEditor.appending(table: "x", fields: fields, to: Array(text.utf8)), as: UTF8.self)
        }
        XCTAssertEqual(appended(""), "[[x]]\nn = 1\n")
        XCTAssertEqual(appended("a = 1"), "a = 1\n\n[[x]]\nn = 1\n")
        XCTAssertEqual(appended("a = 1\n"), "a = 1\n\n[[x]]\nn = 1\n")
        XCTAssertEqual(appended("a = 1\n\n"), "a = 1\n\n[[x]]\nn = 1\n", "an existing blank line is enough")
        XCTAssertEqual(appended("a = 1\r\nb = 2"), "a = 1\r\nb = 2\r\n\r\n[[x]]\r\nn = 1\r\n")
        XCTAssertEqual(appended("a = 1\r\n\r\n"), "a = 1\r\n\r\n[[x]]\r\nn = 1\r\n")
    }

    func testAddingADepositLoadsWithTheExactAmountAndTheSiteClock() throws {
        let data = try baseCopy()
        let bike = data.appendingPathComponent("goals/bike.toml")
        let before = try text(bike)
        let entry = try DepositEntry(amount: "0.10", note: "dime")
        let added = try entry.add(to: "bike", data: data.path, now: Date(timeIntervalSince1970: 1_796_004_845))
        XCTAssertEqual(added.at.description, "2026-11-29T21:14:05-05:00", "America/New_York, from site.toml")
        XCTAssertEqual(
            try text(bike), before + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 0.10\nnote = \"dime\"\n")
        let log = DiagnosticLog(strict: true)
        let goal = try XCTUnwrap(DataLoader(folder: DataFolder(path: data.path), log: log).load()?.data.goals.first)
        XCTAssertEqual(log.entries, [])
        XCTAssertEqual(goal.deposits.count, 3)
        XCTAssertEqual(goal.deposits.last?.amount, Decimal(string: "0.1"))
        XCTAssertEqual(goal.deposits.last?.note, "dime")
    }

    func testTheSiteTimeZoneDefaultsToUTCAndABadOneIsAnError() throws {
        let data = try baseCopy()
        let instant = Date(timeIntervalSince1970: 1_796_004_845)
        try "title = \"T\"\ncurrency = \"USD\"\n".write(
            to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try DepositEntry(amount: "1").add(to: "bike", data: data.path, now: instant).at.description,
            "2026-11-30T02:14:05Z")
        try "title = \"T\"\ntimezone = \"Mars/Olympus\"\n".write(
            to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try DepositEntry(amount: "1").add(to: "bike", data: data.path, now: instant)) { error in
            XCTAssertTrue(
                String(describing: error).contains(
                    "site.toml:2:12: error: timezone 'Mars/Olympus' is not an IANA time zone name such as Asia/Shanghai"
                ),
                "the same words as a build's: \(error)")
        }
        XCTAssertNoThrow(try DepositEntry(amount: "1", at: "2026-11-29").add(to: "bike", data: data.path, now: instant))
    }

    func testAppendCreatesAMissingFileAndFolderOnlyWhenAsked() throws {
        let data = try baseCopy()
        let editor = DataFileEditor(data: data.path)
        let fields = [TOMLField.string("pattern", "box"), .integer("cycles", 4)]
        let action = JournalAction(.session, "a test")
        XCTAssertThrowsError(
            try editor.append(table: "session", fields: fields, to: "practice/2026-12.toml", action: action))
        try FileManager.default.removeItem(at: data.appendingPathComponent("practice"))
        let shown = try editor.append(
            table: "session", fields: fields, to: "practice/2026-12.toml", createIfMissing: true, action: action
        ).path
        XCTAssertEqual(shown, data.path + "/practice/2026-12.toml")
        XCTAssertEqual(try text(URL(fileURLWithPath: shown)), "[[session]]\npattern = \"box\"\ncycles = 4\n")
    }

    func testTheAtomicWriteRefusesAFileThatChangedAndLeavesNoTemporaryFile() throws {
        let folder = TestSupport.temporaryFolder(self)
        let file = folder.appendingPathComponent("a.toml")
        try "a = 1\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: file.path)
        XCTAssertThrowsError(
            try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, replacing: Array("a = 0\n".utf8)))
        XCTAssertThrowsError(try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, replacing: nil))
        XCTAssertEqual(try text(file), "a = 1\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.toml"])
        try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, replacing: Array("a = 1\n".utf8))
        XCTAssertEqual(try text(file), "a = 2\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o604)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.toml"])
    }

    func testAGoalIDUsedTwiceIsRefused() throws {
        let data = try baseCopy()
        try "id = \"bike\"\nname = \"B\"\nmode = \"wish\"\ntarget = 5\n".write(
            to: data.appendingPathComponent("goals/other.toml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try DepositEntry(amount: "1").add(to: "bike", data: data.path, now: Date(timeIntervalSince1970: 0))
        ) { error in
            XCTAssertTrue(String(describing: error).contains("goal id 'bike' is used by both"), "\(error)")
        }
    }

    func testATableOrValueNamedLikeTheArrayIsRefused() throws {
        let data = try baseCopy()
        let goal = data.appendingPathComponent("goals/bike.toml")
        try "name = \"B\"\nmode = \"wish\"\ntarget = 5\n\n[deposit]\nat = 2026-01-01\n".write(
            to: goal, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try DepositEntry(amount: "1").add(to: "bike", data: data.path, now: Date(timeIntervalSince1970: 0))
        ) { error in
            XCTAssertTrue(
                String(describing: error).contains("bike.toml:5:2: error: 'deposit' is already a value"), "\(error)")
        }
    }
}
