import Domain
import Foundation
import SiteData
import TOML

/// One new deposit for `sandjar add deposit`, checked completely before any file is touched.
public struct DepositEntry: Sendable, Equatable {
    /// Notes longer than this are refused: a note is a remark, not a diary.
    public static let maxNoteLength = 1000

    public var amount: AmountLiteral
    /// Nil: now, in the site's time zone, decided when the entry is added.
    public var at: TOMLDateTime?
    public var note: String?

    /// Validates the typed amount, `--at` and `--note`.
    public init(amount: String, at: String? = nil, note: String? = nil) throws(EditError) {
        do {
            self.amount = try AmountLiteral(amount)
        } catch {
            throw EditError(error.message)
        }
        do {
            self.at = try at.map { (text) throws(EventTimeLiteral.Invalid) in try EventTimeLiteral.parse(text) }
        } catch {
            throw EditError(error.message)
        }
        if let note {
            guard !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw EditError("--note is empty; leave it out for a deposit without a note")
            }
            guard note.count <= DepositEntry.maxNoteLength else {
                throw EditError(
                    "--note is \(note.count) characters long; at most \(DepositEntry.maxNoteLength) are allowed")
            }
        }
        self.note = note
    }

    /// What was added, for the one-line report.
    public struct Added: Sendable, Equatable {
        public var goal: String
        /// As shown to the user: `content/goals/bike.toml`.
        public var path: String
        public var amount: AmountLiteral
        public var at: TOMLDateTime
        /// Today, when the deposit is dated after it: written, but not counted until its day.
        public var todayBeforeIt: CalendarDate?
        /// Why its date looks like a typo (before the goal was created, or before 1970), as
        /// `check` warns; nil when it does not.
        public var tooEarly: String? = nil
    }

    /// Appends this deposit to the goal's file in the data folder.
    /// - Parameter now: the clock, for a deposit without `--at`; tests pass a fixed instant.
    public func add(to goal: String, data: String, now: Date) throws(EditError) -> Added {
        let editor = DataFileEditor(data: data)
        return try editor.locked { () throws(EditError) -> Added in
            let (relative, id) = try GoalFiles(folder: editor.folder).file(for: goal)
            let when: TOMLDateTime
            if let at {
                when = at
            } else {
                when = EventTimeLiteral.now(now, in: try SiteTimeZone.read(editor.folder))
            }
            var fields: [TOMLField] = [.dateTime("at", when), .amount("amount", amount)]
            if let note { fields.append(.string("note", note)) }
            let path = try editor.append(table: "deposit", fields: fields, to: relative)
            var added = Added(
                goal: id, path: path, amount: amount, at: when,
                todayBeforeIt: at.flatMap { EventTimeLiteral.todayWhenLater(than: $0, folder: editor.folder, now: now) }
            )
            added.tooEarly = DepositEntry.tooEarly(when, goalFile: relative, in: editor.folder)
            return added
        }
    }
}

extension DepositEntry {
    /// "before the goal was created (2026-08-01)" or "before 1970" for a deposit dated so early it is
    /// most likely a typo; the same rule `check` warns by.
    static func tooEarly(_ at: TOMLDateTime, goalFile relative: String, in folder: DataFolder) -> String? {
        guard let date = at.date, let day = CalendarDate(date) else {
            return nil
        }
        var created: CalendarDate?
        if case .success(let file) = folder.read(relative), let table = try? TOMLParser.parse(file.bytes),
            let date = table["created"]?.dateTimeValue?.date
        {
            created = CalendarDate(date)
        }
        return TableReader.implausiblyEarly(day, created: created)
    }
}

/// The goal files of a data folder and the ids they define.
struct GoalFiles {
    let folder: DataFolder

    /// The file of the goal whose id (its `id` key, or else its file name) is `goal`; failing that,
    /// the file named `goals/<goal>.toml`; failing that, the goal whose `name` is `goal` as
    /// written, then ignoring case and full- or half-width ("a new bike", "ＡＢＣ"). Paths are never
    /// built from what was typed.
    func file(for goal: String) throws(EditError) -> (relative: String, id: String) {
        var ids: [(relative: String, id: String, stem: String, name: String?)] = []
        for relative in folder.files(in: "goals", withExtension: "toml") {
            let stem = String(relative.dropFirst("goals/".count).dropLast(".toml".count))
            var id = stem
            var name: String?
            if case .success(let file) = folder.read(relative), let table = try? TOMLParser.parse(file.bytes) {
                if let explicit = table["id"]?.stringValue { id = explicit }
                name = table["name"]?.stringValue
            }
            ids.append((relative, id, stem, name))
        }
        let byID = ids.filter { $0.id == goal }
        guard byID.count < 2 else {
            let files = byID.map { folder.displayPath($0.relative) }.joined(separator: " and ")
            throw EditError("goal id '\(goal)' is used by both \(files); give each goal its own id first")
        }
        if let match = byID.first ?? ids.first(where: { $0.stem == goal }) {
            return (match.relative, match.id)
        }
        let folded = { (text: String) in
            text.trimmingCharacters(in: .whitespaces).folding(
                options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
        }
        for same in [{ (name: String) in name == goal }, { (name: String) in folded(name) == folded(goal) }] {
            let byName = ids.filter { $0.name.map(same) ?? false }
            if byName.count == 1, let match = byName.first { return (match.relative, match.id) }
            if byName.count > 1 {
                let listed = byName.map { "\($0.id) (\(folder.displayPath($0.relative)))" }.joined(separator: ", ")
                throw EditError("more than one goal is called '\(goal)': \(listed); give its id instead")
            }
        }
        let known = ids.map(\.id).sorted()
        var message = "unknown goal '\(goal)'"
        if let guess = Suggestion.closest(to: goal, in: known) { message += "; did you mean '\(guess)'?" }
        if known.isEmpty {
            message += ": there are no goals in \(folder.displayPath("goals"))"
        } else {
            message += "\nknown goals: \(known.joined(separator: ", "))"
        }
        throw EditError(message)
    }
}

/// The site's time zone from `site.toml`, which decides the wall clock of "now", read by the
/// build's own site reader (`DataLoader.siteEssentials`).
enum SiteTimeZone {
    /// UTC when there is no `site.toml` or it names no `timezone`; an error when it cannot be read
    /// or names a zone that does not exist, because dating a deposit in the wrong zone is worse
    /// than asking for `--at`.
    static func read(_ folder: DataFolder) throws(EditError) -> TimeZone {
        let advice = "sandjar needs the site's time zone to date the deposit; fix it or give --at"
        switch DataLoader.siteEssentials(of: folder) {
        case .success(let site):
            if let finding = site.timezoneFinding { throw EditError(advice, diagnostic: finding) }
            return site.timezone ?? TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        case .failure(let finding):
            throw EditError(advice, diagnostic: finding)
        }
    }
}
