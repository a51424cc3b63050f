import Foundation

/// What the completion scripts and the man page read from each command: its words, its options
/// and what each completes to, all from `Commands.all`, so nothing is listed twice.
extension CommandSpec {
    /// `add` for `add deposit`, nil for a command of one word.
    var group: String? { name.split(separator: " ").count > 1 ? String(name.split(separator: " ")[0]) : nil }

    /// The last word of the name: `deposit` for `add deposit`.
    var word: String { String(name.split(separator: " ").last ?? "") }

    /// Every option as typed, sorted: `--data`, `--help`, `--out`, … and `-C` when it takes `--data`.
    var options: [String] {
        var all = valued.union(flags).union(["help"]).map { "--" + $0 }
        for (short, long) in CommandSpec.aliases where short.count == 1 && valued.contains(long) {
            all.append("-" + short)
        }
        return all.sorted()
    }

    /// The options that take a value, as typed (`-C` included).
    var valuedOptions: [String] { options.filter { takesValue($0) } }

    func takesValue(_ option: String) -> Bool {
        let bare = String(option.drop { $0 == "-" })
        return valued.contains(CommandSpec.aliases[bare] ?? bare)
    }

    /// What the option means, from the help text (an alias shares its option's entry).
    func describe(_ option: String) -> String {
        if option == "--help" { return "show what this command does and its options" }
        let bare = String(option.drop { $0 == "-" })
        let named = CommandSpec.aliases[bare].map { "--" + $0 } ?? option
        if let description = HelpText(details).description(of: named) { return description }
        // An option this help takes for granted (`check --cache`) means what the others say it does.
        for other in Commands.all where other.name != name {
            if let description = HelpText(other.details).description(of: named) { return description }
        }
        return ""
    }

    /// How the option's value is written: `DIR` for `--out DIR`, from the synopsis or the help.
    func placeholder(of option: String) -> String {
        for form in synopsis {
            let words = form.split(whereSeparator: { " []()|".contains($0) }).map(String.init)
            if let at = words.firstIndex(of: option), at + 1 < words.count, !words[at + 1].hasPrefix("-") {
                return words[at + 1]
            }
        }
        for text in [HelpText(details)] + Commands.all.map({ HelpText($0.details) }) {
            if let placeholder = text.placeholder(of: option) { return placeholder }
        }
        return "VALUE"
    }

    /// What the first word after the command (and its options) completes to.
    var firstWord: CompletionValue {
        switch name {
        case "init", "build", "serve", "check", "theme export": return .directories
        case "add deposit": return .data(.goals)
        case "add session": return .data(.patterns)
        case "slay": return .data(.subscriptions)
        case "help": return .commands
        case "completion": return .words(CompletionScript.allCases.map(\.rawValue))
        case "debug": return .words(synopsis.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
        default: return .files
        }
    }

    /// How the first word is called in the synopsis: `GOAL`, `DATA`, `bash|zsh|fish`.
    var firstWordName: String {
        let words = synopsis[0].split(separator: " ").dropFirst(name.split(separator: " ").count)
        let word = words.first { !$0.hasPrefix("-") && !$0.hasPrefix("[-") && !$0.hasPrefix("(") } ?? "ARG"
        return word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    /// What the value of `option` completes to.
    static func value(of option: String) -> CompletionValue {
        switch option.drop(while: { $0 == "-" }) {
        case "data", "C", "out", "theme", "templates", "cache": return .directories
        case "language": return .words(["en", "zh-Hans"])
        case "program": return .data(.programs)
        case "values": return .words(CompletionList.allCases.map(\.rawValue))
        case "mood-before", "mood-after": return .words(["1", "2", "3", "4", "5"])
        default: return .nothing
        }
    }
}
