import FixtureGenerator
import Foundation
import SiteData
import TOML

/// `sandjar debug …`: tools for development and the conformance suites.
extension SandjarCommand {
    static func debug(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.debug
        if words.first == "fixture" { return try fixture(Array(words.dropFirst()), console: console) }
        if words.first == "--help" || words.first == "-h" {
            console.out(command.help)
            return 0
        }
        guard words == ["toml-decode"] else {
            var message = "unknown debug command"
            if let typed = words.first {
                message += " '\(typed)'"
                if let guess = Suggestion.closest(to: typed, in: ["toml-decode", "fixture"]) {
                    message += "; did you mean '\(guess)'?"
                }
            }
            throw Arguments.UsageError(
                message: message + " Try 'sandjar debug toml-decode' or 'sandjar debug fixture'", command: command.name)
        }
        let input = console.readInput()
        do {
            let table = try TOMLParser.parse(input)
            console.out(TOMLTaggedJSON.encode(table) + "\n")
            return 0
        } catch {
            // Said as every TOML error is: at its line and column, the line quoted with a caret.
            console.err(SourceFile(path: "<stdin>", bytes: input).finding(for: error).description + "\n")
            return 1
        }
    }

    /// `sandjar debug fixture --scale N --out DIR`: a synthetic data folder for benchmarks.
    private static func fixture(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.debug
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.isEmpty, let out = try arguments[.out] else {
            throw Arguments.UsageError(message: "debug fixture needs --out DIR", command: command.name)
        }
        let scale = try arguments[.scale] ?? 1
        // Written as `init` writes a data folder: only into a new or empty folder, every file or none.
        do {
            try NewFolder(path: out).write(FixtureGenerator(scale: scale).files().mapValues { Array($0.utf8) })
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        console.out(
            "wrote a scale-\(scale) data folder to \(out) (build it with --today \(FixtureGenerator.lastDay))\n")
        return 0
    }
}
