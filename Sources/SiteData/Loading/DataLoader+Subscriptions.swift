import Domain
import Foundation
import Markdown

extension DataLoader {
    static let subscriptionKeys = [
        "name", "catalog", "price", "currency", "cycle", "trial", "started",
        "next_billing", "members", "category", "unsubscribe", "last_touched",
        "remind", "killed", "note",
    ]

    func loadSubscriptions() {
        for relative in folder.files(in: "subscriptions", withExtension: "toml") {
            guard let reader = parse(relative) else { continue }
            reader.finish(known: ["subscription"])
            for entry in reader.tables("subscription") {
                guard let subscription = readSubscription(entry) else { continue }
                subscriptions.append(subscription)
                subscriptionPlaces.append(
                    SourcePlace(file: entry.file, location: entry.location(of: "name") ?? entry.location))
                if let killed = subscription.killed {
                    dated.append(DatedEntry(.kill(subscription.name), on: killed, key: "killed", in: entry))
                }
            }
        }
    }

    private func readSubscription(_ reader: TableReader) -> Subscription? {
        defer { reader.finish(known: DataLoader.subscriptionKeys) }
        let name = reader.text("name", required: true)
        var pin = Subscription.CatalogPin.automatic
        if let value = reader.table["catalog"] {
            switch value.kind {
            case .boolean(false): pin = .disabled
            case .string(let id) where DataLoader.isValidID(id): pin = .entry(id)
            default: reader.error("catalog", "must be a catalogue id such as \"netflix\", or false")
            }
        }
        let price = reader.decimal("price")
        if let price, price < 0 { reader.error("price", "must be ≥ 0") }
        let currency = reader.currency("currency") ?? (reader.has("currency") ? nil : site?.currency)
        if let currency, reader.has("currency") { checkRate(for: currency, in: reader, key: "currency") }
        let cycle = reader.choice("cycle", as: Subscription.Cycle.self)
        let members = reader.integer("members", in: 1...10_000, rangeMessage: "must be ≥ 1") ?? 1
        var unsubscribe = reader.string("unsubscribe")
        if let url = unsubscribe, !URLPolicy.isWebURL(url) {
            reader.error("unsubscribe", "must be an http(s) URL")
            unsubscribe = nil
        }
        var remind = reader.integerArray("remind") ?? [7, 3, 1]
        if remind.contains(where: { $0 < 0 || $0 > 366 }) {
            reader.error("remind", "must hold days before billing between 0 and 366")
            remind = []
        }
        let subscription = Subscription(
            name: name ?? "", catalog: pin, price: price, currency: currency, cycle: cycle,
            trial: reader.bool("trial") ?? false, started: reader.date("started"),
            nextBilling: reader.date("next_billing"), members: members, category: reader.string("category"),
            unsubscribe: unsubscribe, lastTouched: reader.date("last_touched"),
            remind: Array(Set(remind)).sorted(by: >), killed: reader.date("killed"),
            note: reader.string("note"), source: reader.file.path)
        return name == nil ? nil : subscription
    }
}
