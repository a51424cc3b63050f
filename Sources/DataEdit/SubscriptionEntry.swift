import Domain
import Foundation
import SiteData
import TOML

/// A new `[[subscription]]`, for serve's "add a subscription" form: what is left empty comes from
/// the catalogue entry the name matches (price, cycle, currency, category, where to cancel), and
/// the entry is appended to the file that already holds subscriptions of its category, or to a
/// new `subscriptions/<category>.toml`, every byte already there kept.
public struct SubscriptionEntry: Sendable, Equatable {
    public static let maxNameLength = 200

    public var name: String
    public var price: AmountLiteral?
    public var currency: Currency?
    public var cycle: Subscription.Cycle?
    public var nextBilling: CalendarDate?
    public var trial: Bool
    public var members: Int?
    public var category: String?

    /// Validates what was typed; empty strings count as not given.
    public init(
        name: String, price: String? = nil, currency: String? = nil, cycle: String? = nil,
        nextBilling: String? = nil, trial: Bool = false, members: String? = nil, category: String? = nil
    ) throws(EditError) {
        func given(_ text: String?) -> String? {
            guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
                return nil
            }
            return trimmed
        }
        guard let name = given(name) else {
            throw EditError("the subscription needs a name, such as Netflix")
        }
        guard name.count <= SubscriptionEntry.maxNameLength else {
            throw EditError(
                "the name is \(name.count) characters long; at most \(SubscriptionEntry.maxNameLength) are allowed")
        }
        try TypedText.check(name, "the name")
        self.name = name
        self.trial = trial
        if let text = given(price) {
            do {
                self.price = try AmountLiteral(text)
            } catch {
                throw EditError("price: \(error.message)")
            }
        }
        if let code = given(currency) {
            guard let known = Currency(code: code.uppercased()) else {
                throw EditError("'\(code)' is not a currency code such as USD, EUR or CNY")
            }
            self.currency = known
        }
        if let text = given(cycle) {
            guard let known = Subscription.Cycle(rawValue: text) else {
                throw EditError("the cycle is weekly, monthly, quarterly, semiannual or yearly, not '\(text)'")
            }
            self.cycle = known
        }
        if let text = given(nextBilling) {
            guard let day = CalendarDate(iso: text) else {
                throw EditError("next billing '\(text)': give a date such as 2026-12-24")
            }
            self.nextBilling = day
        }
        if let text = given(members) {
            guard text.count <= 5, let count = Int(text), (1...10_000).contains(count) else {
                throw EditError("members '\(text)': give how many share the plan, from 1 (just you) to 10000")
            }
            self.members = count
        }
        if let text = given(category) {
            try TypedText.check(text, "the category")
            guard text.count <= 60 else { throw EditError("the category is a short name, such as streaming") }
            self.category = text
        }
        if trial, nextBilling == nil {
            throw EditError("a trial needs the day of its first charge (next billing), so it can be slain in time")
        }
    }

    /// What was added, for the report and the page to go to.
    public struct Added: Sendable, Equatable {
        public var name: String
        /// As shown to the user: `content/subscriptions/streaming.toml`.
        public var path: String
        /// The catalogue entry that filled in what was left empty.
        public var catalogID: String?
        /// The undo journal's entry for the write.
        public var journalID: Int = 0
    }

    /// Appends the subscription in the data folder, under its edit lock.
    /// - Parameters:
    ///   - now: the clock, for `started` (today in the site's time zone).
    ///   - theme: `--theme`, whose catalogue names services as the build does.
    ///   - askFirst: refuse (`EditError.Kind.askFirst`) a service the data already has active.
    ///   - categoryNames: what a person may type for a category, lower-cased, and the category it
    ///     is (the theme's labels: "视频" → `streaming`); a category the data already uses is
    ///     matched without regard to case or accents either way.
    public func add(
        data: String, now: Date, theme: String? = nil, journal: UndoJournal? = nil, askFirst: Bool = false,
        categoryNames: [String: String] = [:]
    ) throws(EditError) -> Added {
        try add(
            in: DataFileEditor(data: data, journal: journal), now: now, theme: theme, askFirst: askFirst,
            categoryNames: categoryNames)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func add(
        in editor: DataFileEditor, now: Date, theme: String? = nil, askFirst: Bool = false,
        categoryNames: [String: String] = [:]
    ) throws(EditError) -> Added {
        try editor.locked { () throws(EditError) -> Added in
            let folder = editor.folder
            let catalog = SubscriptionEntries.catalog(of: editor, theme: theme)
            let zone = try SiteTimeZone.read(folder, memo: editor.memo)
            let today = EventTimeLiteral.now(now, in: zone).date ?? TOMLDate(year: 1970, month: 1, day: 1)
            let loaded = DataLoader(folder: folder, log: DiagnosticLog(strict: false), tables: editor.memo).load()
            let site = (try? DataLoader.siteEssentials(of: folder, memo: editor.memo).get())?.currency
            let match = catalog.match(for: Subscription(name: name))?.entry
            let subscriptions = loaded?.data.subscriptions ?? []
            if askFirst, let match,
                let same = subscriptions.first(where: {
                    $0.killed == nil && catalog.match(for: $0)?.entry.id == match.id
                })
            {
                throw EditError(
                    "\(same.name) is already active (\(same.source)); add \(match.name(in: .en)) again as a "
                        + "second subscription?", kind: .askFirst,
                    details: ["about": WriteKind.subscription.rawValue, "name": same.name, "catalog": match.id])
            }
            let folded = { (text: String) in
                text.trimmingCharacters(in: .whitespaces).folding(
                    options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
            }
            if askFirst, let same = subscriptions.first(where: { $0.killed == nil && folded($0.name) == folded(name) })
            {
                throw EditError(
                    "\(same.name) is already active (\(same.source)); add it again as a second subscription?",
                    kind: .askFirst, details: ["about": WriteKind.subscription.rawValue, "name": same.name])
            }
            let filled = try fill(from: match, siteCurrency: site, rates: loaded?.data.rates)
            let known = subscriptions.compactMap(\.category) + catalog.entries.map(\.category)
            let category =
                self.category.map { SubscriptionEntry.category($0, known: known, names: categoryNames) }
                ?? match?.category
            let relative = SubscriptionEntry.file(
                for: category, in: folder, subscriptions: loaded?.data.subscriptions ?? [], catalog: catalog)
            var table = SubscriptionTable()
            table.add(.string("name", name))
            if let match { table.add(.string("catalog", match.id)) }
            if let price = filled.price { table.add(.amount("price", price)) }
            if let currency = filled.currency, currency != site { table.add(.string("currency", currency.code)) }
            if let cycle = filled.cycle { table.add(.string("cycle", cycle.rawValue)) }
            if trial { table.add(.boolean("trial", true)) }
            table.add(.dateTime("started", TOMLDateTime(date: today, time: nil)))
            if let nextBilling {
                let date = TOMLDate(year: nextBilling.year, month: nextBilling.month, day: nextBilling.day)
                table.add(.dateTime("next_billing", TOMLDateTime(date: date, time: nil)))
            }
            if let members, members > 1 { table.add(.integer("members", Int64(members))) }
            if let category { table.add(.string("category", category)) }
            if let unsubscribe = match?.unsubscribe { table.add(.string("unsubscribe", unsubscribe)) }
            let header =
                "# Subscriptions\(category.map { " (\($0))" } ?? ""): one [[subscription]] block each, "
                + "added by sandjar serve or by hand.\n"
            let action = JournalAction(
                .subscription, "added the subscription \(name)",
                values: ["name": name, "catalog": match?.id ?? ""])
            let written = try editor.append(
                table: "subscription", fields: table.fields, to: relative, createIfMissing: true, header: header,
                wholeCheck: true, lines: table.lines, action: action)
            return Added(name: name, path: written.path, catalogID: match?.id, journalID: written.journalID)
        }
    }

    /// The category a person typed, as the data already spells it: "Streaming" is `streaming` when
    /// a subscription or the catalogue uses that, and a label of the theme names its category.
    static func category(_ typed: String, known: [String], names: [String: String]) -> String {
        let key = { (text: String) in
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        let wanted = key(typed)
        if let same = known.first(where: { key($0) == wanted }) { return same }
        if let named = names.first(where: { key($0.key) == wanted })?.value { return named }
        return typed
    }

    /// Price, currency and cycle: as typed, else the catalogue's. A catalogue price is quoted for
    /// one cycle, so it is taken only for that cycle, and in a currency the build can convert.
    private func fill(
        from entry: CatalogEntry?, siteCurrency: Currency?, rates: ExchangeRates?
    ) throws(EditError) -> (price: AmountLiteral?, currency: Currency?, cycle: Subscription.Cycle?) {
        if let price { return (price, currency, cycle ?? entry?.cycle ?? .monthly) }
        guard let entry else {
            throw EditError("price: give the price per cycle; no catalogue entry knows '\(name)'")
        }
        if let cycle, cycle != entry.cycle {
            throw EditError(
                "price: the catalogue quotes \(entry.name(in: .en)) \(entry.cycle.rawValue); give the price per "
                    + "\(cycle.rawValue) cycle, or leave the cycle empty")
        }
        let usable = { (candidate: Currency) in candidate == siteCurrency || rates?.rate(for: candidate) != nil }
        let choices = currency.map { [$0] } ?? ([siteCurrency].compactMap { $0 } + entry.prices.map(\.currency))
        for candidate in choices where usable(candidate) {
            if let amount = entry.price(in: candidate),
                let literal = try? AmountLiteral(NSDecimalNumber(decimal: amount).stringValue)
            {
                return (literal, candidate, entry.cycle)
            }
        }
        let listed = entry.prices.map(\.currency.code).joined(separator: ", ")
        throw EditError(
            "price: the catalogue knows \(entry.name(in: .en)) in \(listed.isEmpty ? "no currency" : listed), "
                + "not in one this data folder converts; give the price")
    }

    /// The file that already holds a subscription of `category` (its own or its catalogue entry's),
    /// else `subscriptions/<category>.toml` (lower-case letters, digits and '-'), else
    /// `subscriptions/subscriptions.toml`. Never a path built from anything but those characters.
    static func file(
        for category: String?, in folder: DataFolder, subscriptions: [Subscription], catalog: SubscriptionCatalog
    ) -> String {
        let prefix = folder.displayPath("")
        if let category {
            for subscription in subscriptions {
                let own = subscription.category ?? catalog.match(for: subscription)?.entry.category
                guard own == category, subscription.source.hasPrefix(prefix) else { continue }
                let relative = String(subscription.source.dropFirst(prefix.count))
                if relative.hasPrefix("subscriptions/"), folder.fileExists(relative) { return relative }
            }
        }
        let characters: [Character] = (category ?? "").lowercased().unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        }
        let slug = characters.split(separator: "-").map { String($0) }.joined(separator: "-")
        let name = slug.isEmpty || slug.count > 40 ? "subscriptions" : slug
        return "subscriptions/\(name).toml"
    }
}
