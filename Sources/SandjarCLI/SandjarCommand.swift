import BuiltinFiles
import Domain
import Foundation
import Jar
import Markdown
import SiteBuilder
import SiteData
import TOML

/// The `sandjar` command line (DESIGN.md §6). Exit codes: 0 ok, 1 data or template errors, a
/// refused `--out` or a failed edit, 2 usage (with the command's usage and a "did you mean").
public enum SandjarCommand {
    public static let version = "0.3.0"

    /// The general usage, printed for `sandjar` alone and `sandjar help`.
    public static var usage: String { Commands.overview }

    /// - Parameter now: the clock for entries written without `--at` or `--on`; tests pass a fixed one.
    public static func main(arguments: [String], console: Console = .standard, now: Date = Date()) -> Int32 {
        guard let command = arguments.first else {
            console.err(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do throws(Arguments.UsageError) {
            switch command {
            case "--version", "-V", "version": return showVersion(console: console)
            case "--help", "-h": return try help(rest, console: console)
            default:
                // Every command is run from the list help prints, so none is in one and not the other.
                if let known = Commands.all.first(where: { $0.leadingWord == command }) {
                    return try known.run(CommandSpec.Invocation(words: rest, console: console, now: now))
                }
                var message = "unknown command '\(command)'"
                let names = Commands.firstWords + ["--version", "--help"]
                if let guess = Suggestion.closest(to: command, in: names) { message += "; did you mean '\(guess)'?" }
                throw Arguments.UsageError(message: message)
            }
        } catch {
            let usage = error.command.flatMap(Commands.named)?.usage ?? usage
            console.err("sandjar: \(error.message)\n\n\(usage)")
            return 2
        }
    }

    /// `sandjar --version`: the version, the commit it was built from, and the C libraries linked in.
    static func showVersion(console: Console) -> Int32 {
        console.out(
            "sandjar \(version) (commit \(BuiltinFiles.commit))\n"
                + "libcmark \(MarkdownRenderer.libraryVersion), Chipmunk2D \(PhysicsSpace.libraryVersion)\n")
        return 0
    }

    /// `sandjar help [COMMAND]`, `sandjar help --man`.
    static func help(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        guard !words.isEmpty else {
            console.out(usage)
            return 0
        }
        if words.contains(Option<Bool>.man.spec.long) {
            guard words == [Option<Bool>.man.spec.long] else {
                throw Arguments.UsageError(
                    message: "help --man takes no COMMAND: the page has them all", command: "help")
            }
            console.out(ManPage.text)
            return 0
        }
        let name = words.joined(separator: " ")
        if let command = Commands.named(name) {
            console.out(command.help)
            return 0
        }
        // `help debug fixture`: a form of a command whose help covers all its forms.
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let shorter = words.prefix(count).joined(separator: " ")
            if let command = Commands.named(shorter),
                command.synopsis.contains(where: { $0.hasPrefix(name + " ") || $0 == name })
            {
                console.out(command.help)
                return 0
            }
        }
        let group = Commands.all.filter { $0.name.hasPrefix(name + " ") }
        guard group.isEmpty else {
            console.out(group.map(\.help).joined(separator: "\n"))
            return 0
        }
        var message = "no command '\(name)'"
        if let guess = Suggestion.closest(to: name, in: Commands.all.map(\.name)) {
            message += "; did you mean '\(guess)'?"
        }
        throw Arguments.UsageError(message: message)
    }

    /// Parses `words` for `command`; nil when `--help` was asked for (and printed).
    static func parse(
        _ words: [String], _ command: CommandSpec, console: Console
    ) throws(Arguments.UsageError) -> Arguments? {
        let arguments = try command.parse(words)
        if arguments[.help] {
            console.out(command.help)
            return nil
        }
        return arguments
    }

    /// What `build`, `check` and `serve` share: at most one DATA word, `--today`, and the options
    /// that say what to build from. Nil (with the reason printed) when there is no data folder.
    static func buildOptions(
        _ arguments: Arguments, _ command: CommandSpec, console: Console
    ) throws(Arguments.UsageError) -> BuildOptions? {
        guard arguments.positionals.count <= 1 else {
            throw Arguments.UsageError(
                message: "expected at most one data folder, got \(arguments.positionals.count)", command: command.name)
        }
        let today = try arguments[.today]
        guard let data = try dataFolder(arguments, word: arguments.positionals.first, console: console) else {
            return nil
        }
        var options = BuildOptions()
        options.data = data
        options.theme = try arguments[.theme]
        options.cache = try arguments[.cache]
        options.strict = arguments[.strict]
        options.today = today
        if command.option(spelled: "--person") != nil { options.person = try arguments[.person] }
        return options
    }

    /// The data folder as §6 says, or the reason there is none (exit 1).
    static func dataFolder(
        _ arguments: Arguments, word: String? = nil, console: Console
    ) throws(Arguments.UsageError) -> String? {
        let option = try arguments[.data]
        do {
            return try DataLocation.resolve(option: option, word: word)
        } catch {
            console.err(error.description + "\n")
            return nil
        }
    }
}
