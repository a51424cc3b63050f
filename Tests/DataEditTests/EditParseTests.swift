import Foundation
import TestSupport
import XCTest

@testable import DataEdit
@testable import SiteData
@testable import TOML

/// How many times one edit parses each data file (issue 40): an edit finds its entry, the ids, the
/// pins and the time zone through the readers, each file parsed once for the whole edit, and the
/// new text once more to check it reads back. Counted through `TOMLParser.parsing`.
final class EditParseTests: XCTestCase {
    /// What one edit parsed: for each data file, how many times its bytes before the edit and its
    /// bytes after it (when it changed) were parsed.
    struct Parses: CustomStringConvertible {
        var before: [String: Int] = [:]
        var after: [String: Int] = [:]

        var description: String {
            let files = Set(before.keys).union(after.keys).sorted()
            return files.map { "\($0) \(before[$0] ?? 0)/\(after[$0] ?? 0)" }.joined(separator: ", ")
        }
    }

    /// Every parse's bytes, counted; the parser's observer is set only while one edit runs.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [[UInt8]: Int] = [:]
        func add(_ bytes: [UInt8]) { lock.withLock { counts[bytes, default: 0] += 1 } }
        subscript(bytes: [UInt8]) -> Int { lock.withLock { counts[bytes] ?? 0 } }
    }

    private let now = Date(timeIntervalSince1970: 1_796_004_845)  // 2026-11-30T02:14:05Z

    /// The base fixture with a second goal and a second subscription file, and a person.
    private func folder() throws -> DataFolder {
        var files: [String: [UInt8]] = [:]
        let base = TestSupport.fixtures.appendingPathComponent("base")
        for relative in DataFolder(path: base.path).allFiles() {
            files[relative] = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
        }
        files["site.toml"]! += Array("\n[[person]]\nid = \"ann\"\nname = \"Ann\"\n".utf8)
        files["goals/trip.toml"] = Array(
            "name = \"Trip\"\nmode = \"wish\"\ntarget = 900\ncreated = 2026-09-01\n\n[[deposit]]\nat = 2026-10-02\namount = 10\n"
                .utf8)
        files["subscriptions/video.toml"] = Array(
            "[[subscription]]\nname = \"Netflix\"\nprice = 15.49\ncycle = \"monthly\"\nstarted = 2025-03-01\n".utf8)
        return DataFolder(files: files, display: "data")
    }

    /// Runs `edit` on `folder` and counts the parses of each of its files.
    private func parses(
        _ folder: DataFolder, memo: ParsedTables = ParsedTables(), _ edit: (DataFileEditor) throws -> Void
    ) throws -> Parses {
        let before = Dictionary(uniqueKeysWithValues: folder.allFiles().map { ($0, try? folder.read($0).get().bytes) })
        let journal = UndoJournal(files: DataFolder(files: [:], display: "journal"))
        let editor = DataFileEditor(folder: folder, journal: journal, memo: memo)
        let counter = Counter()
        TOMLParser.parsing = { counter.add($0) }
        defer { TOMLParser.parsing = nil }
        try edit(editor)
        TOMLParser.parsing = nil
        var parses = Parses()
        for relative in Set(before.keys).union(folder.allFiles()) where relative.hasSuffix(".toml") {
            let old = before[relative] ?? nil
            let new = try? folder.read(relative).get().bytes
            if let old { parses.before[relative] = counter[old] }
            if let new, new != old { parses.after[relative] = counter[new] }
        }
        print("parses: \(name): \(parses)")
        return parses
    }

    /// Each file parsed at most once before the edit and once after it.
    private func assertOnce(_ parses: Parses, file: StaticString = #filePath, line: UInt = #line) {
        for (relative, count) in parses.before where count > 1 {
            XCTFail("\(relative) was parsed \(count) times: \(parses)", file: file, line: line)
        }
        for (relative, count) in parses.after where count > 1 {
            XCTFail("\(relative)'s new text was parsed \(count) times: \(parses)", file: file, line: line)
        }
    }

    func testAddDepositFromTheCommandLine() throws {
        let parses = try parses(try folder()) { editor in
            _ = try DepositEntry(amount: "12.50", note: "lunch", by: "ann").add(to: "Bike", in: editor, now: now)
        }
        assertOnce(parses)
        XCTAssertEqual(parses.before["site.toml"], 1)
        XCTAssertEqual(parses.after["goals/bike.toml"], 1)
    }

    /// A served site's form: the goal file the last build parsed is not parsed again, the new text
    /// is parsed once to be checked, and the build after the write does not parse it again.
    func testAFormsDepositParsesItsFileOnce() throws {
        let folder = try folder()
        let memo = ParsedTables()
        XCTAssertNotNil(DataLoader(folder: folder, log: DiagnosticLog(strict: false), tables: memo).load())
        let parses = try parses(folder, memo: memo) { editor in
            _ = try DepositEntry(amount: "12.50", at: "2026-11-29 21:14", wording: .form)
                .add(to: "bike", in: editor, now: now, askFirst: true, byName: false)
            XCTAssertNotNil(DataLoader(folder: folder, log: DiagnosticLog(strict: false), tables: memo).load())
        }
        assertOnce(parses)
        XCTAssertEqual(parses.before["goals/bike.toml"], 0)
        XCTAssertEqual(parses.after["goals/bike.toml"], 1)
    }

    func testRemoveDeposit() throws {
        let parses = try parses(try folder()) { editor in
            _ = try RemoveEntry(.deposit(goal: "bike"), at: "2026-10-01").apply(in: editor)
        }
        assertOnce(parses)
    }

    func testSlay() throws {
        let parses = try parses(try folder()) { editor in
            _ = try SlayEntry(name: "Netflix").apply(in: editor, now: now)
        }
        assertOnce(parses)
        XCTAssertEqual(parses.after["subscriptions/video.toml"], 1)
    }

    func testPriceChange() throws {
        let parses = try parses(try folder()) { editor in
            _ = try PriceEntry(name: "Netflix", price: "17.99").apply(in: editor, now: now)
        }
        assertOnce(parses)
    }

    func testNewGoal() throws {
        let parses = try parses(try folder()) { editor in
            _ = try GoalEntry(id: "", name: "A new bike", mode: "wish", target: "1500").add(in: editor, now: now)
        }
        assertOnce(parses)
    }

    func testNewSubscription() throws {
        let parses = try parses(try folder()) { editor in
            _ = try SubscriptionEntry(name: "Hulu", price: "7.99", cycle: "monthly", category: "video")
                .add(in: editor, now: now)
        }
        assertOnce(parses)
    }

    func testAFormsSession() throws {
        let parses = try parses(try folder()) { editor in
            _ = try SessionEntry(pattern: "box", cycles: "4", minutes: nil, by: "ann", wording: .form)
                .add(in: editor, now: now, askFirst: true)
        }
        assertOnce(parses)
    }
}
