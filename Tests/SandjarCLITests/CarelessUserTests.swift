import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// What a careless new user met (issue 26), each as the command line now answers it: names that
/// the help promises work, absurd dates and lengths warned about or refused, the practice file of
/// the sessions' own month.
final class CarelessUserTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-careless-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: words + ["--data", data.path], console: captured.console(),
            now: Date(timeIntervalSince1970: 1_796_004_845))
        return (status, captured)
    }

    private func write(_ text: String, to relative: String) throws {
        let url = data.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `help add` says GOAL is the id or the name: both work, names as written or folded.
    func testAGoalIsFoundByItsNameToo() throws {
        try write("name = \"Ｃａｍｅｒａ Fund\"\nmode = \"wish\"\ntarget = 900\n", to: "goals/camera.toml")
        for goal in ["Bike", "bike", "BIKE"] {
            let (status, out) = run(["add", "deposit", goal, "5", "--at", "2026-11-29"])
            XCTAssertEqual(status, 0, "\(goal): \(out.err)")
            XCTAssertEqual(out.out, "added 5 to bike (\(data.path)/goals/bike.toml)\n")
        }
        let (status, out) = run(["add", "deposit", "camera fund", "5", "--at", "2026-11-29"])
        XCTAssertEqual(status, 0, "a name with full-width letters, typed half-width: \(out.err)")
        XCTAssertEqual(out.out, "added 5 to camera (\(data.path)/goals/camera.toml)\n")

        try write("name = \"Bike\"\nmode = \"wish\"\ntarget = 50\n", to: "goals/bike-2.toml")
        let (twice, said) = run(["add", "deposit", "Bike", "5", "--at", "2026-11-29"])
        XCTAssertEqual(twice, 1)
        XCTAssertEqual(
            said.err,
            "sandjar: more than one goal is called 'Bike': bike-2 (\(data.path)/goals/bike-2.toml), bike "
                + "(\(data.path)/goals/bike.toml); give its id instead\n")
    }

    /// `--at 0001-01-01` once made a 4.2 MB goal page without a word.
    func testADepositBeforeTheGoalWasCreatedIsWrittenWithAWarning() throws {
        let (status, out) = run(["add", "deposit", "bike", "5", "--at", "0001-01-01"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.err,
            "sandjar: warning: 0001-01-01 is before the goal was created (2026-09-01); is the year right? "
                + "(check and build warn about it too)\n")
        let (checked, said) = run(["check", "--today", "2026-11-29"])
        XCTAssertEqual(checked, 0)
        XCTAssertTrue(
            said.err.contains(
                "goals/bike.toml:22:6: warning: deposit[3].at is 0001-01-01, before the goal was created"),
            said.err)
    }

    func testSkippedFilesAreNamed() throws {
        try write("name = \"x\"\n", to: "goals/.hidden.toml")
        try write("name = \"x\"\n", to: "goals/car.TOML")
        try FileManager.default.createDirectory(
            at: data.appendingPathComponent("goals/folder.toml"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: data.appendingPathComponent("subscriptions/etc.toml").path, withDestinationPath: "/etc")
        let (status, out) = run(["check", "--today", "2026-11-29"])
        XCTAssertEqual(status, 1, "a symlink that leads out is an error")
        let lines = out.err.split(separator: "\n").map(String.init).filter {
            $0.contains(": warning: ") || $0.contains(": error: ")
        }
        XCTAssertEqual(
            lines,
            [
                "\(data.path)/goals/.hidden.toml: warning: is hidden (its name starts with a dot), so it is not read; "
                    + "rename it to hidden.toml to use it",
                "\(data.path)/goals/car.TOML: warning: is not read: only names ending in .toml are; rename it to car.toml",
                "\(data.path)/goals/folder.toml: warning: is a folder, not a file, so it is not read",
                "\(data.path)/subscriptions/etc.toml: error: is a symlink that leads out of the data folder",
            ])
    }

    func testAnAbsurdNumberOfMinutesIsRefused() throws {
        let before = try Data(contentsOf: data.appendingPathComponent("practice/2026-11.toml"))
        let (status, out) = run(["add", "session", "box", "--minutes", "999999999999999", "--at", "2026-11-29"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(out.err.hasPrefix("sandjar: --minutes '999999999999999': a session lasts at most 1440 minutes"))
        XCTAssertEqual(try Data(contentsOf: data.appendingPathComponent("practice/2026-11.toml")), before)
        XCTAssertEqual(run(["add", "session", "box", "--minutes", "1440", "--at", "2026-11-29"]).0, 0)
    }

    func testAPatternTypedWithoutItsDashesIsSuggested() throws {
        let (status, out) = run(["add", "session", "478", "--cycles", "3", "--at", "2026-11-29"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("sandjar: unknown pattern '478'; did you mean '4-7-8'?\n"), out.err)
    }

    /// On December 1st the starter's sessions of the week before are November's: they go in
    /// practice/2026-11.toml, the file of their month, each file with the opening comments.
    func testInitFilesSessionsInTheirOwnMonth() throws {
        let folder = data.appendingPathComponent("new")
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(
                arguments: ["init", folder.path, "--today", "2026-12-03"], console: captured.console()), 0,
            captured.err)
        let practice = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("practice").path)
        XCTAssertEqual(practice.sorted(), ["2026-11.toml", "2026-12.toml"])
        for file in practice {
            let text = try String(contentsOf: folder.appendingPathComponent("practice/\(file)"), encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("# Breathing practice: one [[session]] per sitting"), file)
            let month = String(file.prefix(7))
            for line in text.split(separator: "\n") where line.hasPrefix("at = ") {
                XCTAssertTrue(line.hasPrefix("at = \(month)-"), "\(file): \(line)")
            }
        }
        let checked = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(
                arguments: ["check", folder.path, "--today", "2026-12-03", "--strict"], console: checked.console()), 0,
            checked.err)
    }
}
