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
        case "--help", "-h": return try help(["import"], console: console)
        default:
            var message = "cannot import from '\(what)'"
            if let guess = Suggestion.closest(to: what, in: Commands.words(of: "import")) {
                message += "; did you mean '\(guess)'?"
            }
            throw Arguments.UsageError(
                message: "\(message); sandjar reads Wallos's export; \(hint)", command: "import wallos")
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
            for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
            let count = error.diagnostics.filter { $0.severity == .error }.count
            let errors = count > 1 ? " (\(count) errors)" : ""
            console.err("sandjar: \(error.message)\(errors)\n")
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

    /// `1 subscription`, `2 subscriptions`.
    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The export's bytes, or why they cannot be read: at most 16 MiB, as any data file.
    private static func readExport(_ path: String) throws(Diagnostic) -> [UInt8] {
        try DataFolder.readInput(path).get()
    }
}
