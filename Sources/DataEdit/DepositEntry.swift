import Domain
import Foundation
import SiteData
import TOML

/// One new deposit for `sandjar add deposit` and serve's deposit form, checked completely before
/// any file is touched.
public struct DepositEntry: Sendable, Equatable {
    /// Notes longer than this are refused: a note is a remark, not a diary.
    public static let maxNoteLength = 1000
    /// A deposit identical to one made this many seconds before it may be a form sent twice.
    public static let againWithin = 120

    public var amount: AmountLiteral
    /// Nil: now, in the site's time zone, decided when the entry is added.
    public var at: TOMLDateTime?
    public var note: String?
    /// Who put it in (a `[[person]]` id), checked against site.toml's people when it is added.
    public var by: String?
    /// Who typed it, for the messages of the checks made when it is added.
    var wording: Wording

    /// Validates the typed amount, time and note; `wording` says who typed them, for the messages.
    public init(
        amount: String, at: String? = nil, note: String? = nil, by: String? = nil, wording: Wording = .commandLine
    ) throws(EditError) {
        self.by = by
        self.wording = wording
        do {
            self.amount = try AmountLiteral(amount)
        } catch {
            throw EditError(wording == .form ? "the amount: \(error.message)" : error.message)
        }
        do {
            self.at = try at.map { (text) throws(Diagnostic) in
                try EventTimeLiteral.parse(text, option: wording.name("at"))
            }
        } catch {
            throw EditError(error.message)
        }
        if let note {
            let name = wording.name("note")
            guard !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw EditError("\(name) is empty; leave it out for a deposit without a note")
            }
            guard note.count <= DepositEntry.maxNoteLength else {
                throw EditError(
                    "\(name) is \(note.count) characters long; at most \(DepositEntry.maxNoteLength) are allowed")
            }
            try TypedText.check(note, name)
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
        /// The time of an identical deposit (amount and note) made within two minutes of it.
        public var sameAs: TOMLDateTime? = nil
        /// The undo journal's entry for the write.
        public var journalID: Int = 0
    }

    /// Appends this deposit to the goal's file in the data folder.
    public func add(
        to goal: String, data: String, now: Date, journal: UndoJournal? = nil, askFirst: Bool = false,
        byName: Bool = true
    ) throws(EditError) -> Added {
        try add(
            to: goal, in: DataFileEditor(data: data, journal: journal), now: now, askFirst: askFirst, byName: byName)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    /// - Parameters:
    ///   - goal: the goal's id, or (`byName`) its name.
    ///   - now: the clock, for a deposit without a time; tests pass a fixed instant.
    ///   - askFirst: refuse (`EditError.Kind.askFirst`) a deposit identical to one made within two
    ///     minutes, as a form sent twice would be; the command line writes it and warns instead.
    ///   - byName: also find the goal by its name (the command line); a form names ids only.
    /// A served site's editor holds its last build's parses (`DataFileEditor.memo`), so only a
    /// goal file that changed since is parsed again.
    package func add(
        to goal: String, in editor: DataFileEditor, now: Date, askFirst: Bool = false, byName: Bool = true
    ) throws(EditError) -> Added {
        try editor.locked { () throws(EditError) -> Added in
            let found = try GoalFiles(folder: editor.folder, memo: editor.memo).file(for: goal, byName: byName)
            if let by { try WhoIsWriting.check(by, in: editor.folder, wording: wording, memo: editor.memo) }
            let when: TOMLDateTime
            if let at {
                when = at
            } else {
                when = EventTimeLiteral.now(now, in: try SiteTimeZone.read(editor.folder, memo: editor.memo))
            }
            let same = found.table.flatMap { sameDeposit(at: when, in: $0) }
            if let same, askFirst {
                throw EditError(
                    "the same deposit (\(amount.text)\(note.map { ", \"\($0)\"" } ?? "")) was added at \(same); "
                        + "add it again?", kind: .askFirst,
                    details: [
                        "about": WriteKind.deposit.rawValue, "goal": found.id, "amount": amount.text,
                        "note": note ?? "", "at": "\(same)",
                    ])
            }
            var fields: [TOMLField] = [.dateTime("at", when), .amount("amount", amount)]
            if let note { fields.append(.string("note", note)) }
            if let by { fields.append(.string("by", by)) }
            var values = ["goal": found.id, "amount": amount.text, "at": when.description]
            if let note { values["note"] = note }
            if let by { values["by"] = by }
            let action = JournalAction(.deposit, "added \(amount.text) to \(found.id)", values: values)
            let written = try editor.append(
                table: "deposit", fields: fields, to: found.relative, read: found.file, action: action)
            var added = Added(
                goal: found.id, path: written.path, amount: amount, at: when,
                todayBeforeIt: at.flatMap {
                    EventTimeLiteral.todayWhenLater(than: $0, folder: editor.folder, memo: editor.memo, now: now)
                }
            )
            added.tooEarly = DepositEntry.tooEarly(when, created: found.table?["created"])
            added.sameAs = same
            added.journalID = written.journalID
            return added
        }
    }

    /// The time of a deposit in `goal` with this amount and note, made within `againWithin`
    /// seconds of `at`.
    func sameDeposit(at when: TOMLDateTime, in goal: TOMLTable) -> TOMLDateTime? {
        guard let mine = EventTime(when) else { return nil }
        for item in (goal["deposit"]?.arrayValue ?? []).reversed() {
            guard let deposit = item.tableValue, case .dateTime(let written)? = deposit["at"]?.kind,
                let theirs = EventTime(written), deposit["amount"]?.exactDecimal == amount.value,
                deposit["note"]?.stringValue == note,
                let apart = mine.seconds(from: theirs), abs(apart) <= DepositEntry.againWithin
            else { continue }
            return written
        }
        return nil
    }
}

extension DepositEntry {
    /// "before the goal was created (2026-08-01)" or "before 1970" for a deposit dated so early it is
    /// most likely a typo; the same rule `check` warns by.
    static func tooEarly(_ at: TOMLDateTime, created: TOMLValue?) -> String? {
        guard let date = at.date, let day = CalendarDate(date) else {
            return nil
        }
        let created = created?.dateTimeValue?.date.flatMap { CalendarDate($0) }
        return TableReader.implausiblyEarly(day, created: created)
    }
}

/// The goal files of a data folder and the ids they define: the files of `GoalReader.group`, each
/// goal's id by `GoalReader.id`, the build's own rules.
struct GoalFiles {
    let folder: DataFolder
    /// The edit's parses (a served site's: its last build's too): a goal file is parsed once.
    var memo: ParsedTables? = nil

    /// `file` parsed through `memo`; nil when it is not valid TOML.
    private func table(_ file: SourceFile) -> TOMLTable? {
        if let memo { return try? memo.parse(file) }
        return try? TOMLParser.parse(file.bytes)
    }

    /// A goal's file, read and parsed once for the whole edit.
    struct Found {
        var relative: String
        var id: String
        var file: SourceFile?
        /// Nil when the file is not valid TOML (the edit then reports where).
        var table: TOMLTable?
    }

    /// The id of every goal, by `GoalReader.id`, as the build reads them (a file that is not valid
    /// TOML by its file name).
    func ids() -> Set<String> {
        Set(
            GoalReader.group.files(in: folder).map { relative in
                let stem = GoalReader.group.stem(of: relative)
                guard case .success(let file) = folder.read(relative), let table = table(file) else { return stem }
                return GoalReader.id(of: table, fileName: stem)
            })
    }

    /// `goals/<id>.toml`, the file a new goal of that id is written to.
    static func relative(of id: String) -> String {
        "\(GoalReader.group.folder)/\(id).\(GoalReader.group.fileExtension)"
    }

    /// Whether a new goal cannot take `id`: a goal has it (`ids`), or its file name is taken.
    func isTaken(_ id: String, ids: Set<String>) -> Bool {
        ids.contains(id) || folder.fileExists(GoalFiles.relative(of: id))
    }

    /// The goal whose `name` is `name`, ignoring case, accents, full- or half-width and the white
    /// space around it: what a new goal of that name would repeat.
    func named(_ name: String) -> (relative: String, name: String)? {
        let folded = { (text: String) in
            text.trimmingCharacters(in: .whitespaces).folding(
                options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
        }
        let wanted = folded(name)
        for relative in GoalReader.group.files(in: folder) {
            guard case .success(let file) = folder.read(relative), let table = table(file),
                let existing = table["name"]?.stringValue, folded(existing) == wanted
            else { continue }
            return (relative, existing)
        }
        return nil
    }

    /// The file of the goal whose id (its `id` key, or else its file name) is `goal`; failing that,
    /// the file named `goals/<goal>.toml`; failing that (`byName`), the goal whose `name` is `goal`
    /// as written, then ignoring case and full- or half-width ("a new bike", "ＡＢＣ"). Paths are
    /// never built from what was typed.
    func file(for goal: String, byName: Bool = true) throws(EditError) -> Found {
        var ids: [(found: Found, stem: String, name: String?)] = []
        for relative in GoalReader.group.files(in: folder) {
            let stem = GoalReader.group.stem(of: relative)
            var found = Found(relative: relative, id: stem)
            var name: String?
            if case .success(let file) = folder.read(relative) {
                found.file = file
                found.table = table(file)
                if let table = found.table { found.id = GoalReader.id(of: table, fileName: stem) }
                name = found.table?["name"]?.stringValue
            }
            ids.append((found, stem, name))
        }
        let byID = ids.filter { $0.found.id == goal }
        guard byID.count < 2 else {
            let files = byID.map { folder.displayPath($0.found.relative) }.joined(separator: " and ")
            throw EditError("goal id '\(goal)' is used by both \(files); give each goal its own id first")
        }
        if let match = byID.first ?? ids.first(where: { $0.stem == goal }) {
            return match.found
        }
        let folded = { (text: String) in
            text.trimmingCharacters(in: .whitespaces).folding(
                options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
        }
        let rules =
            byName ? [{ (name: String) in name == goal }, { (name: String) in folded(name) == folded(goal) }] : []
        for same in rules {
            let byName = ids.filter { $0.name.map(same) ?? false }
            if byName.count == 1, let match = byName.first { return match.found }
            if byName.count > 1 {
                let listed = byName.map { "\($0.found.id) (\(folder.displayPath($0.found.relative)))" }
                throw EditError(
                    "more than one goal is called '\(goal)': \(listed.joined(separator: ", ")); give its id instead")
            }
        }
        let known = ids.map(\.found.id).sorted()
        var message = "unknown goal '\(goal)'"
        if let guess = Suggestion.closest(to: goal, in: known) { message += "; did you mean '\(guess)'?" }
        if known.isEmpty {
            message += ": there are no goals in \(folder.displayPath(GoalReader.group.folder))"
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
    /// - Parameter memo: the edit's parses, so site.toml is parsed once for the edit.
    static func read(_ folder: DataFolder, memo: ParsedTables? = nil) throws(EditError) -> TimeZone {
        let advice = "sandjar needs the site's time zone to date the deposit; fix it or give --at"
        switch DataLoader.siteEssentials(of: folder, memo: memo) {
        case .success(let site):
            if let finding = site.timezoneFinding { throw EditError(advice, diagnostic: finding) }
            return site.timezone ?? TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        case .failure(let finding):
            throw EditError(advice, diagnostic: finding)
        }
    }
}

extension DepositEntry.Added {
    /// The day it is dated, `2026-11-29`.
    public var day: String { at.date.map(\.description) ?? at.description }
}
