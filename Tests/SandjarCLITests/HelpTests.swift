import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// Help and usage texts as golden files (`Snapshots/help/<command>.txt`): a change to what a
/// person reads is a reviewed change. `RECORD_SNAPSHOTS=1 swift test --filter HelpTests` writes
/// them anew, and fails, so a stale snapshot never passes silently.
final class HelpTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func run(_ arguments: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        return (SandjarCommand.main(arguments: arguments, console: captured.console()), captured)
    }

    private func assertSnapshot(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        SnapshotFile.assertEqual(text, "help/\(name).txt", file: file, line: line)
    }

    func testTheOverviewListsEveryCommand() {
        let (status, out) = run(["help"])
        XCTAssertEqual(status, 0)
        assertSnapshot(out.out, "overview")
        for command in Commands.all {
            XCTAssertTrue(out.out.contains("  sandjar \(command.name)"), command.name)
        }
        let (bare, alone) = run([])
        XCTAssertEqual(bare, 2, "sandjar alone is a usage error")
        XCTAssertEqual(alone.err, out.out)
    }

    func testEveryCommandHasHelpThreeWays() {
        for command in Commands.all {
            let words = command.name.split(separator: " ").map(String.init)
            let (status, viaHelp) = run(["help"] + words)
            XCTAssertEqual(status, 0, command.name)
            assertSnapshot(viaHelp.out, command.name.replacingOccurrences(of: " ", with: "-"))
            guard command.name != "help" else { continue }
            let (flagStatus, viaFlag) = run(words + ["--help"])
            XCTAssertEqual(flagStatus, 0, command.name)
            XCTAssertEqual(viaFlag.out, viaHelp.out, "\(command.name) --help")
            let (shortStatus, viaShort) = run(words + ["-h"])
            XCTAssertEqual(shortStatus, 0, command.name)
            XCTAssertEqual(viaShort.out, viaHelp.out, "\(command.name) -h")
        }
    }

    func testUsageErrorsPrintTheCommandsUsageAndADidYouMean() {
        let cases: [([String], String, String)] = [
            (["biuld"], "sandjar: unknown command 'biuld'; did you mean 'build'?\n\n", "overview"),
            (["build", "--otu", "x"], "sandjar: unknown option '--otu'; did you mean '--out'?\n\n", "build"),
            (["check", "--stirct"], "sandjar: unknown option '--stirct'; did you mean '--strict'?\n\n", "check"),
            // Issue 39: a one-letter short form sandjar does not have, and a long option misspelt.
            (["build", "-q"], "sandjar: unknown option '-q'; did you mean '--quiet'?\n\n", "build"),
            (["build", "--quite"], "sandjar: unknown option '--quite'; did you mean '--quiet'?\n\n", "build"),
            (["build", "-s"], "sandjar: unknown option '-s'; did you mean '--strict'?\n\n", "build"),
            (
                ["build", "--today", "2026-13-01"],
                "sandjar: --today must be a date like 2026-11-29, not '2026-13-01'\n\n", "build"
            ),
            (["serve", "--port", "http"], "sandjar: --port must be a number from 0 to 65535, not 'http'\n\n", "serve"),
            (["add", "depost"], "sandjar: cannot add 'depost'; did you mean 'deposit'?", "add deposit"),
            (["slay"], "sandjar: slay needs the NAME of a subscription, e.g. 'sandjar slay Netflix'\n\n", "slay"),
            (
                ["theme", "exprt", "x"],
                "sandjar: unknown theme command 'exprt'; did you mean 'export'? Try 'sandjar theme export DIR'\n\n",
                "theme export"
            ),
            (["help", "biuld"], "sandjar: no command 'biuld'; did you mean 'build'?\n\n", "overview"),
            (
                ["init", "x", "--language", "zh"],
                "sandjar: --language must be en or zh-Hans, not 'zh'; did you mean 'zh-Hans'?\n\n", "init"
            ),
            (["--verison"], "sandjar: unknown command '--verison'; did you mean '--version'?\n\n", "overview"),
            (
                ["debug", "tomldecode"],
                "sandjar: unknown debug command 'tomldecode'; did you mean 'toml-decode'? Try 'sandjar debug "
                    + "toml-decode' or 'sandjar debug fixture'\n\n", "debug"
            ),
            (
                ["detect", "x.csv", "--dates", "dym"],
                "sandjar: --dates takes dmy, mdy or ymd, not 'dym'; did you mean 'dmy'?\n\n", "detect"
            ),
            (
                ["add", "deposit", "bike", "12,5"],
                "sandjar: invalid amount '12,5': use a point for the decimals: 12.5\n\n", "add deposit"
            ),
            (
                ["slay", "Netflix", "--on", "yesterday"],
                "sandjar: --on 'yesterday': not a date such as 2026-11-29\n\n", "slay"
            ),
            (
                ["add", "session", "box", "--minutes", "999999999999999"],
                "sandjar: --minutes '999999999999999': a session lasts at most 1440 minutes (24 hours)\n\n",
                "add session"
            ),
        ]
        for (arguments, start, command) in cases {
            let (status, out) = run(arguments)
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertTrue(out.err.hasPrefix(start), "\(arguments): \(out.err)")
            let usage = command == "overview" ? SandjarCommand.usage : Commands.named(command)!.usage
            XCTAssertTrue(out.err.hasSuffix(usage), "\(arguments) ends with the usage of \(command): \(out.err)")
            XCTAssertEqual(out.out, "")
        }
    }

    /// `help debug fixture`: a form of a command is answered with that command's help.
    func testHelpForAFormOfACommand() {
        let (status, out) = run(["help", "debug", "fixture"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, Commands.debug.help)
    }

    func testVersionNamesTheCommitAndTheCLibraries() {
        let (status, out) = run(["--version"])
        XCTAssertEqual(status, 0)
        let lines = out.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, out.out)
        XCTAssertTrue(lines[0].hasPrefix("sandjar \(SandjarCommand.version) (commit "), lines[0])
        XCTAssertNotEqual(lines[0], "sandjar \(SandjarCommand.version) (commit )")
        XCTAssertTrue(
            lines[1].range(of: #"^libcmark \d+\.\d+\.\d+, Chipmunk2D \d+\.\d+\.\d+$"#, options: .regularExpression)
                != nil, lines[1])
    }
}
