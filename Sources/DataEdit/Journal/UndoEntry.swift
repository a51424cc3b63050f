import Foundation
import SiteData

/// `sandjar undo` and serve's Undo (DESIGN.md §6): the latest write still in the journal — or the
/// one a page names — taken back, if its file still holds exactly what that write left; then the
/// one before it, and so on. The entry stays in the journal, marked undone, with both texts.
public enum UndoEntry {
    /// What was taken back.
    public struct Undone: Sendable, Equatable {
        public var entry: UndoJournal.Entry
        /// As shown to the user: `content/goals/bike.toml`.
        public var path: String
        /// Writes passed over because they never reached their file (killed before the rename).
        public var lapsed: [Int] = []
    }

    /// Takes back write `id`, or the latest one still standing.
    /// - Parameter now: when, for the journal.
    public static func undo(data: String, id: Int? = nil, journal: UndoJournal? = nil, now: Date = Date())
        throws(EditError) -> Undone
    {
        try undo(in: DataFileEditor(data: data, journal: journal), id: id, now: now)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package static func undo(in editor: DataFileEditor, id: Int? = nil, now: Date = Date()) throws(EditError)
        -> Undone
    {
        let journal = editor.journal
        return try editor.locked { () throws(EditError) -> Undone in
            var lapsed: [Int] = []
            let standing = journal.entries().filter { $0.undone == nil }
            let candidates: [UndoJournal.Entry]
            if let id {
                guard let entry = journal.entry(id) else {
                    // Numbers are given in order and never again: one past the latest was never a
                    // write; one below it was, and has left the journal (it keeps the last 100).
                    guard let latest = journal.latestID(), (1...latest).contains(id) else {
                        let held = journal.latestID().map { "its latest is write \($0)" } ?? "it holds no writes"
                        throw EditError(
                            "there is no write \(id) in the undo journal (\(held)); nothing was changed")
                    }
                    throw EditError("the undo journal no longer holds write \(id); nothing was changed")
                }
                guard entry.undone == nil else {
                    throw EditError("write \(id) (\(entry.action.summary)) was already taken back; nothing was changed")
                }
                candidates = [entry]
            } else {
                candidates = standing.reversed()
            }
            guard !candidates.isEmpty else {
                throw EditError(
                    "nothing to undo: the journal of \(editor.folder.displayRoot) (\(journal.folder.path)) holds no "
                        + "write that still stands")
            }
            for entry in candidates {
                let shown = editor.folder.displayPath(entry.file)
                try editor.requireJournaled(entry.file, shown: shown)
                let current = editor.currentBytes(of: entry.file).map { Data($0) }
                if current == entry.after {
                    try restore(entry, in: editor.folder, shown: shown, current: [UInt8](entry.after))
                    try journal.markUndone(entry, at: now)
                    var undone = Undone(entry: entry, path: shown, lapsed: lapsed)
                    undone.entry.undone = now
                    return undone
                }
                // A write killed between its journal entry and its rename never happened: pass it.
                if id == nil, current == entry.before {
                    try journal.markUndone(entry, at: now)
                    lapsed.append(entry.id)
                    continue
                }
                throw EditError(
                    "\(shown) has changed since write \(entry.id) (\(entry.action.summary), "
                        + "\(Self.time(entry.time))), so it cannot be taken back without losing what came after; "
                        + "nothing was changed")
            }
            throw EditError("nothing to undo: every write in the journal was already taken back")
        }
    }

    /// Puts the file back as it was before `entry`: its old bytes, or no file when the write made it.
    private static func restore(_ entry: UndoJournal.Entry, in folder: DataFolder, shown: String, current: [UInt8])
        throws(EditError)
    {
        do throws(DataFolder.WriteFailure) {
            if let before = entry.before {
                try folder.write(entry.file, [UInt8](before), expecting: .bytes(current))
            } else {
                try folder.remove(entry.file)
            }
        } catch {
            throw EditError("", diagnostic: Diagnostic(.error, path: shown, message: error.reason))
        }
    }

    /// `2026-11-29 21:14 UTC`.
    public static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}

extension DataFileEditor {
    /// A file the journal names (its entries are files a person could change) must be a plain
    /// path inside the data folder.
    func requireJournaled(_ relative: String, shown: String) throws(EditError) {
        guard SiteFiles.isSafeRelativePath(relative) else {
            throw EditError("", diagnostic: Diagnostic(.error, path: shown, message: "is outside the data folder"))
        }
        try requireInside(relative, shown: shown)
    }

    /// The bytes of the file at `relative` as it is now (an edit may have left it a little past the
    /// 16 MiB a build reads); nil when there is none or it cannot be read.
    func currentBytes(of relative: String) -> [UInt8]? {
        guard folder.fileExists(relative),
            case .success(let file) = folder.read(relative, limit: UndoJournal.maximumEntryBytes)
        else { return nil }
        return file.bytes
    }
}
