import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// The help a person reads and the parser that reads their line agree, option by option: every
/// option a command takes is in its help, and every option its synopsis or its option table names
/// is taken. Both sides are read from the outside: the help as `sandjar help COMMAND` prints it,
/// the parser by what it refuses.
final class OptionTableTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testEveryOptionACommandTakesIsInItsHelp() {
        for command in Commands.all {
            let table = rows(of: help(command))
            let named = table.reduce(into: Set<String>()) { $0.formUnion(words(in: $1.term + " " + $1.description)) }
            for word in candidates where takes(command, word) && !["--help", "-h"].contains(word) {
                XCTAssertTrue(
                    named.contains(word), "\(command.name) takes \(word), but its help's table does not say it")
            }
        }
    }

    func testEveryOptionAHelpNamesIsTaken() {
        for command in Commands.all {
            let text = help(command)
            var named = words(in: text.components(separatedBy: "\n\n")[0])  // the synopsis
            for row in rows(of: text) {
                named.formUnion(words(in: row.term))
                // A word that stands for an option says so: `DATA  the data folder (or --data DIR, -C DIR)`.
                if !row.term.hasPrefix("-") { named.formUnion(words(in: row.description)) }
            }
            for word in named {
                XCTAssertTrue(takes(command, word), "the help of \(command.name) names \(word), which it refuses")
            }
        }
    }

    /// Every option word any help or the overview mentions, every spelling declared anywhere, and
    /// a few any tool might take: whichever of these a command takes must be in its help.
    private var candidates: Set<String> {
        var all: Set<String> = ["--version", "-V", "--verbose", "-v", "-q", "--force", "--dry-run", "--output", "-o"]
        all.formUnion(words(in: Commands.overview))
        for command in Commands.all {
            all.formUnion(words(in: help(command)))
            all.formUnion(command.options.flatMap(\.spellings))
        }
        return all
    }

    private func help(_ command: CommandSpec, file: StaticString = #filePath, line: UInt = #line) -> String {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["help"] + command.name.split(separator: " ").map(String.init), console: captured.console())
        XCTAssertEqual(status, 0, command.name, file: file, line: line)
        return captured.out
    }

    /// Whether the command's parser takes `word` (with a value after it, for those that need one).
    private func takes(_ command: CommandSpec, _ word: String) -> Bool {
        (try? command.parse([word, "x"])) != nil
    }

    /// `--out`, `-C`: option words, not the hyphen inside `toml-decode` or `zh-Hans`.
    private func words(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
    }

    /// The table's rows as printed: a term indented by two spaces, its description after a gap of
    /// two spaces or on the lines below, indented further.
    private func rows(of help: String) -> [(term: String, description: String)] {
        var rows: [(term: String, description: String)] = []
        for line in help.split(separator: "\n").map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if indent >= 8, let last = rows.popLast() {
                rows.append((last.term, last.description + " " + text))
            } else if indent == 2 {
                let gap = text.range(of: "  ")
                let term = String(gap.map { text[..<$0.lowerBound] } ?? text)
                let description = gap.map { text[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""
                rows.append((term, description))
            }
        }
        return rows
    }
}
