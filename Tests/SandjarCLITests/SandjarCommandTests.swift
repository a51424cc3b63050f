import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// The command line in-process, with its output captured.
final class SandjarCommandTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// What a command printed. Made for a test whose class began `TestIsolation`, so the
    /// commands it runs keep their cache and journal out of the home folder.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var outText = "", errText = ""

        init(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
            TestIsolation.require(test, file: file, line: line)
        }

        var out: String { lock.withLock { outText } }
        var err: String { lock.withLock { errText } }
        func console(input: String = "") -> Console {
            Console(
                out: { t in self.lock.withLock { self.outText += t } },
                err: { t in self.lock.withLock { self.errText += t } },
                readInput: { Array(input.utf8) })
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testUsageErrorsExitWith2() {
        let captured = Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: [], console: captured.console()), 2)
        XCTAssertEqual(SandjarCommand.main(arguments: ["frobnicate"], console: captured.console()), 2)
        XCTAssertEqual(SandjarCommand.main(arguments: ["build", "--colour"], console: captured.console()), 2)
        XCTAssertEqual(
            SandjarCommand.main(arguments: ["build", "--today", "2026-13-01"], console: captured.console()), 2)
        XCTAssertTrue(captured.err.contains("unknown option '--colour'"))
        XCTAssertTrue(captured.err.contains("usage: sandjar build"))
    }

    func testTOMLDecodeWritesTaggedJSON() {
        let captured = Captured(self)
        let status = SandjarCommand.main(
            arguments: ["debug", "toml-decode"],
            console: captured.console(input: "a = 1\nb = \"x\"\n"))
        XCTAssertEqual(status, 0)
        let json = try? JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: [String: String]]
        XCTAssertEqual(json?["a"], ["type": "integer", "value": "1"])
        XCTAssertEqual(json?["b"], ["type": "string", "value": "x"])
    }

    func testTOMLDecodeRejectsInvalidWithPosition() {
        let captured = Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(
                arguments: ["debug", "toml-decode"],
                console: captured.console(input: "a = 1\na = 2\n")), 1)
        XCTAssertTrue(captured.err.hasPrefix("<stdin>:2:1: error:"), captured.err)
        // As every TOML finding is said: the line quoted, a caret under the column.
        XCTAssertTrue(captured.err.hasSuffix("\n  a = 2\n  ^\n"), captured.err)
    }

    func testBuildPrintsOneLineSummaryAndQuietPrintsNothing() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-cli-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(atPath: out.path + ".lock")
            try? FileManager.default.removeItem(atPath: out.path + ".cache")
        }
        let args = [
            "build", SandjarCommandTests.root.appendingPathComponent("content").path,
            "--out", out.path, "--today", "2026-11-29", "--cache", out.path + ".cache",
        ]
        let loud = Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: args, console: loud.console()), 0, loud.err)
        XCTAssertTrue(loud.out.hasPrefix("built "), loud.out)
        XCTAssertEqual(loud.out.filter { $0 == "\n" }.count, 1)
        let quiet = Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: args + ["--quiet"], console: quiet.console()), 0)
        XCTAssertEqual(quiet.out, "")
        XCTAssertEqual(quiet.err, "")
    }

    func testBadDataExitsWith1AndPointsAtTheLine() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("goals"), withIntermediateDirectories: true)
        try "title = \"T\"\ncurrency = \"USD\"\n".write(
            to: work.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        try "name = \"Bike\"\nmode = \"wish\"\ntarget = 100\n\n[[deposit]]\nat = 2026-01-02\namount = -3\n"
            .write(to: work.appendingPathComponent("goals/bike.toml"), atomically: true, encoding: .utf8)
        let captured = Captured(self)
        let status = SandjarCommand.main(
            arguments: [
                "check", work.path,
            ], console: captured.console())
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            captured.err.contains(
                "goals/bike.toml:7:10: error: deposit[1].amount must be > 0\n  amount = -3\n           ^"),
            captured.err)
        XCTAssertTrue(
            captured.err.hasSuffix("\nsandjar: checked 2 files in \(work.path): 1 error, 0 warnings\n"), captured.err)
    }

    /// check's last line says what it checked and found, and what a build would make.
    func testCheckEndsWithWhatItCheckedAndFound() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: work)
        let site = work.appendingPathComponent("site.toml")
        try (String(contentsOf: site, encoding: .utf8) + "titel = \"T\"\n").write(
            to: site, atomically: true, encoding: .utf8)
        let captured = Captured(self)
        let status = SandjarCommand.main(
            arguments: ["check", work.path, "--today", "2026-11-29"], console: captured.console())
        XCTAssertEqual(status, 0, captured.err)
        let last = captured.out.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.hasPrefix("checked 7 files in \(work.path): 0 errors, 1 warning; "), captured.out)
        XCTAssertTrue(last.hasSuffix(" pages would be built"), captured.out)
        XCTAssertFalse(captured.out.contains("nothing was changed"))
    }

    /// A folder without site.toml: every key it needs, at once, not one per run.
    func testAFolderWithoutSiteTOMLIsToldEveryKeyItNeeds() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let captured = Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: ["check", work.path], console: captured.console()), 1)
        XCTAssertEqual(
            captured.err,
            """
            \(work.path)/site.toml: error: is missing: every data folder needs one, with at least title = "…" and \
            currency = "…" (or a locale such as zh-Hans-CN that implies the currency)
            sandjar: checked 0 files in \(work.path): 1 error, 0 warnings

            """)
    }

    func testCheckListsWhatEachSubscriptionMatched() {
        let captured = Captured(self)
        let status = SandjarCommand.main(
            arguments: [
                "check", SandjarCommandTests.root.appendingPathComponent("content").path, "--today", "2026-11-29",
            ], console: captured.console())
        XCTAssertEqual(status, 0, captured.err)
        XCTAssertTrue(captured.out.contains("subscriptions and the catalogue entries they match:"), captured.out)
        XCTAssertTrue(captured.out.contains("→ netflix (pinned, score 1.00)"), captured.out)
        XCTAssertTrue(captured.out.contains("→ iqiyi (exact, score 1.00)"), captured.out)
        XCTAssertTrue(captured.out.contains("楼下健身房月卡"), captured.out)
        XCTAssertTrue(captured.out.contains("matching turned off (catalog = false)"), captured.out)
    }
}
