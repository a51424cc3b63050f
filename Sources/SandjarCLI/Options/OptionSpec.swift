/// What the command line knows of one option, whatever its value's type: how it is typed, what
/// `help` says of it, what a shell completes its value to. The parser, the help's option table,
/// the completion scripts and the man page all read it, so none of them can list an option the
/// others do not know (DESIGN.md §6).
struct OptionSpec: Sendable {
    /// Without dashes: `data` for `--data`.
    let name: String
    /// The one-letter spelling: `C` for `-C DIR`.
    var short: Character?
    /// Spellings kept working from older versions: `templates` for `--theme`.
    var oldNames: [String] = []
    /// How the value is written in the help (`DIR`); nil for an option that takes none.
    var placeholder: String?
    /// Its description in the help's option table, line by line as printed.
    var help: [String]
    /// What a shell offers for its value.
    var completes: CompletionValue = .nothing

    var takesValue: Bool { placeholder != nil }

    /// `--name`, as typed.
    var long: String { "--" + name }

    /// Every way it is typed: `--data`, `-C`, `--templates`.
    var spellings: [String] { [long] + (short.map { ["-\($0)"] } ?? []) + oldNames.map { "--" + $0 } }

    /// The option as the help's table names it: `--data DIR, -C DIR`, `--quiet`.
    var term: String {
        let value = placeholder.map { " " + $0 } ?? ""
        return long + value + (short.map { ", -\($0)" + value } ?? "")
    }

    /// The option's spelling that `word` is (`C` for `-C`, `templates` for `--templates`), if any.
    func isSpelled(_ word: String, short isShort: Bool) -> Bool {
        isShort ? short.map(String.init) == word : word == name || oldNames.contains(word)
    }
}

/// A line of a help's table: a term (`--out DIR`, `DATA`) and its description from column 24,
/// the term on a line of its own when it is too long to leave two spaces before that.
enum HelpTable {
    static let column = 24

    static func row(_ term: String, _ description: [String]) -> String {
        let indent = String(repeating: " ", count: column)
        let head = "  " + term
        var lines: [String]
        if let first = description.first, head.count + 2 <= column {
            lines = [head + String(repeating: " ", count: column - head.count) + first]
            lines += description.dropFirst().map { indent + $0 }
        } else {
            lines = [head] + description.map { indent + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
