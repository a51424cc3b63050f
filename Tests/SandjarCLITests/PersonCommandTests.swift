import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `today --person`, `build --person` (DESIGN.md §3 "Household", §6) at the command line, on a
/// temporary copy of `Tests/Fixtures/base` made a two-person household; zhou has a goal of their
/// own whose weekly plan is overdue.
final class PersonCommandTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-person-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try Data(
            (text + "\n[[person]]\nid = \"lin\"\nname = \"Lin\"\n[[person]]\nid = \"zhou\"\nname = \"Zhou\"\n").utf8
        )
        .write(to: site)
        try Data(
            """
            name = "Zhou Camera"
            mode = "wish"
            target = 800
            people = ["zhou"]
            [plan]
            amount = 40
            frequency = "weekly"
            start = 2026-11-02

            """.utf8
        ).write(to: data.appendingPathComponent("goals/zhou-camera.toml"))
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(arguments: words + ["--data", data.path], console: captured.console())
        return (status, captured)
    }

    func testTodaySaysWhatNeedsThePersonAlone() throws {
        let (household, said) = run(["today", "--today", "2026-11-29"])
        XCTAssertEqual(household, 0, said.err)
        XCTAssertTrue(said.out.contains("Zhou Camera"), said.out)
        let (zhouStatus, zhou) = run(["today", "--today", "2026-11-29", "--person", "zhou"])
        XCTAssertEqual(zhouStatus, 0, zhou.err)
        XCTAssertTrue(zhou.out.contains("Zhou Camera"), zhou.out)
        let (linStatus, lin) = run(["today", "--today", "2026-11-29", "--person", "lin", "--format", "json"])
        XCTAssertEqual(linStatus, 0, lin.err)
        XCTAssertFalse(lin.out.contains("Zhou Camera"), lin.out)
        XCTAssertFalse(lin.out.contains("zhou-camera"), lin.out)
    }

    func testAnUnknownPersonExits1WithDidYouMeanAndBuildsNothing() throws {
        let out = data.appendingPathComponent("public")
        for words in [
            ["today", "--person", "zhuo"], ["build", "--person", "zhuo", "--out", out.path, "--today", "2026-11-29"],
        ] {
            let (status, said) = run(words)
            XCTAssertEqual(status, 1, words[0])
            XCTAssertTrue(
                said.err.contains(
                    "site.toml: error: --person 'zhuo' is not one of site.toml's [[person]]s; did you mean 'zhou'? "
                        + "(the people are lin, zhou)"), said.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing built")
        let (built, said) = run(["build", "--person", "lin", "--out", out.path, "--today", "2026-11-29", "--quiet"])
        XCTAssertEqual(built, 0, said.err)
        let files = FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []
        XCTAssertGreaterThan(files.count, 20)
        for relative in files {
            let bytes = FileManager.default.contents(atPath: out.appendingPathComponent(relative).path) ?? Data()
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(text.contains("Zhou Camera") || text.contains("zhou-camera"), relative)
        }
    }
}
