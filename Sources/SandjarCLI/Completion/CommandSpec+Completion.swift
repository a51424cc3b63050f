/// What the completion scripts and the man page read from each command: its words, its options
/// and what each completes to, all from the declarations in `Commands.all`, so nothing is listed
/// twice.
extension CommandSpec {
    /// `add` for `add deposit`, nil for a command of one word.
    var group: String? { name.split(separator: " ").count > 1 ? String(name.split(separator: " ")[0]) : nil }

    /// The last word of the name: `deposit` for `add deposit`.
    var word: String { String(name.split(separator: " ").last ?? "") }

    /// Every option as typed, sorted: `--data`, `--help`, `--out`, … and `-C` when it takes `--data`
    /// (a short spelling of an option that takes a value; `-h` is left to `--help`).
    var optionWords: [String] {
        var all = accepted.map(\.long)
        for option in accepted where option.takesValue {
            if let short = option.short { all.append("-\(short)") }
        }
        return all.sorted()
    }

    /// The options that take a value, as typed (`-C` included).
    var valuedOptions: [String] { optionWords.filter { takesValue($0) } }

    func takesValue(_ word: String) -> Bool { option(spelled: word)?.takesValue ?? false }

    /// What the option means, as this command's help says it (an alias shares its option's line).
    func describe(_ word: String) -> String { option(spelled: word)?.help.joined(separator: " ") ?? "" }

    /// How the option's value is written: `DIR` for `--out DIR`.
    func placeholder(of word: String) -> String { option(spelled: word)?.placeholder ?? "VALUE" }

    /// What the first word after the command (and its options) completes to.
    var firstWord: CompletionValue { arguments.first?.completes ?? .nothing }

    /// How the first word is called in the synopsis: `GOAL`, `DATA`, `bash|zsh|fish`.
    var firstWordName: String { arguments.first?.name ?? "ARG" }

    /// What the value of `word` completes to, in whichever command takes it.
    static func value(of word: String) -> CompletionValue {
        for command in Commands.all {
            if let option = command.option(spelled: word) { return option.completes }
        }
        return .nothing
    }
}
