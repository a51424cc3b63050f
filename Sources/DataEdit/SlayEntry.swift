import Domain
import Foundation
import SiteData
import Subscriptions
import TOML

/// `sandjar slay NAME [--on DATE]`: marks one subscription killed by adding `killed = DATE` to its
/// `[[subscription]]` table, keeping every other byte of the file (DESIGN.md §6).
///
/// NAME is looked up in every `subscriptions/*.toml`, in three steps, the first that matches
/// deciding: the name exactly; the subscription's id in data.json (`disney-plus`, `sub-1a2b3c4d`)
/// or the catalogue id it pins or matches (`netflix` names `netflix-2` too); the name ignoring case,
/// accents, spaces and punctuation ("icloud" finds "iCloud+"). Where a step matches both active and
/// slain subscriptions, the active ones count. Two active matches are refused with their ids, which
/// are unique, and places, so the next try can name one exactly. Nothing else slays: a word of a
/// name ("copilot"), a catalogue alias ("哔哩哔哩") or a typo only suggests.
public struct SlayEntry: Sendable, Equatable {
    public var name: String
    /// Nil: today in the site's time zone, decided when the entry is applied.
    public var on: CalendarDate?

    /// Validates NAME and `--on` (a form's date, with `wording`).
    public init(name: String, on: String? = nil, wording: Wording = .commandLine) throws(EditError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw EditError("the subscription name is empty; give its name as in subscriptions/*.toml")
        }
        self.name = name
        guard let on else { return }
        let typed: TOMLDateTime
        do {
            typed = try EventTimeLiteral.parse(on, option: wording.name("on"), dateOnly: true)
        } catch {
            throw EditError(error.message)
        }
        guard typed.time == nil, let date = typed.date,
            let day = CalendarDate(date)
        else { throw EditError("\(wording.name("on")) '\(on)': give a date such as 2026-11-29, without a time") }
        self.on = day
    }

    /// What was changed, for the one-line report.
    public struct Slain: Sendable, Equatable {
        /// As the data names it.
        public var name: String
        public var on: CalendarDate
        /// As shown to the user: `content/subscriptions/streaming.toml`.
        public var path: String
        /// The line of the new `killed = …`.
        public var line: Int
        /// Today, when `--on` is after it: the subscription stays active until then.
        public var todayBeforeIt: CalendarDate? = nil
        /// The undo journal's entry for the write.
        public var journalID: Int = 0
    }

    /// How far ahead a slay may be dated: a cancellation takes effect at the end of a term, at
    /// most a year away; a later date is a typo.
    public static let furthestAhead = 366

    /// Finds the subscription and writes `killed` into its file.
    /// - Parameters:
    ///   - now: the clock for a slay without `--on`; tests pass a fixed instant.
    ///   - theme: `--theme`, whose catalogue (with site.toml's theme) names subscriptions the way
    ///     data.json does.
    ///   - byID: NAME is the subscription's id in data.json and nothing else (a form).
    public func apply(
        data: String, now: Date, theme: String? = nil, journal: UndoJournal? = nil, byID: Bool = false
    ) throws(EditError) -> Slain {
        try apply(in: DataFileEditor(data: data, journal: journal), now: now, theme: theme, byID: byID)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func apply(in editor: DataFileEditor, now: Date, theme: String? = nil, byID: Bool = false)
        throws(EditError) -> Slain
    {
        try editor.locked { () throws(EditError) -> Slain in
            try apply(
                with: editor, catalog: SubscriptionEntries.catalog(of: editor, theme: theme), now: now, byID: byID)
        }
    }

    /// The edit itself, under the data folder's edit lock: the match is made on the files as they
    /// are now, and the one found is changed before anyone else can.
    private func apply(with editor: DataFileEditor, catalog: SubscriptionCatalog, now: Date, byID: Bool)
        throws(EditError) -> Slain
    {
        let entries = SubscriptionEntries(folder: editor.folder, catalog: catalog, memo: editor.memo)
        let entry = try byID ? entries.find(id: name, active: true) : entries.find(name)
        // Today in the site's time zone: the default day, and the yardstick of a date ahead.
        var today: CalendarDate?
        do {
            let zone = try SiteTimeZone.read(editor.folder, memo: editor.memo)
            today = EventTimeLiteral.now(now, in: zone).date.flatMap { CalendarDate($0) }
        } catch {
            if on == nil {
                throw EditError(
                    "sandjar needs the site's time zone to know today's date; fix it or give --on",
                    diagnostic: error.diagnostic)
            }
        }
        guard let date = on ?? today else { throw EditError("today's date is unknown; give --on") }
        if let today, date > today.adding(days: SlayEntry.furthestAhead) {
            throw EditError(
                "\(date) is more than a year ahead; a cancellation takes effect within a year, so this looks like a "
                    + "typo. Nothing was changed")
        }
        if let started = entry.started, date < started {
            throw EditError(
                "\(on == nil ? "today, \(date)," : "--on \(date)") is before \(entry.name) started (\(started), "
                    + "\(entry.place)); nothing was changed")
        }
        let killed = TOMLDateTime(date: TOMLDate(year: date.year, month: date.month, day: date.day), time: nil)
        let action = JournalAction(
            .slay, "slew \(entry.name) on \(date)", values: ["id": entry.id, "name": entry.name, "date": "\(date)"])
        let inserted = try editor.insert(
            .dateTime("killed", killed), intoEntry: entry.index, of: "subscription", in: entry.file, at: entry.relative,
            action: action)
        return Slain(
            name: entry.name, on: date, path: inserted.path, line: inserted.line,
            todayBeforeIt: today.flatMap { date > $0 ? $0 : nil }, journalID: inserted.journalID)
    }
}

/// Every `[[subscription]]` of a data folder, with the id data.json gives it: the files of
/// `SubscriptionReader.group`, each entry's pin by `SubscriptionReader.catalogPin`, its id by
/// `SubscriptionID.make` over the catalogue's matches, as the build's subscription report does.
struct SubscriptionEntries {
    struct Entry {
        var relative: String
        var file: SourceFile
        /// Among the file's `subscription` entries, from 0.
        var index: Int
        var location: SourceLocation
        var name: String
        var id = ""
        /// The catalogue entry it pins or matches, as the build decides.
        var catalogID: String?
        var killed: TOMLValue?
        var started: CalendarDate?

        /// `content/subscriptions/streaming.toml:12`.
        var place: String { "\(file.path):\(location.line)" }
    }

    let folder: DataFolder
    /// Names subscriptions the way the build does, so an id from data.json finds its entry.
    var catalog = SubscriptionCatalog()
    /// The edit's parses: each subscription file is parsed once for the edit.
    var memo = ParsedTables()

    /// The catalogue a build of `folder` uses: the theme's (`theme`, else site.toml's, over the
    /// built-in one, `ShippedCatalog.asBuilt` when neither names one) with the data folder's own
    /// `catalog.toml` over it; site.toml and catalog.toml parsed through `memo`.
    static func catalog(folder: DataFolder, theme: String?, memo: ParsedTables = ParsedTables()) -> SubscriptionCatalog
    {
        let own = DataLoader(folder: folder, log: DiagnosticLog(strict: false), tables: memo).loadCatalog()
        let overlay = theme ?? DataLoader.themeOverlay(of: folder, memo: memo)
        return ShippedCatalog.load(theme: overlay).overlaid(by: own)
    }

    /// The same, for the folder `editor` edits, through its parses.
    static func catalog(of editor: DataFileEditor, theme: String?) -> SubscriptionCatalog {
        catalog(folder: editor.folder, theme: theme, memo: editor.memo)
    }

    /// The entries in data order (files by name, entries in file order), as the loader reads them:
    /// those with a non-blank `name`. A file that cannot be read or parsed is an error, because the
    /// match, and the ids, depend on all of them.
    func all() throws(EditError) -> [Entry] {
        var entries: [Entry] = []
        var subscriptions: [Subscription] = []
        for relative in SubscriptionReader.group.files(in: folder) {
            let advice = "sandjar reads every subscription file to find one; fix this first, nothing was changed"
            let (file, table) = try folder.parsedForEditing(relative, advice: advice, memo: memo)
            for (index, item) in (table["subscription"]?.arrayValue ?? []).enumerated() {
                guard let entry = item.tableValue, let name = entry["name"]?.stringValue,
                    !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                else { continue }
                var started: CalendarDate?
                if let date = entry["started"]?.dateTimeValue, date.time == nil, let day = date.date {
                    started = CalendarDate(day)
                }
                entries.append(
                    Entry(
                        relative: relative, file: file, index: index, location: item.location, name: name,
                        killed: entry["killed"], started: started))
                let pin = SubscriptionReader.catalogPin(entry["catalog"]) ?? .automatic
                subscriptions.append(Subscription(name: name, catalog: pin))
            }
        }
        // The same ids as data.json: the name slugged, or the catalogue id it matches.
        let catalogIDs = subscriptions.map { catalog.match(for: $0)?.entry.id }
        let ids = SubscriptionID.make(for: subscriptions, catalogIDs: catalogIDs)
        for index in entries.indices {
            entries[index].id = ids[index]
            entries[index].catalogID = catalogIDs[index]
        }
        return entries
    }

    /// The entries `name` names at the first step that finds any — its name exactly, then its id
    /// or catalogue id, then its name loosely — or nil when no step does; `find` and `findSlain`
    /// take the active or the slain of them.
    static func matches(of name: String, in entries: [Entry]) -> [Entry]? {
        let loose = looseKey(name)
        let steps: [(Entry) -> Bool] = [
            { $0.name == name },
            { $0.id == name || $0.catalogID == name },
            { !loose.isEmpty && looseKey($0.name) == loose },
        ]
        for step in steps {
            let matches = entries.filter(step)
            if !matches.isEmpty { return matches }
        }
        return nil
    }

    /// The one of `matches` that is slain (`slain`) or active, nil when none is; more than one is
    /// an error that lists them by id, for `find` and `findSlain` alike (active ids padded to one
    /// width).
    static func only(_ matches: [Entry], slain: Bool, name: String) throws(EditError) -> Entry? {
        let wanted = matches.filter { ($0.killed != nil) == slain }
        guard wanted.count > 1 else { return wanted.first }
        let width = slain ? 0 : wanted.map(\.id.count).max() ?? 0
        let lines = wanted.map { entry in
            "  \(entry.id.padding(toLength: max(width, entry.id.count), withPad: " ", startingAt: 0))  "
                + "\(entry.name) (\(entry.place))"
        }
        throw EditError(
            "'\(name)' matches \(wanted.count) \(slain ? "slain" : "active") subscriptions; name one by its id:\n"
                + lines.joined(separator: "\n"))
    }

    /// The one active subscription that `name` names, or an error that explains what it names.
    func find(_ name: String) throws(EditError) -> Entry {
        let entries = try all()
        if let matches = SubscriptionEntries.matches(of: name, in: entries) {
            if let entry = try SubscriptionEntries.only(matches, slain: false, name: name) { return entry }
            throw alreadySlain(matches)
        }
        let known = entries.filter { $0.killed == nil }.map(\.name)
            .sorted { $0.lowercased() < $1.lowercased() }
        var message = "unknown subscription '\(name)'"
        let guesses = suggestions(for: name, in: entries.filter { $0.killed == nil })
        if !guesses.isEmpty {
            let quoted = guesses.map { "'\($0)'" }
            let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
            message += "; did you mean \(list)?"
        }
        if entries.isEmpty {
            message += ": there are no subscriptions in \(folder.displayPath(SubscriptionReader.group.folder))"
        } else if known.isEmpty {
            message += ": every subscription in \(folder.displayPath(SubscriptionReader.group.folder)) is already slain"
        } else {
            message += "\nactive subscriptions: \(known.joined(separator: ", "))"
        }
        throw EditError(message)
    }

    /// The subscription whose id in data.json is `id`, and nothing else: a form names entries by
    /// id only (DESIGN.md §6). `active`: it must be active (slay, price) or slain (revive).
    func find(id: String, active: Bool) throws(EditError) -> Entry {
        guard let entry = try all().first(where: { $0.id == id }) else {
            throw EditError("no subscription has the id '\(id)' any more; reload the page to see them as they are now")
        }
        if active, entry.killed != nil { throw alreadySlain([entry]) }
        if !active, entry.killed == nil {
            throw EditError("\(entry.name) (\(entry.place)) is not slain; nothing was changed")
        }
        return entry
    }

    /// "Did you mean" for a NAME that matched nothing, over active subscriptions, at most three,
    /// each once: those whose catalogue entry the NAME matches as a name or alias ("哔哩哔哩" finds
    /// "B站大会员"); those with NAME as whole words of their name ("copilot" finds "GitHub
    /// Copilot"); then the closest name or id within a few typos ("Netflx").
    func suggestions(for name: String, in active: [Entry]) -> [String] {
        var found: [String] = []
        func add(_ entry: Entry) {
            if !found.contains(entry.name) { found.append(entry.name) }
        }
        if let service = catalog.match(name)?.entry.id {
            for entry in active where entry.catalogID == service { add(entry) }
        }
        for entry in active where NameWords.contains(entry.name, words: name) { add(entry) }
        let byName = Dictionary(active.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        if let guess = Suggestion.closest(to: name, in: Array(byName.keys)), let entry = byName[guess] { add(entry) }
        let byID = Dictionary(active.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let guess = Suggestion.closest(to: name, in: Array(byID.keys)), let entry = byID[guess] { add(entry) }
        return Array(found.prefix(3))
    }

    private func alreadySlain(_ matches: [Entry]) -> EditError {
        func when(_ entry: Entry) -> String {
            guard let value = entry.killed, let date = value.dateTimeValue, date.time == nil, let day = date.date else {
                return "already has a 'killed' key"
            }
            return "was already slain on \(day)"
        }
        if matches.count == 1, let entry = matches.first, let killed = entry.killed {
            let at = killed.location
            return EditError(
                "nothing was changed",
                diagnostic: entry.file.diagnostic(.error, at: at, "\(entry.name) \(when(entry))"))
        }
        let lines = matches.map { "  \($0.name) \(when($0)) (\($0.place))" }
        return EditError("every subscription that matches is already slain:\n" + lines.joined(separator: "\n"))
    }

    /// Lower-case letters and digits only, accents and width folded: "iCloud+ 200 GB" → `icloud200gb`.
    static func looseKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased().filter { $0.isLetter || $0.isNumber }
    }
}
