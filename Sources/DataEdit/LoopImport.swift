import Domain
import Foundation
import Import
import SiteData
import TOML

/// `sandjar import loop EXPORT --habit NAME --pattern ID (--cycles N | --minutes M) [--write]`
/// (DESIGN.md §3, §6): one habit of a Loop Habit Tracker export as breathing practice.
///
/// - Each done day (`YES_MANUAL`, `YES_AUTO`; `2`, `1` in the old layout) is one `[[session]]`
///   of `--pattern` lasting `--cycles` or `--minutes`, dated that day (`at = 2015-01-25`: Loop
///   keeps no time). They go into a new file, `practice/loop.toml` (`loop-2.toml` when that is
///   taken), never over a file that exists.
/// - Each run of skipped days (`SKIP`, `3`) is one `[[pause]]` appended to `breathing.toml`,
///   where pauses live; one that overlaps a pause the file has already is left out, as pauses may
///   not overlap.
/// - A day that already has a session of the pattern is left out, so importing twice adds
///   nothing.
/// - Everything is checked before anything is written, and both files are read back as a build
///   reads them; the writes go through the edit lock and the undo journal (one entry a file).
public struct LoopImport {
    /// The names of the habits in the export at `path` (a zip or its folder), in Loop's order;
    /// none when it cannot be read. For the message that asks which one to import.
    public static func habitNames(in path: String) -> [String] {
        (try? LoopExport(path: path))?.habits.map(\.name) ?? []
    }

    /// Why nothing was imported: each finding with its place, then what to do.
    public typealias Failure = Findings

    /// A file the import writes or adds to.
    public struct Change: Sendable, Equatable {
        /// As shown to the person: `content/practice/loop.toml`.
        public var path: String
        /// True for a new file; false when the text is appended to one.
        public var isNew: Bool
        /// The new file's text, or the text appended.
        public var text: String
        fileprivate var relative: String
        fileprivate var bytes: [UInt8]
        /// The file as the import read it, which must be there still when it is written.
        fileprivate var original: [UInt8]?
    }

    public struct Outcome: Sendable {
        /// The habit as Loop names it.
        public var habit: String
        /// The days a session is (or would be) written for, oldest first.
        public var sessions: [CalendarDate]
        public var pauses: [ClosedRange<CalendarDate>]
        /// Done days left out: a session of the pattern is logged that day already.
        public var logged: Int
        /// Runs of skipped days left out: they overlap a pause breathing.toml has.
        public var paused: Int
        public var changes: [Change]
        public var written: Bool
    }

    public let exportPath: String
    public let habit: String
    public let pattern: String
    public let length: SessionEntry.Length

    /// Checks the length as `add session` does; the rest is checked against the export and the
    /// data folder.
    public init(exportPath: String, habit: String, pattern: String, cycles: String?, minutes: String?)
        throws(EditError)
    {
        self.exportPath = exportPath
        self.habit = habit
        self.pattern = pattern
        switch (cycles, minutes) {
        case (let cycles?, nil): length = .cycles(try SessionEntry.cycles(cycles))
        case (nil, let minutes?): length = .minutes(try SessionEntry.minutes(minutes))
        case (nil, nil): throw EditError("each imported session needs --cycles N or --minutes M")
        case (_?, _?): throw EditError("give --cycles or --minutes, not both")
        }
    }

    /// What the import would write, without writing it.
    public func preview(data: String, now: Date) throws(Failure) -> Outcome {
        try preview(in: DataFileEditor(data: data), now: now)
    }

    package func preview(in editor: DataFileEditor, now: Date) throws(Failure) -> Outcome {
        do {
            try editor.requireDataFolder()
        } catch {
            throw Failure(diagnostics: error.diagnostic.map { [$0] } ?? [], message: error.message)
        }
        return try plan(editor, now: now)
    }

    /// Writes it, under the data folder's edit lock.
    public func write(data: String, now: Date) throws(Failure) -> Outcome {
        try write(in: DataFileEditor(data: data), now: now)
    }

    package func write(in editor: DataFileEditor, now: Date) throws(Failure) -> Outcome {
        var failure: Failure?
        do throws(EditError) {
            return try editor.locked { () throws(EditError) -> Outcome in
                var outcome: Outcome
                do throws(Failure) {
                    outcome = try plan(editor, now: now)
                } catch {
                    failure = error
                    throw EditError("")
                }
                for change in outcome.changes {
                    let practice = change.relative.hasPrefix("practice/")
                    let name =
                        practice
                        ? "\(counted(outcome.sessions.count, "session")) of \(pattern)"
                        : counted(outcome.pauses.count, "pause")
                    let action = JournalAction(
                        .importPractice, "imported \(name) from Loop into \(change.relative)",
                        values: ["name": name, "file": change.relative, "habit": outcome.habit])
                    if change.isNew {
                        _ = try editor.create(change.relative, change.bytes, action: action)
                    } else {
                        try editor.requireInside(change.relative, shown: change.path)
                        _ = try editor.commit(
                            change.bytes, to: change.relative, shown: change.path, replacing: change.original, action)
                    }
                }
                outcome.written = !outcome.changes.isEmpty
                return outcome
            }
        } catch {
            if let failure { throw failure }
            throw Failure(
                diagnostics: error.diagnostic.map { [$0] } ?? [],
                message: error.message.isEmpty ? "nothing was imported" : error.message)
        }
    }

    /// Reads the export and the data folder, and makes the text of each change.
    private func plan(_ editor: DataFileEditor, now: Date) throws(Failure) -> Outcome {
        func fail(_ error: EditError) -> Failure {
            Failure(diagnostics: error.diagnostic.map { [$0] } ?? [], message: error.message)
        }
        let export: LoopExport
        do throws(LoopExport.Failure) {
            export = try LoopExport(path: exportPath)
        } catch {
            throw Failure(diagnostics: error.diagnostics, message: "nothing was imported")
        }
        guard let chosen = export.habit(named: habit) else {
            let names = export.habits.map(\.name)
            var message = "the export has no habit '\(habit)'"
            if let guess = Suggestion.closest(to: habit, in: names) { message += "; did you mean '\(guess)'?" }
            message += "\nits habits: " + (names.isEmpty ? "none" : names.joined(separator: ", "))
            throw Failure(diagnostics: [], message: message)
        }
        let days: [LoopExport.Day]
        do throws(LoopExport.Failure) {
            days = try export.days(of: chosen)
        } catch {
            throw Failure(diagnostics: error.diagnostics, message: "nothing was imported")
        }
        let folder = editor.folder
        do throws(EditError) {
            let names = try BreathingNames.read(folder, memo: editor.memo)
            try SessionEntry.check(pattern, kind: "pattern", known: names.patterns)
            try SessionEntry.check(length, of: pattern, rounds: names.retentionRounds[pattern])
        } catch {
            throw fail(error)
        }
        // Done days with a session of the pattern already are left out.
        var logged: Set<CalendarDate> = []
        do throws(EditError) {
            for entry in try LoggedEntries.sessions(in: folder, memo: editor.memo)
            where entry.values["pattern"]?.stringValue == pattern {
                logged.insert(entry.at.date)
            }
        } catch {
            throw fail(error)
        }
        let done = days.filter { $0.mark == .done }.map(\.date)
        let fresh = done.filter { !logged.contains($0) }

        // Skipped days, runs of consecutive days merged, left out where breathing.toml pauses.
        var runs: [ClosedRange<CalendarDate>] = []
        for day in days where day.mark == .skipped {
            if let last = runs.last, last.upperBound.adding(days: 1) == day.date {
                runs[runs.count - 1] = last.lowerBound...day.date
            } else if runs.last?.contains(day.date) != true {
                runs.append(day.date...day.date)
            }
        }
        var breathing: SourceFile?
        var existing: [ClosedRange<CalendarDate>] = []
        if folder.fileExists("breathing.toml") {
            do throws(EditError) {
                let advice = "sandjar adds Loop's skipped days to breathing.toml as pauses; fix it first"
                let (file, table) = try folder.parsedForEditing("breathing.toml", advice: advice, memo: editor.memo)
                breathing = file
                for pause in table["pause"]?.arrayValue?.compactMap(\.tableValue) ?? [] {
                    guard let from = pause["from"]?.dateTimeValue?.date.flatMap(CalendarDate.init),
                        let to = pause["to"]?.dateTimeValue?.date.flatMap(CalendarDate.init), from <= to
                    else { continue }
                    existing.append(from...to)
                }
            } catch {
                throw fail(error)
            }
        }
        let pauses = runs.filter { run in !existing.contains { $0.overlaps(run) } }

        var outcome = Outcome(
            habit: chosen.name, sessions: fresh, pauses: pauses, logged: done.count - fresh.count,
            paused: runs.count - pauses.count, changes: [], written: false)
        let source = URL(fileURLWithPath: exportPath).lastPathComponent
        let today = LoopImport.today(folder, memo: editor.memo, now: now)
        if !fresh.isEmpty {
            var text = "# Loop Habit Tracker: \"\(chosen.name)\", imported from \(source) on \(today)\n"
            text += "# one session a done day; Loop keeps no time of day\n"
            for day in fresh {
                let fields: [TOMLField] = [
                    .dateTime("at", LoopImport.date(day)), .string("pattern", pattern), length.field,
                ]
                text += "\n[[session]]\n" + fields.map { $0.line + "\n" }.joined()
            }
            var relative = "practice/loop.toml"
            var number = 2
            while folder.fileExists(relative) {
                relative = "practice/loop-\(number).toml"
                number += 1
            }
            outcome.changes.append(
                Change(
                    path: editor.displayPath(relative), isNew: true, text: text, relative: relative,
                    bytes: Array(text.utf8), original: nil))
        }
        if !pauses.isEmpty {
            var bytes = breathing?.bytes ?? []
            for pause in pauses {
                bytes = DataFileEditor.appending(
                    table: "pause",
                    fields: [
                        .dateTime("from", LoopImport.date(pause.lowerBound)),
                        .dateTime("to", LoopImport.date(pause.upperBound)),
                        .string("note", "skipped in Loop (\(chosen.name))"),
                    ], to: bytes)
            }
            let added = String(decoding: bytes.dropFirst(breathing?.bytes.count ?? 0), as: UTF8.self)
            outcome.changes.append(
                Change(
                    path: editor.displayPath("breathing.toml"), isNew: breathing == nil, text: added,
                    relative: "breathing.toml", bytes: bytes, original: breathing?.bytes))
        }
        for change in outcome.changes {
            do throws(EditError) {
                try editor.checkAsTheBuildReadsIt(change.relative, change.bytes)
            } catch {
                throw Failure(
                    diagnostics: error.diagnostic.map { [$0] } ?? [],
                    message: "the imported practice would not read back as written; nothing was imported")
            }
        }
        return outcome
    }

    private func counted(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private static func date(_ day: CalendarDate) -> TOMLDateTime {
        TOMLDateTime(date: TOMLDate(year: day.year, month: day.month, day: day.day), time: nil)
    }

    private static func today(_ folder: DataFolder, memo: ParsedTables, now: Date) -> String {
        let zone = (try? SiteTimeZone.read(folder, memo: memo)) ?? TimeZone(identifier: "UTC")!
        return EventTimeLiteral.now(now, in: zone).date?.description ?? "today"
    }
}
