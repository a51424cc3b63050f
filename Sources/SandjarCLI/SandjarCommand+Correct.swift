import DataEdit
import Foundation
import SiteData

/// `sandjar revive`, `price` and `remove …`: corrections to what was written (DESIGN.md §6: "Every
/// entry can be corrected"), through the same entries, lock and journal as serve's forms.
extension SandjarCommand {
    /// `sandjar revive NAME [--data DIR] [--theme DIR]`.
    static func revive(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.revive
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            throw Arguments.UsageError(
                message: "revive takes one NAME, e.g. 'sandjar revive Netflix'; quote a name with spaces",
                command: command.name)
        }
        let theme = try arguments[.theme]
        let entry: ReviveEntry
        do {
            entry = try ReviveEntry(name: arguments.positionals[0])
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        return try edit(arguments, console: console) { data throws(EditError) in
            let revived = try entry.apply(data: data, theme: theme)
            return "revived: \(revived.name) is active again (\(revived.path))"
        }
    }

    /// `sandjar price NAME AMOUNT [--from DATE] [--data DIR] [--theme DIR]`.
    static func price(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.price
        let words = negativeNumbersAsPositionals(words, command)
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 2 else {
            throw Arguments.UsageError(
                message: "price takes a NAME and an AMOUNT, e.g. 'sandjar price Netflix 17.99 --from 2026-12-01'",
                command: command.name)
        }
        let (from, theme) = (try arguments[.from], try arguments[.theme])
        let entry: PriceEntry
        do {
            entry = try PriceEntry(name: arguments.positionals[0], price: arguments.positionals[1], from: from)
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        return try edit(arguments, console: console) { data throws(EditError) in
            let changed = try entry.apply(data: data, now: now, theme: theme)
            let was = changed.old.map { " (was \($0))" } ?? ""
            return "price: \(changed.name) costs \(entry.price) from \(changed.from)\(was) (\(changed.path))"
        }
    }

    /// `sandjar remove deposit GOAL --at DATETIME [--amount AMOUNT]`, `sandjar remove session --at
    /// DATETIME [--pattern ID]`.
    static func remove(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let hint = "try 'sandjar remove deposit GOAL --at DATETIME' or 'sandjar remove session --at DATETIME'"
        guard let what = words.first else {
            throw Arguments.UsageError(message: "remove what? \(hint)", command: "remove deposit")
        }
        let command: CommandSpec
        switch what {
        case "deposit": command = Commands.removeDeposit
        case "session": command = Commands.removeSession
        case "--help", "-h": return try help(["remove"], console: console)
        default:
            var message = "cannot remove '\(what)'"
            if let guess = Suggestion.closest(to: what, in: Commands.words(of: "remove")) {
                message += "; did you mean '\(guess)'?"
            }
            throw Arguments.UsageError(message: "\(message); \(hint)", command: "remove deposit")
        }
        guard let arguments = try parse(Array(words.dropFirst()), command, console: console) else { return 0 }
        let wanted = what == "deposit" ? 1 : 0
        guard arguments.positionals.count == wanted else {
            throw Arguments.UsageError(
                message: what == "deposit"
                    ? "remove deposit takes a GOAL, e.g. 'sandjar remove deposit bike --at 2026-11-29T21:14'"
                    : "remove session takes no NAME, only --at, e.g. 'sandjar remove session --at 2026-11-29T22:30'",
                command: command.name)
        }
        guard let at = try arguments[.entryTime] else {
            throw Arguments.UsageError(
                message: "\(command.name) needs --at DATETIME, the time of the entry ('sandjar undo --list' shows "
                    + "recent ones)", command: command.name)
        }
        let amount = what == "deposit" ? try arguments[.amount] : nil
        let pattern = what == "session" ? try arguments[.pattern] : nil
        let entry: RemoveEntry
        do throws(EditError) {
            if what == "deposit" {
                entry = try RemoveEntry(.deposit(goal: arguments.positionals[0]), at: at, amount: amount)
            } else {
                entry = try RemoveEntry(.session, at: at, pattern: pattern)
            }
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        return try edit(arguments, console: console) { data throws(EditError) in
            let removed = try entry.apply(data: data)
            return "removed: \(removed.summary) (\(removed.path):\(removed.line)); 'sandjar undo' puts it back"
        }
    }

    /// Runs one edit on the data folder the arguments name: its line on stdout and 0, or its
    /// message on stderr and 1.
    static func edit(
        _ arguments: Arguments, console: Console, _ body: (String) throws(EditError) -> String
    ) throws(Arguments.UsageError) -> Int32 {
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        do throws(EditError) {
            console.out(try body(data) + "\n")
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }
}
