import Domain
import Foundation
import Markdown

/// Reading subscription catalogues: the theme's `catalog.toml` (shipped with sandjar) and a data
/// folder's optional own, whose entries replace shipped ones with the same id. Both have the same
/// form — `[[service]]` tables — and every mistake is reported at its `path:line:column`.
extension DataLoader {
    static let catalogKeys = [
        "id", "name", "aliases", "category", "icon", "cycle", "prices", "unsubscribe", "shareable",
    ]

    /// The data folder's `catalog.toml`, or an empty catalogue when there is none.
    package func loadCatalog() -> SubscriptionCatalog {
        guard folder.fileExists("catalog.toml"), let reader = parse("catalog.toml") else {
            return SubscriptionCatalog()
        }
        return DataLoader.readCatalog(reader)
    }

    /// The category of a catalogue entry that names none; the string tables must name it.
    static let defaultCategory = "other"

    /// The catalogue a theme folder ships (`templates/catalog.toml`); empty when it has none.
    /// Overlay the data's own on it: `shipped.overlaid(by: data.catalog)`.
    static func loadShippedCatalog(theme folder: DataFolder, log: DiagnosticLog) -> SubscriptionCatalog {
        guard folder.fileExists("catalog.toml") else { return SubscriptionCatalog() }
        guard let reader = DataLoader(folder: folder, log: log).parse("catalog.toml") else {
            return SubscriptionCatalog()
        }
        return readCatalog(reader)
    }

    static func readCatalog(_ reader: TableReader) -> SubscriptionCatalog {
        reader.finish(known: ["service"])
        var entries: [CatalogEntry] = []
        var firstLine: [String: Int] = [:]
        for service in reader.tables("service") {
            guard let entry = readService(service) else { continue }
            if let line = firstLine[entry.id] {
                service.error("id", "'\(entry.id)' is already the id of the service on line \(line)")
                continue
            }
            firstLine[entry.id] = service.location(of: "id")?.line ?? 0
            entries.append(entry)
        }
        return SubscriptionCatalog(entries: entries)
    }

    private static func readService(_ reader: TableReader) -> CatalogEntry? {
        defer { reader.finish(known: catalogKeys) }
        let id = reader.text("id", required: true)
        if let id, !isValidID(id) {
            reader.error("id", "'\(id)' is not a valid id: use lower-case letters, digits and '-' (\(idPattern))")
        }
        let names = serviceNames(reader)
        let aliases = reader.stringArray("aliases") ?? []
        let category = reader.text("category") ?? defaultCategory
        let icon = reader.text("icon")
        let cycle = reader.choice("cycle", as: Subscription.Cycle.self) ?? .monthly
        let prices = servicePrices(reader)
        var unsubscribe = reader.string("unsubscribe")
        if let url = unsubscribe, !URLPolicy.isWebURL(url) {
            reader.error("unsubscribe", "must be an http(s) URL")
            unsubscribe = nil
        }
        let shareable = reader.bool("shareable") ?? false
        guard let id, isValidID(id), let names else { return nil }
        return CatalogEntry(
            id: id, names: names, aliases: aliases, category: category, icon: icon, cycle: cycle, prices: prices,
            unsubscribe: unsubscribe, shareable: shareable)
    }

    /// `name = "Netflix"` or `name = { en = "Netflix", zh-Hans = "网飞" }`.
    private static func serviceNames(_ reader: TableReader) -> [SiteSettings.Language: String]? {
        guard let value = reader.table["name"] else {
            reader.tableError("missing required key 'name'")
            return nil
        }
        if case .string = value.kind {
            return reader.text("name").map { [.en: $0] }
        }
        guard case .table = value.kind, let table = reader.table("name") else {
            reader.error("name", "must be a string or a table such as { en = \"Netflix\", zh-Hans = \"网飞\" }")
            return nil
        }
        defer { table.finish(known: SiteSettings.Language.allCases.map(\.rawValue)) }
        var names: [SiteSettings.Language: String] = [:]
        for language in SiteSettings.Language.allCases {
            if let text = table.text(language.rawValue, required: language == .en) { names[language] = text }
        }
        return names[.en] == nil ? nil : names
    }

    /// `prices = { USD = 15.49, EUR = 13.99 }`, in the order written.
    private static func servicePrices(_ reader: TableReader) -> [CatalogEntry.Price] {
        guard let table = reader.table("prices") else { return [] }
        var prices: [CatalogEntry.Price] = []
        for key in table.table.keys {
            guard let currency = Currency(code: key) else {
                var message = "'\(key)' is not a known currency code"
                if let guess = Suggestion.closest(to: key.uppercased(), in: Currency.allCodes) {
                    message += "; did you mean '\(guess)'?"
                }
                table.log.add(
                    table.file.diagnostic(.error, at: table.table.keyLocation(key), "\(table.path(key)) \(message)"))
                continue
            }
            if let amount = table.positive(key) {
                prices.append(CatalogEntry.Price(currency: currency, amount: amount))
            }
        }
        return prices
    }
}

/// The catalogue a theme ships, for commands that match names outside a build (`detect`, `slay`).
public enum ShippedCatalog {
    /// The catalogue of the built-in theme with `theme` (a folder) laid over it; empty when the
    /// overlay's catalogue is invalid, since a suggestion without a catalogue id is still a good one.
    public static func load(theme: String?) -> SubscriptionCatalog {
        let log = DiagnosticLog(strict: false)
        guard let folder = Theme.folder(overlay: theme, log: log) else { return SubscriptionCatalog() }
        let catalog = DataLoader.loadShippedCatalog(theme: folder, log: log)
        return log.hasErrors ? SubscriptionCatalog() : catalog
    }

    /// The catalogue a build of `data` would use before the data's own entries: the theme is
    /// `theme` (`--theme`) or else the data folder's site.toml `theme`, as for a build.
    public static func load(data: String?, theme: String?) -> SubscriptionCatalog {
        load(theme: theme ?? data.flatMap { DataLoader.themeOverlay(of: DataFolder(path: $0)) })
    }
}

/// What `sandjar check` says about the catalogue: for each subscription, the service its name
/// matched and how sure the match was, so a wrong guess or a missed one is seen before it shows.
package enum CatalogMatchReport {
    /// - Parameters:
    ///   - data: as a build leaves it, the theme's catalogue and the data's own in one.
    ///   - matches: what each subscription matched, in data order (the subscription report's).
    package static func lines(_ data: DataSet, matches: [CatalogMatch?]) -> [String] {
        let catalog = data.catalog
        return zip(data.subscriptions, matches).map { subscription, match in
            let name = "\(subscription.name) (\(subscription.source))"
            switch subscription.catalog {
            case .disabled:
                return "\(name): matching turned off (catalog = false)"
            case .entry(let id) where catalog[id] == nil:
                return "\(name): catalog = \"\(id)\" is not in the catalogue"
            default:
                guard let match else { return "\(name): no catalogue match" }
                let score = String(format: "%.2f", Double(match.score))
                return "\(name) → \(match.entry.id) (\(match.kind.rawValue), score \(score))"
            }
        }
    }
}
