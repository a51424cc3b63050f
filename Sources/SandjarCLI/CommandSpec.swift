import Foundation

/// One command of the command line: how it is called, what it does, the words and options it
/// takes, and what runs it (DESIGN.md §6). `sandjar help COMMAND` and `COMMAND --help` print
/// `help`; a usage error prints `usage`. The parser takes exactly the options listed here, the
/// help's option table, the completion scripts and the man page are written from the same list,
/// and `SandjarCommand.main` runs a command by looking it up in it (`Commands.all`).
struct CommandSpec: Sendable {
    /// What a command is run with: the words after its first one (`deposit bike 10` for `add
    /// deposit`, whose group reads the second), where it prints, and the clock.
    struct Invocation {
        let words: [String]
        let console: Console
        let now: Date
    }

    /// Runs the command; its exit status.
    typealias Run = @Sendable (Invocation) throws(Arguments.UsageError) -> Int32

    /// As typed: `build`, `add deposit`.
    let name: String
    /// One line for the list of commands.
    let summary: String
    /// The synopsis lines, without "usage: ".
    let synopsis: [String]
    /// What the command does, before the option table: prose, examples, tables of other things.
    let about: String
    /// The words that are not options, in order.
    let arguments: [ArgumentSpec]
    /// The options it takes, in the order the help lists them (`--help` is taken besides).
    let options: [OptionSpec]
    /// What follows the table: the exit status, the next step.
    let epilogue: String?
    /// What runs it. The commands of a group (`add deposit`, `add session`) share their group's,
    /// which reads the second word.
    let run: Run

    init<each Value>(
        name: String, summary: String, synopsis: [String], about: String, arguments: [ArgumentSpec] = [],
        options: repeat Option<each Value>, epilogue: String? = nil, run: @escaping Run
    ) {
        self.name = name
        self.summary = summary
        self.synopsis = synopsis
        self.about = about
        self.arguments = arguments
        var specs: [OptionSpec] = []
        for option in repeat each options { specs.append(option.spec) }
        self.options = specs
        self.epilogue = epilogue
        self.run = run
    }

    /// The word that runs it: `build`, `add` for `add deposit`.
    var leadingWord: String { String(name.split(separator: " ")[0]) }

    /// The synopsis after "usage: ": a line that starts with a space continues the one before.
    var synopsisText: String {
        var lines = ["usage: sandjar " + synopsis[0]]
        for line in synopsis.dropFirst() {
            lines.append(line.hasPrefix(" ") ? "               " + line.drop { $0 == " " } : "       sandjar " + line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var usage: String {
        var lines = [synopsisText]
        lines.append("Run 'sandjar help \(name)' for what it does, 'sandjar help' for every command.")
        return lines.joined() + "\n"
    }

    var help: String { synopsisText + "\n" + details + "\n" }

    /// What `help` prints after the synopsis.
    var details: String {
        let rows = table.map { HelpTable.row($0.term, $0.description) }.joined(separator: "\n")
        return [about, rows, epilogue ?? ""].filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The option table: the words that have help, then the options no word stands for.
    var table: [(term: String, description: [String])] {
        let words = arguments.filter { !$0.help.isEmpty }
        let covered = Set(arguments.compactMap(\.standsFor?.name))
        return words.map { ($0.name, $0.help) }
            + options.filter { !covered.contains($0.name) }.map { ($0.term, $0.help) }
    }

    /// Every option the parser takes: the listed ones and `--help`.
    var accepted: [OptionSpec] { options + [Option<Bool>.help.spec] }

    /// The option `word` spells (`--data`, `-C`, `--templates`), if this command takes it.
    func option(spelled word: String) -> OptionSpec? {
        guard word.hasPrefix("-") else { return nil }
        let isShort = !word.hasPrefix("--")
        let bare = String(word.dropFirst(isShort ? 1 : 2))
        return accepted.first { $0.isSpelled(bare, short: isShort) }
    }

    /// Parses this command's words; `--help` or `-h` anywhere gives `.help`.
    func parse(_ words: [String]) throws(Arguments.UsageError) -> Arguments {
        try Arguments(words, command: self)
    }
}
