import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar help --man`: the roff page as a golden file, every command and option on it, groff
/// reading it without a warning, and its cron and systemd examples those of `docs/cron.md`.
final class ManPageTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func page(file: StaticString = #filePath, line: UInt = #line) -> String {
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(arguments: ["help", "--man"], console: captured.console()), 0, file: file, line: line)
        XCTAssertEqual(captured.err, "", file: file, line: line)
        return captured.out
    }

    /// The version is left out of the golden file, so a new version is not a new page.
    func testThePageIsItsGoldenFile() {
        let text = page().replacingOccurrences(of: "sandjar \(SandjarCommand.version)", with: "sandjar VERSION")
        SnapshotFile.assertEqual(text, "man/sandjar.1")
    }

    func testEveryCommandAndOptionIsOnThePage() {
        let text = page()
        for section in [
            ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH FILES", ".SH ENVIRONMENT",
            #".SH "EXIT STATUS""#, ".SH EXAMPLES",
        ] {
            XCTAssertTrue(text.contains("\n\(section)\n"), section)
        }
        XCTAssertTrue(text.contains("XDG_CACHE_HOME"))
        let synopsis = part(of: text, from: ".SH SYNOPSIS\n", to: "\n.SH ")
        for command in Commands.all {
            for form in command.synopsis where !form.hasPrefix(" ") {
                XCTAssertTrue(synopsis.contains(Roff.formatted("sandjar " + form)), form)
            }
            let section = part(of: text, from: ".SS \"\(command.name)\"\n", to: "\n.S")
            XCTAssertFalse(section.isEmpty, command.name)
            for option in command.optionWords where option != "--help" {
                // As a term, or named in another's description (`DATA`: "or --data DIR, -C DIR").
                let named = NSRegularExpression.escapedPattern(for: Roff.escape(option)) + #"(?![a-z]|\\-)"#
                XCTAssertNotNil(section.range(of: named, options: .regularExpression), "\(command.name) \(option)")
            }
        }
        XCTAssertTrue(part(of: text, from: ".SH OPTIONS\n", to: "\n.SH ").contains("\\fB\\-\\-help\\fR"))
    }

    private func part(of text: String, from start: String, to end: String) -> String {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return "" }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// groff with every warning on (-ww), as man would run it: no warning, and the page has its
    /// sections and the options as typed (a `\-` prints as the hyphen-minus one types).
    func testGroffReadsItWithoutAWarning() throws {
        let groff = try ShellRun.program("groff", why: "the man page's roff", installedByMakeTest: false)
        let folder = FileManager.default.temporaryDirectory
        // -P-cbou: plain text, no bold or underline, to read it back.
        let result = try ShellRun.run(
            groff, ["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou"], in: folder, input: page())
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let shown = result.stdout
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(shown.contains("\n\(heading)\n"), heading)
        }
        XCTAssertTrue(shown.contains("sandjar add deposit GOAL AMOUNT"), shown)
        XCTAssertTrue(shown.contains("10 3 * * *  /usr/local/bin/sandjar build --data /home/me/dash"), shown)
    }

    /// The examples are the first ones of the manual's "Running it from cron", word for word.
    func testTheExamplesAreTheManualsCronPage() throws {
        let manual = try String(
            contentsOf: SandjarCommandTests.root.appendingPathComponent("docs/cron.md"), encoding: .utf8)
        let cron = part(of: manual, from: "```cron\n", to: "\n```")
        let systemd = part(of: manual, from: "```ini\n", to: "\n```")
        XCTAssertEqual(ManPage.cronExample, cron)
        XCTAssertEqual(ManPage.systemdExample, systemd)
    }

    func testManTakesNoCommand() {
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: ["help", "build", "--man"], console: captured.console()), 2)
        XCTAssertTrue(captured.err.hasPrefix("sandjar: help --man takes no COMMAND: the page has them all\n"))
        XCTAssertEqual(captured.out, "")
    }
}
