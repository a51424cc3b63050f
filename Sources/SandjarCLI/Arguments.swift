import SiteData

/// A small, strict argument parser: positional words and `--flag` / `--option VALUE` (or
/// `--option=VALUE`), short aliases such as `-C DIR` and `-h`. Anything unexpected is a usage
/// error, exit 2, with a "did you mean" when an option is close to one the command takes.
struct Arguments {
    struct UsageError: Error, Equatable {
        let message: String
        /// The command whose usage is printed with the message; nil: the general usage.
        var command: String?

        init(message: String, command: String? = nil) {
            self.message = message
            self.command = command
        }
    }

    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: options that take a value, without the dashes.
    ///   - flags: options that take none.
    ///   - aliases: other spellings (`C` for `-C`, `templates`) → the option they stand for.
    init(
        _ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>,
        aliases: [String: String] = [:]
    ) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        let known = valued.union(allowedFlags)
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if !word.hasPrefix("--") {
                // Short options: -C DIR and -h only.
                guard name == "h" || (aliases[name] != nil && known.contains(aliases[name]!)) else {
                    throw UsageError(message: Arguments.unknown(word, known: known))
                }
            }
            if name == "h" { name = "help" }
            if let real = aliases[name], known.contains(real) { name = real }
            if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw UsageError(message: "--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                guard options[name] == nil else { throw UsageError(message: "--\(name) is given twice") }
                options[name] = value
            } else if allowedFlags.contains(name) {
                guard value == nil else { throw UsageError(message: "--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError(message: Arguments.unknown(word, known: known))
            }
        }
    }

    private static func unknown(_ word: String, known: Set<String>) -> String {
        let name = word.drop { $0 == "-" }.split(separator: "=").first.map(String.init) ?? ""
        var message = "unknown option '\(word.split(separator: "=").first.map(String.init) ?? word)'"
        if let guess = Suggestion.closest(to: name, in: known.filter { $0 != "help" }.sorted()) {
            message += "; did you mean '--\(guess)'?"
        }
        return message
    }

    func value(_ name: String) -> String? { options[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}
