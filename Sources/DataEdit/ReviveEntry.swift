import Domain
import Foundation
import SiteData
import TOML

/// `sandjar revive NAME` and serve's Revive on each slain subscription (DESIGN.md §6): a
/// subscription slain by mistake is active again — its `killed` line removed, every other byte
/// kept, through the undo journal.
public struct ReviveEntry: Sendable, Equatable {
    /// Its name, its id or its catalogue id, as for `slay`; from a page, its id only.
    public var name: String

    public init(name: String) throws(EditError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw EditError("the subscription name is empty; give its name as in subscriptions/*.toml")
        }
        self.name = name
    }

    /// What was changed.
    public struct Revived: Sendable, Equatable {
        public var name: String
        public var id: String
        public var path: String
        public var journalID: Int
    }

    /// - Parameter byID: NAME is the subscription's id in data.json and nothing else (a form).
    public func apply(data: String, theme: String? = nil, journal: UndoJournal? = nil, byID: Bool = false)
        throws(EditError) -> Revived
    {
        try apply(in: DataFileEditor(data: data, journal: journal), theme: theme, byID: byID)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func apply(in editor: DataFileEditor, theme: String? = nil, byID: Bool = false) throws(EditError)
        -> Revived
    {
        try editor.locked { () throws(EditError) -> Revived in
            let entries = SubscriptionEntries(
                folder: editor.folder, catalog: SubscriptionEntries.catalog(of: editor, theme: theme),
                memo: editor.memo)
            let entry = try byID ? entries.find(id: name, active: false) : entries.findSlain(name)
            let action = JournalAction(
                .revive, "revived \(entry.name)", values: ["id": entry.id, "name": entry.name])
            let written = try editor.change(
                entry: entry.index, of: "subscription", set: [], drop: ["killed"], in: entry.file, at: entry.relative,
                action: action)
            return Revived(name: entry.name, id: entry.id, path: written.path, journalID: written.journalID)
        }
    }
}

extension SubscriptionEntries {
    /// The one slain subscription `name` names (its name, id or catalogue id, then its name
    /// loosely, as `find`), or an error that says what it names.
    func findSlain(_ name: String) throws(EditError) -> Entry {
        let entries = try all()
        if let matches = SubscriptionEntries.matches(of: name, in: entries) {
            if let entry = try SubscriptionEntries.only(matches, slain: true, name: name) { return entry }
            let listed = matches.map { "\($0.name) (\($0.place))" }.joined(separator: ", ")
            throw EditError("\(listed) \(matches.count == 1 ? "is" : "are") not slain; nothing was changed")
        }
        let slain = entries.filter { $0.killed != nil }.map(\.name)
        var message = "no slain subscription is called '\(name)'"
        if let guess = Suggestion.closest(to: name, in: slain) { message += "; did you mean '\(guess)'?" }
        message += slain.isEmpty ? ": none is slain" : "\nslain subscriptions: \(slain.joined(separator: ", "))"
        throw EditError(message)
    }
}
