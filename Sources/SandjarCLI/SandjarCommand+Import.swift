import DataEdit
import Foundation
import SiteData

/// `sandjar import wallos EXPORT.json [--currency CODE] [--write] [--data DIR] [--theme DIR]`
/// (DESIGN.md §3, §6): the subscriptions of Wallos's JSON export, as a new file under
/// `subscriptions/`. A preview unless `--write`; with it, the file is written under the data
/// folder's edit lock, never over a file that exists. Every error in the export is printed with
/// its line and column, and nothing is written.
extension SandjarCommand {
    static func importData(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError) -> Int32 {
        let hint = "try 'sandjar import wallos EXPORT.json'"
        guard let what = words.first else {
            throw Arguments.UsageError(message: "import from what? \(hint)", command: "import wallos")
        }
        switch what {
        case "wallos": return try importWallos(Array(words.dropFirst()), console: console, now: now)
        case "loop": return try importLoop(Array(words.dropFirst()), console: console, now: now)
        case "--help", "-h": return try help(["import"], console: console)
        default:
            var message = "cannot import from '\(what)'"
            if let guess = Suggestion.closest(to: what, in: Commands.words(of: "import")) {
                message += "; did you mean '\(guess)'?"
            }
            throw Arguments.UsageError(
                message: "\(message); sandjar reads Wallos's and Loop Habit Tracker's exports; \(hint)",
                command: "import wallos")
        }
    }

    private static func importWallos(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError)
        -> Int32
    {
        let command = Commands.importWallos
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            throw Arguments.UsageError(
                message: arguments.positionals.isEmpty
                    ? "import wallos needs Wallos's export, e.g. 'sandjar import wallos subscriptions.json'"
                    : "import wallos reads one export at a time, got \(arguments.positionals.count)",
                command: command.name)
        }
        let currency = try arguments[.currency]
        let theme = try arguments[.theme]
        let path = arguments.positionals[0]
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        let bytes: [UInt8]
        do {
            bytes = try readExport(path)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        let importer = WallosImport(exportPath: path, bytes: bytes, currency: currency, theme: theme)
        let write = arguments[.write]
        let outcome: WallosImport.Outcome
        do {
            outcome = write ? try importer.write(data: data, now: now) : try importer.preview(data: data, now: now)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        for warning in outcome.warnings { console.err(warning.description + "\n") }
        for entry in outcome.tracked {
            let name = Diagnostic.visible(entry.name, keepingLineBreaks: false)
            console.err("sandjar: \(name): already tracked as \(entry.id), \(entry.place); not imported again\n")
        }
        let slain = outcome.slain == 0 ? "" : " (\(outcome.slain) slain)"
        guard !outcome.imported.isEmpty else {
            console.out(
                "nothing to import: \(counted(outcome.tracked.count, "subscription")) in \(path), all tracked already\n"
            )
            return 0
        }
        let what = counted(outcome.imported.count, "subscription") + slain
        if outcome.written {
            console.out("imported \(what) into \(outcome.path)\n")
        } else {
            console.out(outcome.text)
            console.err("sandjar: would write \(what) to \(outcome.path); run again with --write to write it\n")
        }
        return 0
    }

    private static func importLoop(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError)
        -> Int32
    {
        let command = Commands.importLoop
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            throw Arguments.UsageError(
                message: arguments.positionals.isEmpty
                    ? "import loop needs Loop's export, e.g. 'sandjar import loop loop-export --habit Meditate "
                        + "--pattern box --cycles 4'"
                    : "import loop reads one export at a time, got \(arguments.positionals.count)",
                command: command.name)
        }
        guard let habit = try arguments[.habit] else {
            // The export's own habits, when it can be read, so the person need not open it to name one.
            let names = LoopImport.habitNames(in: arguments.positionals[0]).map { "'\($0)'" }
            throw Arguments.UsageError(
                message: "import loop needs --habit NAME, the habit to import"
                    + (names.isEmpty ? "" : "; the export holds \(names.joined(separator: ", "))"),
                command: command.name)
        }
        guard let pattern = try arguments[.sessionPattern] else {
            throw Arguments.UsageError(
                message: "import loop needs --pattern ID, the breathing pattern of each session", command: command.name)
        }
        let (cycles, minutes) = (try arguments[.cycles], try arguments[.minutes])
        guard (cycles == nil) != (minutes == nil) else {
            throw Arguments.UsageError(
                message: cycles == nil
                    ? "import loop needs --cycles N or --minutes M, the length of each session"
                    : "import loop takes --cycles or --minutes, not both",
                command: command.name)
        }
        let path = arguments.positionals[0]
        let importer: LoopImport
        do {
            importer = try LoopImport(
                exportPath: path, habit: habit, pattern: pattern, cycles: cycles, minutes: minutes)
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        let write = arguments[.write]
        let outcome: LoopImport.Outcome
        do {
            outcome = write ? try importer.write(data: data, now: now) : try importer.preview(data: data, now: now)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        let name = Diagnostic.visible(outcome.habit, keepingLineBreaks: false)
        if outcome.logged > 0 {
            console.err(
                "sandjar: \(counted(outcome.logged, "done day")) of \(name) have a \(pattern) session already; left out\n"
            )
        }
        if outcome.paused > 0 {
            console.err(
                "sandjar: \(counted(outcome.paused, "run")) of skipped days overlap a pause breathing.toml has; left out\n"
            )
        }
        let what = "\(counted(outcome.sessions.count, "session")) and \(counted(outcome.pauses.count, "pause"))"
        guard !outcome.changes.isEmpty else {
            console.out(
                "nothing to import: \(name) in \(path) has no done or skipped day that is not in the data already\n")
            return 0
        }
        let files = outcome.changes.map(\.path).joined(separator: " and ")
        if outcome.written {
            console.out("imported \(what) from \(name) into \(files)\n")
        } else {
            for change in outcome.changes {
                console.out("# \(change.isNew ? "new file" : "added to") \(change.path)\n")
                console.out(change.text.hasPrefix("\n") ? String(change.text.dropFirst()) : change.text)
                if change.path != outcome.changes.last?.path { console.out("\n") }
            }
            console.err("sandjar: would write \(what) to \(files); run again with --write to write them\n")
        }
        return 0
    }

    /// `1 subscription`, `2 subscriptions`.
    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The export's bytes, or why they cannot be read: at most 16 MiB, as any data file.
    private static func readExport(_ path: String) throws(Diagnostic) -> [UInt8] {
        try DataFolder.readInput(path).get()
    }
}
