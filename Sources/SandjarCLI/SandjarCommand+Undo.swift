import DataEdit
import Foundation

/// `sandjar undo [--list] [--data DIR]` (DESIGN.md §6: "Every write can be taken back").
extension SandjarCommand {
    /// - Parameter now: when, for the journal; tests pass a fixed instant.
    static func undo(_ words: [String], console: Console, now: Date = Date()) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.undo
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.isEmpty else {
            throw Arguments.UsageError(
                message: "undo takes no words: it takes back the latest write; 'sandjar undo --list' shows them",
                command: command.name)
        }
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        if arguments[.list] {
            let journal = UndoJournal(forData: data)
            let entries = journal.entries().reversed()
            guard !entries.isEmpty else {
                console.out("no writes in the undo journal of \(data) (\(journal.folder.path))\n")
                return 0
            }
            for entry in entries {
                let state = entry.undone.map { " (undone \(UndoEntry.time($0)))" } ?? ""
                console.out(
                    "\(entry.id)  \(UndoEntry.time(entry.time))  \(entry.action.summary)  \(entry.file)\(state)\n")
            }
            return 0
        }
        return try edit(arguments, console: console) { data throws(EditError) in
            let undone = try UndoEntry.undo(data: data, now: now)
            var line = "undone: \(undone.entry.action.summary) (\(undone.path))"
            if !undone.lapsed.isEmpty {
                line += "; passed over \(undone.lapsed.count) write(s) that never reached their file"
            }
            return line
        }
    }
}
