import Domain
import Foundation
import Markdown

/// Reads a subscription catalogue: the theme's `catalog.toml` (shipped with sandjar) or a data
/// folder's optional own, whose entries replace shipped ones with the same id. Both have the same
/// form — `[[service]]` tables — and every mistake is reported at its `path:line:column`.
enum CatalogReader {
    static let file = "catalog.toml"
    static let keys = [
        "id", "name", "aliases", "category", "icon", "cycle", "prices", "unsubscribe", "shareable",
    ]
    /// The category of a catalogue entry that names none; the string tables must name it.
    static let defaultCategory = "other"

    /// The folder's catalog.toml; an empty catalogue when there is none, or it cannot be read.
    /// Overlay a data folder's on the theme's: `shipped.overlaid(by: data.catalog)`.
    static func read(_ files: DataFiles) -> SubscriptionCatalog {
        guard files.folder.fileExists(file), let reader = files.parse(file) else { return SubscriptionCatalog() }
        return read(reader)
    }

    private static func read(_ reader: TableReader) -> SubscriptionCatalog {
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
        defer { reader.finish(known: keys) }
        let id = reader.text("id", required: true)
        let validID = id.map { reader.checkID($0, key: "id") } ?? false
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
        guard let id, validID, let names else { return nil }
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
