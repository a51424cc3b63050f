/// A small, strict argument parser: positional words and `--flag` / `--option VALUE` (or
/// `--option=VALUE`). Anything unexpected is a usage error, exit 2.
struct Arguments {
    struct UsageError: Error, Equatable {
        let message: String
    }

    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: options that take a value, without the dashes.
    ///   - flags: options that take none.
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                if word.hasPrefix("-") && word != "-" && !onlyPositionals {
                    throw UsageError(message: "unknown option '\(word)'")
                }
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
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
                throw UsageError(message: "unknown option '--\(name)'")
            }
        }
    }

    func value(_ name: String) -> String? { options[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}
