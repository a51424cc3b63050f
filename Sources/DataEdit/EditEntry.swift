import Domain
import Foundation
import SiteData
import TOML

/// serve's Edit on a listed deposit or session (DESIGN.md §6): the entry, named by its time as
/// written and the fingerprint of what the page showed, gets the values typed; keys the form does
/// not show (and comments) stay as they are. A fingerprint that no longer matches changes nothing.
public struct EditEntry: Sendable, Equatable {
    /// What the entry becomes.
    public enum Change: Sendable, Equatable {
        /// A deposit of `goal`: its amount and note (nil: no note).
        case deposit(goal: String, amount: AmountLiteral, note: String?)
        /// A session: its length and moods (nil: none).
        case session(length: SessionEntry.Length, moodBefore: Int?, moodAfter: Int?)
    }

    /// The entry's time exactly as written.
    public var at: TOMLDateTime
    public var fingerprint: String
    public var change: Change
    /// Its new time; nil keeps the time.
    public var newAt: TOMLDateTime?

    /// Checks the typed values as the entries that add them do.
    public static func deposit(
        goal: String, at: String, fingerprint: String, amount: String, note: String?, newAt: String?
    ) throws(EditError) -> EditEntry {
        let typed = try DepositEntry(amount: amount, at: newAt, note: note, wording: .form)
        return EditEntry(
            at: try time(at), fingerprint: fingerprint,
            change: .deposit(goal: goal, amount: typed.amount, note: typed.note),
            newAt: typed.at)
    }

    public static func session(
        at: String, fingerprint: String, cycles: String?, minutes: String?, holds: String? = nil,
        moodBefore: String?, moodAfter: String?, newAt: String?
    ) throws(EditError) -> EditEntry {
        let typed = try SessionEntry(
            pattern: "", cycles: cycles, minutes: minutes, holds: holds, at: newAt, moodBefore: moodBefore,
            moodAfter: moodAfter,
            wording: .form)
        return EditEntry(
            at: try time(at), fingerprint: fingerprint,
            change: .session(length: typed.length, moodBefore: typed.moodBefore, moodAfter: typed.moodAfter),
            newAt: typed.at)
    }

    private static func time(_ text: String) throws(EditError) -> TOMLDateTime {
        do {
            return try EventTimeLiteral.parse(text, option: "the entry's time")
        } catch {
            throw EditError(error.message)
        }
    }

    /// What was changed.
    public struct Edited: Sendable, Equatable {
        public var path: String
        public var goal: String?
        public var journalID: Int
    }

    /// Changes the entry, under the data folder's edit lock.
    public func apply(data: String, journal: UndoJournal? = nil) throws(EditError) -> Edited {
        try apply(in: DataFileEditor(data: data, journal: journal))
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func apply(in editor: DataFileEditor) throws(EditError) -> Edited {
        try editor.locked { () throws(EditError) -> Edited in
            var fields: [TOMLField] = []
            var drop: [String] = []
            if let newAt { fields.append(.dateTime("at", newAt)) }
            switch change {
            case .deposit(let goal, let amount, let note):
                let found = try GoalFiles(folder: editor.folder, memo: editor.memo).file(for: goal, byName: false)
                let entry = try LoggedEntries.pick(
                    LoggedEntries.deposits(in: found), at: at, fingerprint: fingerprint, what: "deposit",
                    in: "goal '\(found.id)'", narrow: nil, narrowOption: "")
                fields.append(.amount("amount", amount))
                if let note { fields.append(.string("note", note)) } else { drop.append("note") }
                let action = JournalAction(
                    .editDeposit, "changed the deposit of \(entry.at) in \(found.id) to \(amount.text)",
                    values: [
                        "goal": found.id, "amount": amount.text,
                        "at": (newAt.flatMap { EventTime($0) } ?? entry.at).description,
                    ])
                let written = try editor.change(
                    entry: entry.index, of: "deposit", set: fields, drop: drop, in: entry.file, at: entry.relative,
                    action: action)
                return Edited(path: written.path, goal: found.id, journalID: written.journalID)
            case .session(let length, let moodBefore, let moodAfter):
                let entry = try LoggedEntries.pick(
                    try LoggedEntries.sessions(in: editor.folder, memo: editor.memo), at: at, fingerprint: fingerprint,
                    what: "session",
                    in: editor.folder.displayPath("practice"), narrow: nil, narrowOption: "")
                if let pattern = entry.values["pattern"]?.stringValue {
                    let rounds = try BreathingNames.read(editor.folder, memo: editor.memo).retentionRounds[pattern]
                    try SessionEntry.check(length, of: pattern, rounds: rounds)
                }
                fields.append(length.field)
                drop += ["cycles", "minutes", "holds"].filter { $0 != length.field.key }
                if let moodBefore {
                    fields.append(.integer("mood_before", Int64(moodBefore)))
                } else {
                    drop.append("mood_before")
                }
                if let moodAfter {
                    fields.append(.integer("mood_after", Int64(moodAfter)))
                } else {
                    drop.append("mood_after")
                }
                let pattern = entry.values["pattern"]?.stringValue ?? ""
                let action = JournalAction(
                    .editSession, "changed the \(pattern) session of \(entry.at) to \(length)",
                    values: length.values.merging(["pattern": pattern, "at": entry.at.description]) { own, _ in own })
                let written = try editor.change(
                    entry: entry.index, of: "session", set: fields, drop: drop, in: entry.file, at: entry.relative,
                    action: action)
                return Edited(path: written.path, goal: nil, journalID: written.journalID)
            }
        }
    }
}
