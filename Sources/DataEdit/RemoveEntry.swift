import Domain
import Foundation
import SiteData
import TOML

/// `sandjar remove deposit GOAL --at DATETIME` and `sandjar remove session --at DATETIME`, and
/// serve's Remove on each listed deposit and session (DESIGN.md §6): the entry's block taken out
/// of its file, every other byte kept, through the undo journal.
public struct RemoveEntry: Sendable, Equatable {
    /// What is removed: a deposit of a goal, or a practice session.
    public enum Target: Sendable, Equatable {
        case deposit(goal: String)
        case session
    }

    public var target: Target
    /// The entry's time: to the minute (or a day) from the command line, exactly as written from a page.
    public var at: TOMLDateTime
    /// `--amount`: which of two deposits at one minute.
    public var amount: AmountLiteral?
    /// `--pattern`: which of two sessions at one minute.
    public var pattern: String?
    /// From a page: the fingerprint of the entry it showed (`EntryFingerprint`).
    public var fingerprint: String?

    public init(
        _ target: Target, at: String, amount: String? = nil, pattern: String? = nil, fingerprint: String? = nil,
        wording: Wording = .commandLine
    ) throws(EditError) {
        self.target = target
        do throws(Diagnostic) {
            self.at = try EventTimeLiteral.parse(at, option: wording.name("at"))
        } catch {
            throw EditError(error.message)
        }
        do throws(Diagnostic) {
            self.amount = try amount.map { (text) throws(Diagnostic) in try AmountLiteral(text) }
        } catch {
            throw EditError("\(wording.name("amount")): \(error.message)")
        }
        self.pattern = pattern
        self.fingerprint = fingerprint
    }

    /// What was removed, for the one-line report.
    public struct Removed: Sendable, Equatable {
        /// As shown to the user: `content/goals/bike.toml`.
        public var path: String
        /// The line the entry's block started on.
        public var line: Int
        /// Its time as written and what it held: "2026-11-29T21:14:00-05:00 20 (lunch)".
        public var summary: String
        public var journalID: Int
        /// What the undo journal keeps of it: `goal`, `amount` or `pattern`, and `at`.
        public var values: [String: String]
    }

    /// Removes the entry, under the data folder's edit lock.
    /// - Parameter byName: a goal may be named by its name too (the command line); a page names ids.
    public func apply(data: String, journal: UndoJournal? = nil, byName: Bool = true) throws(EditError) -> Removed {
        try apply(in: DataFileEditor(data: data, journal: journal), byName: byName)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func apply(in editor: DataFileEditor, byName: Bool = true) throws(EditError) -> Removed {
        try editor.locked { () throws(EditError) -> Removed in
            let entry: LoggedEntry
            let table: String
            var values: [String: String] = [:]
            switch target {
            case .deposit(let goal):
                let found = try GoalFiles(folder: editor.folder, memo: editor.memo).file(for: goal, byName: byName)
                if found.table == nil, let file = found.file {
                    _ = try editor.locate(0, of: "deposit", in: file)  // says where the TOML is broken
                }
                entry = try LoggedEntries.pick(
                    LoggedEntries.deposits(in: found), at: at, fingerprint: fingerprint, what: "deposit",
                    in: "goal '\(found.id)'",
                    narrow: amount.map { amount in { $0.values["amount"]?.exactDecimal == amount.value } },
                    narrowOption: "--amount")
                table = "deposit"
                values = ["goal": found.id, "amount": entry.values["amount"]?.exactDecimal?.description ?? ""]
            case .session:
                entry = try LoggedEntries.pick(
                    try LoggedEntries.sessions(in: editor.folder, memo: editor.memo), at: at, fingerprint: fingerprint,
                    what: "session",
                    in: editor.folder.displayPath("practice"),
                    narrow: pattern.map { pattern in { $0.values["pattern"]?.stringValue == pattern } },
                    narrowOption: "--pattern")
                table = "session"
                values = ["pattern": entry.values["pattern"]?.stringValue ?? ""]
            }
            values["at"] = entry.at.description
            let summary = "\(entry.at) \(entry.summary)"
            let kind: WriteKind = table == "deposit" ? .removeDeposit : .removeSession
            let action = JournalAction(kind, "removed the \(table) \(summary)", values: values)
            let written = try editor.remove(
                entry: entry.index, of: table, in: entry.file, at: entry.relative, action: action)
            return Removed(
                path: written.path, line: entry.location.line, summary: summary, journalID: written.journalID,
                values: values)
        }
    }
}
