import DataEdit
import Foundation

/// `sandjar slay NAME [--on DATE] [--data DIR] [--theme DIR]`: marks a subscription killed
/// (DESIGN.md §6).
extension SandjarCommand {
    /// A refused slay leaves every file byte for byte as it was and exits 1; a missing or extra
    /// argument or a malformed `--on` is a usage error, exit 2.
    /// - Parameter now: the clock for a slay without `--on`; tests pass a fixed instant.
    static func slay(_ words: [String], console: Console, now: Date = Date()) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.slay
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            let count = arguments.positionals.count
            throw Arguments.UsageError(
                message: count == 0
                    ? "slay needs the NAME of a subscription, e.g. 'sandjar slay Netflix'"
                    : "slay takes one NAME, got \(count) words; quote a name with spaces: sandjar slay \"YouTube Premium\"",
                command: command.name)
        }
        let on = try arguments[.on]
        let theme = try arguments[.theme]
        let entry: SlayEntry
        do {
            entry = try SlayEntry(name: arguments.positionals[0], on: on)
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        do throws(EditError) {
            let slain = try entry.apply(data: data, now: now, theme: theme)
            console.out("slain: \(slain.name) on \(slain.on) (\(slain.path):\(slain.line))\n")
            if let today = slain.todayBeforeIt {
                console.err(
                    "sandjar: warning: \(slain.on) is after today (\(today)); \(slain.name) stays active until then\n")
            }
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }
}
