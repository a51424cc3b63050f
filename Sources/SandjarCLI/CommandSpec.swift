/// One command of the command line: how it is called, what it does, and the options it takes
/// (DESIGN.md §6). `sandjar help COMMAND` and `COMMAND --help` print `help`; a usage error prints
/// `usage`.
struct CommandSpec: Sendable {
    /// As typed: `build`, `add deposit`.
    let name: String
    /// One line for the list of commands.
    let summary: String
    /// The synopsis lines, without "usage: ".
    let synopsis: [String]
    /// What the command does and what its options mean.
    let details: String
    /// Options that take a value, without dashes.
    let valued: Set<String>
    /// Options that take none.
    let flags: Set<String>

    /// Short and old spellings of options: `-C DIR` is `--data DIR`, `--templates` is `--theme`.
    static let aliases: [String: String] = ["C": "data", "templates": "theme"]

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

    /// Parses this command's words; `--help` or `-h` anywhere gives `.help`.
    func parse(_ words: [String]) throws(Arguments.UsageError) -> Arguments {
        try Arguments(words, valued: valued, flags: flags.union(["help"]), aliases: CommandSpec.aliases)
    }
}
