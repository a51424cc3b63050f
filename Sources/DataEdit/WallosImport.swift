import Domain
import Foundation
import Import
import SiteData
import TOML

/// `sandjar import wallos EXPORT.json [--currency CODE] [--write]` (DESIGN.md §3, §6): the
/// subscriptions of a Wallos export as a new `subscriptions/wallos.toml`, commented as `init`
/// comments its files.
///
/// - Names are matched with the catalogue as the build matches them (`catalog = "id"` is written
///   for a match); the catalogue's category stands unless Wallos's is one of the catalogue's.
/// - An inactive subscription is slain on its cancellation date (on the day of the import when
///   Wallos kept none); an active one with a cancellation date ahead is a contract ending then,
///   so sandjar reminds before it.
/// - A subscription the data folder already has (the same catalogue entry, or the same name) is
///   not imported again: importing the same export twice adds nothing.
/// - Everything is checked before anything is written — the export, each price's currency (it
///   needs a rate), the new file read as a build reads it — and every error is reported at its
///   line and column in the export. The file is written under the data folder's edit lock,
///   through the editor's `create` (never over a file that exists: `wallos-2.toml` when
///   `wallos.toml` is taken), so the undo journal records it.
public struct WallosImport {
    /// Why nothing was imported: each finding with its place, then what to do.
    public typealias Failure = Findings

    /// What the import did, or would do.
    public struct Outcome: Sendable {
        /// The new file's text; empty when there is nothing to import.
        public var text: String
        /// As shown to the person: `content/subscriptions/wallos.toml`.
        public var path: String
        public var written: Bool
        /// The names imported (or to be), in the export's order.
        public var imported: [String]
        /// How many of them are slain.
        public var slain: Int
        /// Those the data folder has already: the export's name and where the data has it.
        public var tracked: [(name: String, id: String, place: String)]
        /// What is worth knowing but stops nothing.
        public var warnings: [Diagnostic]
    }

    public let exportPath: String
    public let bytes: [UInt8]
    /// `--currency`.
    public var currency: Currency?
    /// `--theme`, whose catalogue names services as the build's does.
    public var theme: String?

    public init(exportPath: String, bytes: [UInt8], currency: Currency? = nil, theme: String? = nil) {
        self.exportPath = exportPath
        self.bytes = bytes
        self.currency = currency
        self.theme = theme
    }

    /// The file the import would write, without writing it.
    public func preview(data: String, now: Date) throws(Failure) -> Outcome {
        try preview(in: DataFileEditor(data: data), now: now)
    }

    /// The same, in the data folder `editor` edits (on disk or in memory).
    package func preview(in editor: DataFileEditor, now: Date) throws(Failure) -> Outcome {
        do {
            try editor.requireDataFolder()
        } catch {
            throw Failure(diagnostics: error.diagnostic.map { [$0] } ?? [], message: error.message)
        }
        return try plan(editor, now: now)
    }

    /// Writes the file, under the data folder's edit lock.
    public func write(data: String, now: Date) throws(Failure) -> Outcome {
        try write(in: DataFileEditor(data: data), now: now)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
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
                guard !outcome.imported.isEmpty else { return outcome }
                let relative = String(outcome.path.dropFirst(editor.displayPath("").count))
                let names = outcome.imported.count == 1 ? "1 subscription" : "\(outcome.imported.count) subscriptions"
                let action = JournalAction(
                    .importSubscriptions, "imported \(names) from Wallos into \(relative)",
                    values: ["name": names, "file": relative])
                outcome.path = try editor.create(relative, Array(outcome.text.utf8), action: action).path
                outcome.written = true
                return outcome
            }
        } catch {
            if let failure { throw failure }
            throw Failure(
                diagnostics: error.diagnostic.map { [$0] } ?? [],
                message: error.message.isEmpty ? "nothing was imported" : error.message)
        }
    }

    /// Reads and checks the export against the data folder, and makes the new file's text.
    private func plan(_ editor: DataFileEditor, now: Date) throws(Failure) -> Outcome {
        let fail = { (diagnostics: [Diagnostic]) in Failure(diagnostics: diagnostics, message: "nothing was imported") }
        let export: WallosExport
        do {
            export = try WallosExport(bytes: bytes, path: exportPath)
        } catch {
            throw fail([error])
        }
        let folder = editor.folder
        let site: DataLoader.SiteEssentials
        switch DataLoader.siteEssentials(of: folder, memo: editor.memo) {
        case .success(let essentials): site = essentials
        case .failure(let finding): throw fail([finding])
        }
        let read = WallosSubscription.read(export, currency: currency, siteCurrency: site.currency)
        var errors = read.findings.filter { $0.severity == .error }
        var warnings = read.findings.filter { $0.severity != .error }
        // The rates as the build reads them. A rates.toml that is broken is reported as broken, at
        // its line, as check reports it — never as a currency it "does not convert", whose advice
        // (add EUR = … again) would make it worse. A data folder that does not load says why too.
        let log = DiagnosticLog(strict: false)
        let loaded = DataLoader(folder: folder, log: log, tables: editor.memo).load()
        let ratesPath = folder.displayPath("rates.toml")
        let brokenRates = log.entries.filter { $0.severity == .error && $0.path == ratesPath }
        let foreign = read.subscriptions.contains { $0.currency != site.currency }
        if foreign && (!brokenRates.isEmpty || loaded == nil) {
            let found = brokenRates.isEmpty ? log.entries.filter { $0.severity == .error } : brokenRates
            throw Failure(
                diagnostics: found,
                message: brokenRates.isEmpty
                    ? "the data folder has errors (sandjar check lists them); nothing was imported"
                    : "rates.toml has errors, so prices in other currencies cannot be converted; fix it first; "
                        + "nothing was imported")
        }
        let rates = loaded?.data.rates
        for subscription in read.subscriptions where subscription.currency != site.currency {
            guard rates?.rate(for: subscription.currency) == nil, let field = subscription.entry.field("Price") else {
                continue
            }
            let code = subscription.currency.code
            errors.append(
                export.diagnostic(
                    .error, at: field,
                    "\"\(subscription.name)\" is charged in \(code), which rates.toml does not convert into "
                        + "\(site.currency?.code ?? "the site currency"); add \(code) = … under [rates] first"))
        }
        let payers = WallosImport.payers(of: read.subscriptions, people: site.people, export: export, errors: &errors)
        guard errors.isEmpty else { throw fail(errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) }) }

        let catalog = SubscriptionEntries.catalog(of: editor, theme: theme)
        let tracked: [TrackedSubscription]
        do {
            tracked = try TrackedSubscription.all(in: folder, theme: theme, memo: editor.memo)
        } catch {
            throw Failure(diagnostics: error.diagnostic.map { [$0] } ?? [], message: error.message)
        }
        let zone: TimeZone
        do {
            zone = try SiteTimeZone.read(folder, memo: editor.memo)
        } catch {
            throw Failure(diagnostics: error.diagnostic.map { [$0] } ?? [], message: error.message)
        }
        let stamp = EventTimeLiteral.now(now, in: zone).date ?? TOMLDate(year: 1970, month: 1, day: 1)
        let today =
            CalendarDate(year: stamp.year, month: stamp.month, day: stamp.day) ?? CalendarDate(
                year: 1970, month: 1, day: 1)!

        var fresh: [(WallosSubscription, CatalogMatch?)] = []
        var already: [(name: String, id: String, place: String)] = []
        for subscription in read.subscriptions {
            let match = catalog.match(for: Subscription(name: subscription.name))
            if let same = tracked.first(where: { $0.isTheSame(name: subscription.name, catalogID: match?.entry.id) }) {
                already.append((subscription.name, same.id, same.place))
            } else {
                fresh.append((subscription, match))
            }
        }
        let relative = WallosImport.freeFile(in: folder)
        var outcome = Outcome(
            text: "", path: editor.displayPath(relative), written: false, imported: fresh.map(\.0.name),
            slain: fresh.filter { !$0.0.active }.count, tracked: already, warnings: warnings)
        guard !fresh.isEmpty else { return outcome }
        let words = WallosImportWords(language: site.language ?? .en)
        var text = words.header(source: URL(fileURLWithPath: exportPath).lastPathComponent, today: today)
        for (subscription, match) in fresh {
            let block = WallosImport.block(
                subscription, match: match, paidBy: payers[subscription.entry.location], siteCurrency: site.currency,
                today: today, words: words,
                warnings: &warnings, export: export)
            text += "\n" + block.joined(separator: "\n") + "\n"
        }
        outcome.text = text
        outcome.warnings = warnings
        do {
            try editor.checkAsTheBuildReadsIt(relative, Array(text.utf8))
        } catch {
            throw Failure(
                diagnostics: error.diagnostic.map { [$0] } ?? [],
                message: "the imported subscriptions would not read back as written; nothing was imported")
        }
        return outcome
    }

    /// With `[[person]]`s (DESIGN.md §3), each "Paid By" mapped to the person of that name — as
    /// written, then ignoring case, width and accents, then by id — keyed by the subscription's
    /// place in the export; a name that is no one's is an error at its field, with "did you mean".
    /// Without people, "Paid By" stays in the comment only.
    static func payers(
        of subscriptions: [WallosSubscription], people: [Person], export: WallosExport, errors: inout [Diagnostic]
    ) -> [SourceLocation: String] {
        guard !people.isEmpty else { return [:] }
        let folded = { (text: String) in
            text.trimmingCharacters(in: .whitespaces).folding(
                options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
        }
        var payers: [SourceLocation: String] = [:]
        for subscription in subscriptions {
            guard let name = subscription.paidBy, let field = subscription.entry.field("Paid By") else { continue }
            let person =
                people.first { $0.name == name } ?? people.first { folded($0.name) == folded(name) }
                ?? people.first { $0.id == folded(name) }
            if let person {
                payers[subscription.entry.location] = person.id
                continue
            }
            var message = "\"\(subscription.name)\" is paid by \"\(name)\", who is not one of site.toml's [[person]]s"
            if let guess = Suggestion.closest(to: name, in: people.map(\.name)) {
                message += "; did you mean \"\(guess)\"?"
            }
            message += " (the people are "
            message += people.map { "\"\($0.name)\" (\($0.id))" }.joined(separator: ", ")
            message += "; add a [[person]] whose name is \"\(name)\", or change the name in Wallos)"
            errors.append(export.diagnostic(.error, at: field, message))
        }
        return payers
    }

    /// `subscriptions/wallos.toml`, or the first of `wallos-2.toml`, `wallos-3.toml`… that is free.
    static func freeFile(in folder: DataFolder) -> String {
        var relative = "subscriptions/wallos.toml"
        var number = 2
        while folder.fileExists(relative) {
            relative = "subscriptions/wallos-\(number).toml"
            number += 1
        }
        return relative
    }

    /// One `[[subscription]]` with the comments that say where each value came from.
    static func block(
        _ subscription: WallosSubscription, match: CatalogMatch?, paidBy: String? = nil, siteCurrency: Currency?,
        today: CalendarDate,
        words: WallosImportWords, warnings: inout [Diagnostic], export: WallosExport
    ) -> [String] {
        var table = SubscriptionTable()
        func add(_ field: TOMLField, _ comment: String? = nil) { table.add(field, comment: comment) }
        func date(_ day: CalendarDate) -> TOMLDateTime {
            TOMLDateTime(date: TOMLDate(year: day.year, month: day.month, day: day.day), time: nil)
        }
        add(.string("name", subscription.name))
        if let match { add(.string("catalog", match.entry.id), words.matched) }
        table.add(.price, literal: subscription.price, comment: words.price(subscription.priceText))
        if subscription.currency != siteCurrency || subscription.currencyFromOption {
            add(
                .string("currency", subscription.currency.code),
                subscription.currencyFromOption ? words.currencyOption : nil)
        }
        if let cycle = subscription.cycle {
            add(.string("cycle", cycle.rawValue), subscription.cycleText.map(words.cycle))
        } else {
            table.remark(at: .cycle, "cycle = \"monthly\"", comment: words.noCycle(match != nil))
        }
        if let paidBy, let payer = subscription.paidBy { add(.string("paid_by", paidBy), words.paidBy(payer)) }
        if let next = subscription.nextPayment { add(.dateTime("next_billing", date(next)), words.nextPayment) }
        if let category = subscription.category ?? (match == nil ? subscription.wallosCategory : nil) {
            add(.string("category", category))
        }
        if match?.entry.unsubscribe == nil, let url = subscription.url {
            if WallosImport.isWebURL(url) {
                add(.string("unsubscribe", url), words.url)
            } else if let field = subscription.entry.field("URL") {
                warnings.append(
                    export.diagnostic(
                        .warning, at: field,
                        "\"\(subscription.name)\": '\(url)' is not an http(s) address; kept in the note"))
            }
        }
        if subscription.notificationsOff { table.add(.remind, literal: "[]", comment: words.remindOff) }
        if subscription.active, let cancel = subscription.cancellation {
            if cancel >= today {
                add(.dateTime("ends", date(cancel)), words.ends)
                // Renewed only by hand in Wallos: the term ends by itself, no notice needed.
                if subscription.manualRenewal { add(.boolean("auto_renew", false), words.manualRenewal) }
            } else {
                table.remark(at: .ends, words.pastCancellation(cancel))
            }
        }
        if !subscription.active {
            if let cancel = subscription.cancellation {
                add(.dateTime("killed", date(cancel)), words.killed)
            } else if let next = subscription.nextPayment, next <= today {
                // Disabled before the payment Wallos still shows as next: that one was not paid.
                add(.dateTime("killed", date(next.adding(days: -1))), words.killedBefore(next))
            } else {
                add(.dateTime("killed", date(today)), words.killedToday)
            }
        }
        var note = subscription.notes
        if let url = subscription.url, !WallosImport.isWebURL(url) {
            note = [note, url].compactMap { $0 }.joined(separator: "\n")
        }
        if let note { add(.string("note", note)) }
        let details = words.details(subscription)
        return (details.isEmpty ? [] : ["# " + details]) + table.lines
    }

    /// An absolute http(s) address with a host, as `unsubscribe` must be (the loader's rule,
    /// `URLPolicy.isWebURL`, which the new file is read back with).
    static func isWebURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
        let host = url.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !url.contains { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }
    }
}
