import SiteData

/// A small, strict argument parser: positional words and `--flag` / `--option VALUE` (or
/// `--option=VALUE`), short spellings such as `-C DIR` and `-h`. It takes exactly the options
/// its command declares; anything else is a usage error, exit 2, with a "did you mean" when an
/// option is close to one the command takes. Values are read into their types when asked for,
/// `try arguments[.port]`, so the command decides which of its checks comes first.
struct Arguments {
    struct UsageError: Error, Equatable {
        let message: String
        /// The command whose usage is printed with the message; nil: the general usage.
        var command: String?

        init(message: String, command: String? = nil) {
            self.message = message
            self.command = command
        }

        /// `message`, and "; did you mean '…'?" when `typed` is close to one of `choices`.
        init(_ message: String, typed: String, closeTo choices: [String]) {
            let guess = Suggestion.closest(to: typed, in: choices)
            self.init(message: message + (guess.map { "; did you mean '\($0)'?" } ?? ""))
        }
    }

    private(set) var positionals: [String] = []
    /// The command's name, for the usage printed with a refused value.
    private let command: String
    /// The names of the options the command takes, to catch a command asking for one it does not.
    private let accepted: Set<String>
    /// Option name → value as typed; a flag that was given has "".
    private var given: [String: String] = [:]

    init(_ words: [String], command spec: CommandSpec) throws(UsageError) {
        command = spec.name
        accepted = Set(spec.accepted.map(\.name))
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var typed = word
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                value = String(word[word.index(after: equals)...])
                typed = String(word[..<equals])
            }
            guard let option = spec.option(spelled: typed) else {
                throw UsageError(message: Arguments.unknown(typed, spec), command: command)
            }
            let name = option.name
            if option.takesValue {
                if value == nil {
                    guard index < words.count else {
                        throw UsageError(message: "--\(name) needs a value", command: command)
                    }
                    value = words[index]
                    index += 1
                }
                guard given[name] == nil else {
                    throw UsageError(message: "--\(name) is given twice", command: command)
                }
                given[name] = value
            } else {
                guard value == nil else { throw UsageError(message: "--\(name) takes no value", command: command) }
                given[name] = ""
            }
        }
    }

    /// "unknown option", and the option meant: the closest by edit distance (`--stirct`), or, for
    /// a one-letter short form sandjar does not have (`-q`), the options that letter begins.
    private static func unknown(_ typed: String, _ spec: CommandSpec) -> String {
        var message = "unknown option '\(typed)'"
        let known = spec.options.map(\.name).sorted()
        let bare = String(typed.drop { $0 == "-" })
        if let guess = Suggestion.closest(to: bare, in: known) {
            message += "; did you mean '--\(guess)'?"
        } else if !typed.hasPrefix("--"), bare.count == 1 {
            let starting = known.filter { $0.hasPrefix(bare.lowercased()) }
            if !starting.isEmpty {
                message += "; did you mean " + starting.map { "'--\($0)'" }.joined(separator: " or ") + "?"
            }
        }
        return message
    }

    /// The option's value, read into its type; nil when it was not given.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        get throws(UsageError) {
            guard let text = given[checked(option.spec)] else { return nil }
            do {
                return try option.parse(text)
            } catch {
                throw UsageError(message: error.message, command: command)
            }
        }
    }

    /// Whether the flag was given.
    subscript(_ flag: Option<Bool>) -> Bool { given[checked(flag.spec)] != nil }

    private func checked(_ option: OptionSpec) -> String {
        assert(accepted.contains(option.name), "\(command) asks for --\(option.name), which it does not take")
        return option.name
    }
}
