import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// Every command finds the data folder the same way (DESIGN.md §6): --data / -C, or DATA where
/// shown, else the nearest folder upward holding site.toml, else an error that says what to do.
final class DataLocationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private var nested: URL!
    private var outside: URL!
    private var previous = ""

    override func setUpWithError() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-loc-\(UUID().uuidString)")
        data = work.appendingPathComponent("dash")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        nested = data.appendingPathComponent("goals/deeper")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        outside = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        previous = FileManager.default.currentDirectoryPath
        addTeardownBlock { [previous] in
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: work)
        }
    }

    private func run(_ arguments: [String], in folder: URL, file: StaticString = #filePath, line: UInt = #line) -> (
        Int32, SandjarCommandTests.Captured
    ) {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path), file: file, line: line)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let captured = SandjarCommandTests.Captured(self)
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-29
        return (SandjarCommand.main(arguments: arguments, console: captured.console(), now: now), captured)
    }

    func testTheNearestFolderWithASiteTOMLIsFoundFromBelow() throws {
        XCTAssertEqual(DataLocation.nearest(from: nested.path), data.standardizedFileURL.path)
        XCTAssertEqual(DataLocation.nearest(from: data.path), ".")
        XCTAssertNil(DataLocation.nearest(from: outside.path))
    }

    /// The same search for every command that reads data, run from a folder inside it.
    func testEveryCommandFindsTheDataFolderFromInsideIt() throws {
        let site = outside.appendingPathComponent("site").path
        let commands: [[String]] = [
            ["check", "--today", "2026-11-29"],
            ["build", "--out", site, "--today", "2026-11-29", "--quiet"],
            ["add", "deposit", "bike", "5", "--at", "2026-11-29"],
            ["add", "session", "box", "--cycles", "4", "--at", "2026-11-29T07:00:00"],
            ["slay", "Music", "--on", "2026-11-29"],
        ]
        for words in commands {
            let (status, out) = run(words, in: nested)
            XCTAssertEqual(status, 0, "\(words): \(out.err)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/index.html"))
        let goal = try String(contentsOf: data.appendingPathComponent("goals/bike.toml"), encoding: .utf8)
        XCTAssertTrue(goal.hasSuffix("at = 2026-11-29\namount = 5\n"), goal)
    }

    /// Run from the data folder itself, findings name files as the person would type them there.
    func testFindingsFromInsideTheDataFolderNameFilesFromThere() throws {
        let goal = data.appendingPathComponent("goals/bike.toml")
        let text = try String(contentsOf: goal, encoding: .utf8)
        try (text + "\n[[deposit]]\nat = 2026-11-29\namount = -5\n").write(to: goal, atomically: false, encoding: .utf8)
        let (status, out) = run(["check", "--today", "2026-11-29"], in: data)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("goals/bike.toml:"), out.err)
        XCTAssertTrue(out.err.contains(":10: error: deposit["), out.err)
    }

    func testDataCanBeNamedThreeWaysButOnlyOnce() throws {
        for words in [["check", data.path], ["check", "--data", data.path], ["check", "-C", data.path]] {
            XCTAssertEqual(run(words + ["--today", "2026-11-29"], in: outside).0, 0, "\(words)")
        }
        let (status, out) = run(["check", data.path, "--data", data.path], in: outside)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.err, "sandjar: give the data folder once: as DATA or as --data, not both\n")
    }

    func testNoDataFolderSaysWhatToDo() throws {
        for words in [["check"], ["build"], ["add", "deposit", "bike", "5"], ["slay", "Music"], ["serve"]] {
            let (status, out) = run(words, in: outside)
            XCTAssertEqual(status, 1, "\(words)")
            XCTAssertTrue(
                out.err.hasPrefix(
                    "sandjar: no data folder here: no site.toml in \(outside.path) or any folder above it; "),
                out.err)
            XCTAssertTrue(out.err.contains("'sandjar init DIR'"), out.err)
        }
        let file = data.appendingPathComponent("site.toml").path
        let given: [[String]] = [
            ["check", file], ["build", file], ["check", "--data", file], ["build", "-C", file],
            ["add", "deposit", "bike", "5", "--data", file], ["slay", "Music", "--data", file],
            ["detect", "s.csv", "--data", file],
        ]
        for words in given {
            let (status, out) = run(words, in: outside)
            XCTAssertEqual(status, 1, "\(words)")
            XCTAssertEqual(
                out.err, "sandjar: \(file): is a file, not a data folder; give the folder that holds site.toml\n",
                "\(words)")
        }
    }

    /// detect works without a data folder, and uses the one it finds for the site currency.
    func testDetectUsesTheDataFolderItFinds() throws {
        let csv = outside.appendingPathComponent("s.csv")
        try Data(
            "Date,Payee,Amount\n2026-09-02,NETFLIX,-15.49\n2026-10-02,NETFLIX,-15.49\n2026-11-02,NETFLIX,-15.49\n".utf8
        )
        .write(to: csv)
        let (inside, found) = run(["detect", csv.path], in: nested)
        XCTAssertEqual(inside, 0, found.err)
        XCTAssertTrue(found.out.contains("currency = \"USD\""), found.out)
        XCTAssertTrue(found.out.contains("catalog = \"netflix\""), found.out)
        let (away, none) = run(["detect", csv.path], in: outside)
        XCTAssertEqual(away, 0, none.err)
        XCTAssertFalse(none.out.contains("currency = "), none.out)
    }
}
