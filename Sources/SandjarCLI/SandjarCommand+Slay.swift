import Foundation
import SiteBuilder

/// `sandjar slay NAME [--on DATE] [--data DIR]`: marks a subscription killed (DESIGN.md §6).
extension SandjarCommand {
    /// A refused slay leaves every file byte for byte as it was and exits 1; a missing or extra
    /// argument is a usage error, exit 2.
    /// - Parameter now: the clock for a slay without `--on`; tests pass a fixed instant.
    static func slay(_ words: [String], console: Console, now: Date = Date()) throws(Arguments.UsageError) -> Int32 {
        let arguments = try Arguments(words, valued: ["on", "data"], flags: [])
        guard arguments.positionals.count == 1 else {
            let count = arguments.positionals.count
            throw Arguments.UsageError(
                message: count == 0
                    ? "slay needs the NAME of a subscription, e.g. 'sandjar slay Netflix'"
                    : "slay takes one NAME, got \(count) words; quote a name with spaces: sandjar slay \"YouTube Premium\""
            )
        }
        do throws(EditError) {
            let entry = try SlayEntry(name: arguments.positionals[0], on: arguments.value("on"))
            let slain = try entry.apply(data: arguments.value("data") ?? "content", now: now)
            console.out("slain: \(slain.name) on \(slain.on) (\(slain.path):\(slain.line))\n")
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }
}
