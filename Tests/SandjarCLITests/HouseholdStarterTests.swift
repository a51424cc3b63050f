import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `init --household` and the README's household section: a fresh folder names two people,
/// checks clean under --strict, and the section's commands run word for word on it.
final class HouseholdStarterTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-hh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { [work] in try? FileManager.default.removeItem(at: work!) }
    }

    private func run(_ arguments: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        return (SandjarCommand.main(arguments: arguments, console: captured.console()), captured)
    }

    func testInitHouseholdNamesTwoPeopleInBothLanguagesAndChecksClean() throws {
        for language in ["en", "zh-Hans"] {
            let data = work.appendingPathComponent("home-\(language)")
            XCTAssertEqual(
                run(["init", data.path, "--household", "--language", language, "--today", "2026-11-29"]).0, 0)
            let site = try String(contentsOf: data.appendingPathComponent("site.toml"), encoding: .utf8)
            XCTAssertEqual(site.components(separatedBy: "\n[[person]]\n").count, 3, site)
            let (status, out) = run(["check", data.path, "--strict", "--today", "2026-11-29"])
            XCTAssertEqual(status, 0, out.err)
            // Without --household the block is there, commented out.
            let plain = work.appendingPathComponent("plain-\(language)")
            XCTAssertEqual(run(["init", plain.path, "--language", language, "--today", "2026-11-29"]).0, 0)
            let commented = try String(contentsOf: plain.appendingPathComponent("site.toml"), encoding: .utf8)
            XCTAssertFalse(commented.contains("\n[[person]]"))
            XCTAssertTrue(commented.contains("\n# [[person]]\n"))
        }
    }

    /// The README's "A household" commands, word for word (but with --data and a day).
    func testTheReadmesHouseholdCommandsWork() throws {
        let readme = try String(
            contentsOf: SandjarCommandTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "\n## A household\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        let lines = section.split(separator: "\n").filter { $0.hasPrefix("sandjar ") }
            .map { String($0.split(separator: "#", maxSplits: 1)[0]).split(separator: " ").map(String.init) }
        XCTAssertEqual(lines.map { $0[1] }, ["init", "add", "build", "today"])
        let data = work.appendingPathComponent("home")
        let out = work.appendingPathComponent("sam")
        for words in lines {
            var arguments = Array(words.dropFirst())
            if arguments[0] == "init" {
                arguments[1] = data.path
                arguments += ["--today", "2026-11-29"]
            } else {
                if let at = arguments.firstIndex(of: "/tmp/sam") { arguments[at] = out.path }
                arguments += ["--data", data.path]
                if arguments[0] != "add" { arguments += ["--today", "2026-11-29"] }
            }
            let (status, said) = run(arguments)
            XCTAssertEqual(status, 0, "\(words.joined(separator: " ")): \(said.err)")
        }
        let bike = try String(contentsOf: data.appendingPathComponent("goals/new-bike.toml"), encoding: .utf8)
        XCTAssertTrue(bike.hasSuffix("amount = 25\nby = \"sam\"\n"), bike)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }
}
