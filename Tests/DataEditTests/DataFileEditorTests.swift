import Domain
import Foundation
import TOML
import TestSupport
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
                XCTAssertTrue((error as? Diagnostic)?.message.contains(reason) == true, "\(typed): \(error)")
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
            try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, expecting: .bytes(Array("a = 0\n".utf8))))
        XCTAssertThrowsError(try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, expecting: .nothing))
        XCTAssertEqual(try text(file), "a = 1\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.toml"])
        try AtomicFile.write(Array("a = 2\n".utf8), to: file.path, expecting: .bytes(Array("a = 1\n".utf8)))
        XCTAssertEqual(try text(file), "a = 2\n")
        XCTAssertEqual(try mode(of: file), 0o604)
        // The jar cache's writes, which expect anything, keep the mode too.
        try AtomicFile.write(Array("a = 3\n".utf8), to: file.path, expecting: .anything)
        XCTAssertEqual(try text(file), "a = 3\n")
        XCTAssertEqual(try mode(of: file), 0o604)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.toml"])
    }

    private func mode(of file: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Every write through a `DataFolder` on disk — an edit, the journal, the cache, `init` — stays
    /// inside it: a symlink that leads out is refused with nothing written, one that stays in is
    /// followed, and a folder made for a file that cannot be written goes again.
    func testAWriteThroughTheDataFolderNeverLeavesIt() throws {
        let work = TestSupport.temporaryFolder(self)
        let inside = work.appendingPathComponent("data")
        let outside = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(
            at: inside.appendingPathComponent("goals"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "x = 1\n".write(to: inside.appendingPathComponent("goals/real.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: inside.appendingPathComponent("goals/link.toml").path, withDestinationPath: "real.toml")
        try FileManager.default.createSymbolicLink(
            at: inside.appendingPathComponent("out"), withDestinationURL: outside)
        let folder = DataFolder(path: inside.path)

        for relative in ["out/a.toml", "goals/../../elsewhere/b.toml"] {
            XCTAssertFalse(folder.isInside(relative), relative)
            XCTAssertThrowsError(try folder.write(relative, Array("y = 2\n".utf8))) { error in
                XCTAssertEqual(
                    error as? DataFolder.WriteFailure,
                    DataFolder.WriteFailure(path: "\(inside.path)/\(relative)", reason: "is outside the data folder"))
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])

        try folder.write("goals/link.toml", Array("x = 2\n".utf8), expecting: .bytes(Array("x = 1\n".utf8)))
        XCTAssertEqual(try text(inside.appendingPathComponent("goals/real.toml")), "x = 2\n")
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: inside.appendingPathComponent("goals/link.toml").path),
            "real.toml")

        // A new file's folder is made, and removed again when the write is refused.
        XCTAssertThrowsError(try folder.write("practice/2026-12.toml", Array("a = 1\n".utf8), expecting: .bytes([])))
        XCTAssertFalse(FileManager.default.fileExists(atPath: inside.appendingPathComponent("practice").path))
        try folder.write("practice/2026-12.toml", Array("a = 1\n".utf8), expecting: .nothing)
        XCTAssertEqual(try text(inside.appendingPathComponent("practice/2026-12.toml")), "a = 1\n")
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: inside.path)), ["goals", "out", "practice"])
    }

    /// A folder named before it exists, through a symlink (the undo journal's first write under a
    /// linked `$XDG_STATE_HOME`, a new cache), reads back what was written into it.
    func testAFolderMadeAfterItWasNamedReadsBackItsFiles() throws {
        let work = TestSupport.temporaryFolder(self)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("link").path, withDestinationPath: "real")
        let folder = DataFolder(path: work.appendingPathComponent("link/sandjar/key").path)
        try folder.createFolder("", mode: 0o700)
        try folder.write("0000000001.json", Array("{}".utf8), expecting: .nothing)
        XCTAssertEqual(try folder.read("0000000001.json").get().bytes, Array("{}".utf8))
        XCTAssertEqual(folder.allFiles(), ["0000000001.json"])
        XCTAssertEqual(try mode(of: work.appendingPathComponent("real/sandjar/key")), 0o700)
    }

    /// A folder in memory answers a write as one on disk does, word for word.
    func testAFolderInMemoryRefusesWhatADiskFolderRefuses() throws {
        let disk = TestSupport.temporaryFolder(self)
        try "a = 1\n".write(to: disk.appendingPathComponent("a.toml"), atomically: true, encoding: .utf8)
        let folders = [
            DataFolder(path: disk.path), DataFolder(files: ["a.toml": Array("a = 1\n".utf8)], display: disk.path),
        ]
        for folder in folders {
            let cases: [AtomicFile.Expected] = [.nothing, .bytes(Array("a = 0\n".utf8))]
            let reasons = cases.map { expected -> String? in
                do {
                    try folder.write("a.toml", Array("a = 2\n".utf8), expecting: expected)
                    return nil
                } catch {
                    return (error as? DataFolder.WriteFailure)?.reason
                }
            }
            XCTAssertEqual(
                reasons,
                [
                    "was changed by someone else while sandjar edited it; nothing was written, try again",
                    "was changed by someone else while sandjar edited it; nothing was written, try again",
                ])
            XCTAssertEqual(try folder.read("a.toml").get().bytes, Array("a = 1\n".utf8))
            try folder.write("a.toml", Array("a = 2\n".utf8), expecting: .bytes(Array("a = 1\n".utf8)))
            XCTAssertEqual(try folder.read("a.toml").get().bytes, Array("a = 2\n".utf8))
            try folder.remove("a.toml")
            XCTAssertFalse(folder.fileExists("a.toml"))
        }
    }

    /// The editing entries write through a `DataFolder`, so one in memory takes an edit, its
    /// removal and its undo, with the journal in memory too, and no disk involved.
    func testAnEditRunsAgainstADataFolderInMemory() throws {
        var files: [String: [UInt8]] = [:]
        let base = TestSupport.fixtures.appendingPathComponent("base")
        for relative in DataFolder(path: base.path).allFiles() {
            files[relative] = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
        }
        let bike = files["goals/bike.toml"]!
        let folder = DataFolder(files: files, display: "data")
        let journalFiles = DataFolder(files: [:], display: "journal")
        let editor = DataFileEditor(folder: folder, journal: UndoJournal(files: journalFiles))
        let now = Date(timeIntervalSince1970: 1_796_004_845)  // 2026-11-30T02:14:05Z

        let added = try DepositEntry(amount: "12.50", at: "2026-11-29 21:14", note: "lunch")
            .add(to: "Bike", in: editor, now: now)
        XCTAssertEqual(added.path, "data/goals/bike.toml")
        XCTAssertEqual(added.journalID, 1)
        let deposited = bike + Array("\n[[deposit]]\nat = 2026-11-29T21:14:00\namount = 12.50\nnote = \"lunch\"\n".utf8)
        XCTAssertEqual(try folder.read("goals/bike.toml").get().bytes, deposited)
        XCTAssertEqual(journalFiles.allFiles(), ["0000000001.json"])

        let removed = try RemoveEntry(.deposit(goal: "bike"), at: "2026-11-29 21:14")
            .apply(in: editor)
        XCTAssertEqual(removed.path, "data/goals/bike.toml")
        XCTAssertEqual(removed.journalID, 2)
        XCTAssertEqual(try folder.read("goals/bike.toml").get().bytes, bike)

        let undone = try UndoEntry.undo(in: editor, now: now)
        XCTAssertEqual(undone.entry.id, 2)
        XCTAssertEqual(try folder.read("goals/bike.toml").get().bytes, deposited)
        XCTAssertEqual(try UndoEntry.undo(in: editor, now: now).entry.id, 1)
        XCTAssertEqual(try folder.read("goals/bike.toml").get().bytes, bike)
        XCTAssertEqual(editor.journal.entries().map(\.id), [1, 2])
        XCTAssertTrue(editor.journal.entries().allSatisfy { $0.undone != nil })

        // A session creates its month's file, and undoing it removes the file again.
        let session = try SessionEntry(pattern: "box", cycles: "4", minutes: nil, at: "2026-12-01 07:00")
            .add(in: editor, now: now)
        XCTAssertEqual(session.path, "data/practice/2026-12.toml")
        XCTAssertEqual(
            try folder.read("practice/2026-12.toml").get().bytes,
            Array("[[session]]\nat = 2026-12-01T07:00:00\npattern = \"box\"\ncycles = 4\n".utf8))
        _ = try UndoEntry.undo(in: editor, now: now)
        XCTAssertFalse(folder.fileExists("practice/2026-12.toml"))
    }

    /// Undo of a write that never was says so; of one the journal let go, that it no longer holds
    /// it (issue 39). Either way nothing changes.
    func testUndoOfAWriteThatNeverWasIsToldFromOneTheJournalLetGo() throws {
        var files: [String: [UInt8]] = [:]
        let base = TestSupport.fixtures.appendingPathComponent("base")
        for relative in DataFolder(path: base.path).allFiles() {
            files[relative] = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
        }
        let folder = DataFolder(files: files, display: "data")
        let journal = UndoJournal(files: DataFolder(files: [:], display: "journal"))
        let editor = DataFileEditor(folder: folder, journal: journal)
        let now = Date(timeIntervalSince1970: 1_796_004_845)
        XCTAssertThrowsError(try UndoEntry.undo(in: editor, id: 1, now: now)) {
            XCTAssertEqual(
                ($0 as? EditError)?.message,
                "there is no write 1 in the undo journal (it holds no writes); nothing was changed")
        }
        for amount in ["1", "2"] {
            _ = try DepositEntry(amount: amount, at: "2026-11-29 21:14").add(to: "bike", in: editor, now: now)
        }
        let bike = try folder.read("goals/bike.toml").get().bytes
        for id in [99999, 3, 0, -1] {
            XCTAssertThrowsError(try UndoEntry.undo(in: editor, id: id, now: now)) {
                XCTAssertEqual(
                    ($0 as? EditError)?.message,
                    "there is no write \(id) in the undo journal (its latest is write 2); nothing was changed")
            }
        }
        journal.forget(1)  // as the journal lets the oldest go past its 100
        XCTAssertThrowsError(try UndoEntry.undo(in: editor, id: 1, now: now)) {
            XCTAssertEqual(
                ($0 as? EditError)?.message, "the undo journal no longer holds write 1; nothing was changed")
        }
        XCTAssertEqual(try folder.read("goals/bike.toml").get().bytes, bike, "nothing changed")
        XCTAssertEqual(journal.entries().map { $0.undone == nil }, [true])
    }

    /// A folder in memory is locked for an edit as one on disk is: sixteen deposits at once all
    /// land, each recorded once, none over another's.
    func testEditsAtOnceOfAFolderInMemoryAllLand() throws {
        let base = TestSupport.fixtures.appendingPathComponent("base")
        var files: [String: [UInt8]] = [:]
        for relative in DataFolder(path: base.path).allFiles() {
            files[relative] = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
        }
        let folder = DataFolder(files: files, display: "data")
        let journal = UndoJournal(files: DataFolder(files: [:], display: "journal"))
        let now = Date(timeIntervalSince1970: 1_796_004_845)
        let minute: @Sendable (Int) -> String = { index in index < 10 ? "0\(index)" : "\(index)" }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do {
                _ = try DepositEntry(amount: "\(index + 1)", at: "2026-11-29 10:\(minute(index))", note: nil)
                    .add(to: "bike", in: DataFileEditor(folder: folder, journal: journal), now: now)
            } catch {
                failures.add("\(error)")
            }
        }
        XCTAssertEqual(failures.all, [])
        let text = String(decoding: try folder.read("goals/bike.toml").get().bytes, as: UTF8.self)
        for index in 0..<16 {
            XCTAssertTrue(text.contains("at = 2026-11-29T10:\(minute(index)):00\namount = \(index + 1)\n"), text)
        }
        XCTAssertEqual(journal.entries().map(\.id), Array(1...16))
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

/// What the threads of a test reported, in any order.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
