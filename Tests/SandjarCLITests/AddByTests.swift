import Domain
import Foundation
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI
@testable import SiteData

/// `add deposit --by` and `add session --by` (DESIGN.md §2, §6): who put it in or practised, one
/// of site.toml's `[[person]]`s, checked under the edit lock, written as `by`, taken back by undo.
final class AddByTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private var bike: URL { data.appendingPathComponent("goals/bike.toml") }
    private var november: URL { data.appendingPathComponent("practice/2026-11.toml") }
    private let clock = Date(timeIntervalSince1970: 1_796_004_845.75)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-by-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func household() throws {
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try Data((text + "\n[[person]]\nid = \"lin\"\nname = \"林\"\n[[person]]\nid = \"zhou\"\nname = \"小周\"\n").utf8)
            .write(to: site)
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    private func load(file: StaticString = #filePath, line: UInt = #line) throws -> DataSet {
        let log = DiagnosticLog(strict: true)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        return try XCTUnwrap(
            loaded?.data, log.entries.map(\.description).joined(separator: "\n"), file: file, line: line)
    }

    func testADepositByAPersonIsWrittenAsByReadBackAndUndone() throws {
        try household()
        let original = try text(bike)
        let (status, out) = run(["add", "deposit", "bike", "20", "--at", "2026-11-29T21:00", "--by", "zhou"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            try text(bike), original + "\n[[deposit]]\nat = 2026-11-29T21:00:00\namount = 20\nby = \"zhou\"\n")
        XCTAssertEqual(try load().goals.first?.deposits.last?.by, "zhou")
        XCTAssertEqual(run(["undo"]).0, 0)
        XCTAssertEqual(try text(bike), original)
    }

    func testASessionByAPersonIsWrittenAsByReadBackAndUndone() throws {
        try household()
        let original = try text(november)
        let (status, out) = run(["add", "session", "box", "--cycles", "4", "--at", "2026-11-28T07:00", "--by", "lin"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            try text(november),
            original + "\n[[session]]\nat = 2026-11-28T07:00:00\npattern = \"box\"\ncycles = 4\nby = \"lin\"\n")
        XCTAssertEqual(try load().sessions.last?.by, "lin")
        XCTAssertEqual(run(["undo"]).0, 0)
        XCTAssertEqual(try text(november), original)
    }

    /// An unknown person is refused with "did you mean" and the people listed; nothing is written.
    func testAnUnknownPersonIsRefusedWithDidYouMeanAndNothingChanges() throws {
        try household()
        let (deposits, sessions) = (try text(bike), try text(november))
        for words in [
            ["add", "deposit", "bike", "20", "--by", "zhuo"],
            ["add", "session", "box", "--cycles", "4", "--by", "zhuo"],
        ] {
            let (status, out) = run(words)
            XCTAssertEqual(status, 1, out.err)
            XCTAssertEqual(
                out.err, "sandjar: unknown person 'zhuo'; did you mean 'zhou'?\nknown people: lin, zhou\n", words[1])
        }
        XCTAssertEqual(try text(bike), deposits)
        XCTAssertEqual(try text(november), sessions)
    }

    func testWithoutPeopleByIsRefused() throws {
        let before = try text(bike)
        let (status, out) = run(["add", "deposit", "bike", "20", "--by", "lin"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.contains("site.toml has no [[person]]"), out.err)
        XCTAssertEqual(try text(bike), before)
    }

    func testPeopleAreOfferedForCompletion() throws {
        XCTAssertEqual(CompletionList.people.values(data: data.path), [])
        try household()
        XCTAssertEqual(CompletionList.people.values(data: data.path), ["lin", "zhou"])
    }
}
