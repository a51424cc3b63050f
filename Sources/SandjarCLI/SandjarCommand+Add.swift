import Foundation
import SiteBuilder

/// `sandjar add …`: commands that record something new in the data folder (DESIGN.md §6).
extension SandjarCommand {
    /// - Parameter now: the clock for entries without `--at`; tests pass a fixed instant.
    static func add(_ words: [String], console: Console, now: Date = Date()) throws(Arguments.UsageError) -> Int32 {
        guard let what = words.first else {
            throw Arguments.UsageError(message: "add what? try 'sandjar add deposit GOAL AMOUNT'")
        }
        switch what {
        case "deposit": return try addDeposit(Array(words.dropFirst()), console: console, now: now)
        default: throw Arguments.UsageError(message: "cannot add '\(what)'; try 'sandjar add deposit GOAL AMOUNT'")
        }
    }

    /// `sandjar add deposit GOAL AMOUNT [--at DATETIME] [--note TEXT] [--data DIR]`.
    ///
    /// Everything typed is checked before the goal file is touched; a refused deposit leaves it
    /// byte for byte as it was and exits 1. A missing or extra argument is a usage error, exit 2.
    private static func addDeposit(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError)
        -> Int32
    {
        let valued: Set<String> = ["at", "note", "data"]
        let arguments = try Arguments(negativeNumbersAsPositionals(words, valued: valued), valued: valued, flags: [])
        guard arguments.positionals.count == 2 else {
            let count = arguments.positionals.count
            throw Arguments.UsageError(
                message: count < 2
                    ? "add deposit needs a GOAL and an AMOUNT, e.g. 'sandjar add deposit bike 12.50'"
                    : "add deposit takes a GOAL and an AMOUNT, got \(count) words; quote a note with --note \"…\"")
        }
        let goal = arguments.positionals[0]
        let data = arguments.value("data") ?? "content"
        do throws(EditError) {
            let entry = try DepositEntry(
                amount: arguments.positionals[1], at: arguments.value("at"), note: arguments.value("note"))
            let added = try entry.add(to: goal, data: data, now: now)
            console.out("added \(added.amount) to \(added.goal) (\(added.path))\n")
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }

    /// Moves words like `-5` or `-.5` behind a `--`, keeping the order of all positionals, so a
    /// negative amount reaches the amount check (exit 1, with the reason) instead of being taken
    /// for an unknown option. Anything else is left for `Arguments` to judge.
    static func negativeNumbersAsPositionals(_ words: [String], valued: Set<String>) -> [String] {
        var options: [String] = []
        var positionals: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                positionals += words[index...]
                break
            }
            if word.hasPrefix("--") {
                options.append(word)
                let name = String(word.dropFirst(2))
                if valued.contains(name) {
                    guard index < words.count else { return words }  // Arguments says what is missing
                    options.append(words[index])
                    index += 1
                }
            } else if word.hasPrefix("-"), word.count > 1, !isNegativeNumber(word) {
                options.append(word)
            } else {
                positionals.append(word)
            }
        }
        return options + ["--"] + positionals
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let next = word.dropFirst().first else { return false }
        return next.isASCII && (next.isNumber || next == ".")
    }
}
