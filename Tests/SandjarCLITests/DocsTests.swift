import Foundation
import XCTest

@testable import SandjarCLI

/// The manual against the command list: every command `sandjar help` lists has its own section in
/// `docs/commands.md`, which shows its synopsis as help prints it and names every option it takes,
/// so a new command, or a new option of one, cannot ship undocumented.
final class DocsTests: XCTestCase {
    private static let manual = SandjarCommandTests.root.appendingPathComponent("docs/commands.md")

    /// The sections of the page, by heading: `## sandjar add deposit` → its text up to the next `## `.
    private static func sections(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let text = try String(contentsOf: manual, encoding: .utf8)
        var sections: [String: String] = [:]
        for part in text.components(separatedBy: "\n## ").dropFirst() {
            let heading = String(part.prefix { $0 != "\n" })
            XCTAssertNil(sections[heading], "two sections '## \(heading)'", file: file, line: line)
            sections[heading] = String(part.dropFirst(heading.count))
        }
        return sections
    }

    func testEveryCommandHasItsSectionWithItsSynopsisAndOptions() throws {
        let sections = try Self.sections()
        for command in Commands.all {
            let heading = "sandjar \(command.name)"
            guard let section = sections[heading] else {
                XCTFail("docs/commands.md has no section '## \(heading)'")
                continue
            }
            // The synopsis as `sandjar help` prints it, in a code block of its own: a line that
            // starts with a space continues the one before.
            let synopsis = command.synopsis.map { ($0.hasPrefix(" ") ? "        " : "sandjar ") + $0 }
                .joined(separator: "\n")
            XCTAssertTrue(
                section.contains("```\n\(synopsis)\n```"),
                "'## \(heading)' does not show the synopsis of sandjar help:\n\(synopsis)")
            for option in command.optionWords where option != "--help" {
                XCTAssertNotNil(
                    section.range(
                        of: NSRegularExpression.escapedPattern(for: option) + "(?![a-z-])", options: .regularExpression),
                    "'## \(heading)' never names \(option)")
            }
        }
    }

    /// The list at the top of the page names every command too.
    func testTheOverviewListsEveryCommand() throws {
        let text = try String(contentsOf: Self.manual, encoding: .utf8)
        let overview = try XCTUnwrap(text.components(separatedBy: "\n## ").first)
        for command in Commands.all {
            XCTAssertTrue(overview.contains("\nsandjar \(command.name)"), "the overview lacks sandjar \(command.name)")
        }
    }
}
