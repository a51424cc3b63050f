import Domain
import Foundation
import Markdown
import TOML

/// The subscriptions of `subscriptions/*.toml`, in file order.
struct SubscriptionList {
    var subscriptions: [Subscription] = []
    /// Where each subscription is written (its `name`), in the same order.
    var places: [SourcePlace] = []
    /// Each price history's last `from` and each `killed`, for a build as of an earlier day.
    var dated: [DatedEntry] = []
}

/// Reads `subscriptions/*.toml`: `[[subscription]]` tables with their price histories, their
/// money in the site's currency or one that rates.toml converts.
package enum SubscriptionReader {
    package static let group = DataFileGroup(folder: "subscriptions", fileExtension: "toml")
    static let keys = [
        "name", "catalog", "price", "prices", "currency", "cycle", "trial", "started",
        "next_billing", "members", "category", "unsubscribe", "last_touched",
        "ends", "notice_days", "auto_renew", "remind", "killed", "note",
        "paid_by", "shares",
    ]

    static func read(_ files: DataFiles, site: SiteSettings?, rates: RatesFile) -> SubscriptionList {
        var list = SubscriptionList()
        for relative in files.files(group) {
            guard let reader = files.parse(relative) else { continue }
            reader.finish(known: ["subscription"])
            for entry in reader.tables("subscription") {
                guard let subscription = readSubscription(entry, site: site, rates: rates, dated: &list.dated)
                else { continue }
                list.subscriptions.append(subscription)
                list.places.append(
                    SourcePlace(file: entry.file, location: entry.location(of: "name") ?? entry.location))
                if let killed = subscription.killed {
                    list.dated.append(DatedEntry(.kill(subscription.name), on: killed, key: "killed", in: entry))
                }
            }
        }
        return list
    }

    /// What a subscription's `catalog` value pins it to: `automatic` when there is none, nil when
    /// it is neither a valid catalogue id nor `false`. The one rule the build and the edits that
    /// find a subscription by its id (`SlayEntry`) read it by.
    package static func catalogPin(_ value: TOMLValue?) -> Subscription.CatalogPin? {
        guard let value else { return .automatic }
        switch value.kind {
        case .boolean(false): return .disabled
        case .string(let id) where DataLoader.isValidID(id): return .entry(id)
        default: return nil
        }
    }

    private static func readSubscription(
        _ reader: TableReader, site: SiteSettings?, rates: RatesFile, dated: inout [DatedEntry]
    ) -> Subscription? {
        defer { reader.finish(known: keys) }
        let name = reader.text("name", required: true)
        let pin = catalogPin(reader.table["catalog"]) ?? .automatic
        if reader.table["catalog"] != nil, catalogPin(reader.table["catalog"]) == nil {
            reader.error("catalog", "must be a catalogue id such as \"netflix\", or false")
        }
        var price = reader.decimal("price")
        if let price, price < 0 { reader.error("price", "must be ≥ 0") }
        let prices = readPriceHistory(reader, name: name ?? "", dated: &dated)
        if let now = prices.last?.price {
            if let written = price, written != now {
                reader.error(
                    "price",
                    "is \(written) but the last entry of prices is \(now); give one price now, or leave price out")
            }
            price = now
        }
        let currency = reader.currency("currency") ?? (reader.has("currency") ? nil : site?.currency)
        if let currency, reader.has("currency") {
            rates.checkConvertible(currency, site: site, in: reader, key: "currency")
        }
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
        let started = reader.date("started")
        let contract = readContract(reader, started: started)
        var subscription = Subscription(
            name: name ?? "", catalog: pin, price: price, prices: prices, currency: currency, cycle: cycle,
            trial: reader.bool("trial") ?? false, started: started,
            nextBilling: reader.date("next_billing"), members: members, category: reader.string("category"),
            unsubscribe: unsubscribe, lastTouched: reader.date("last_touched"), ends: contract.ends,
            noticeDays: contract.noticeDays, autoRenew: contract.autoRenew,
            remind: Array(Set(remind)).sorted(by: >), killed: reader.date("killed"),
            note: reader.string("note"), source: reader.file.path)
        subscription.paidBy = reader.person("paid_by", people: site?.people)
        subscription.shares = reader.shares("shares", people: site?.people)
        return name == nil ? nil : subscription
    }

    /// A contract's `ends`, `notice_days` and `auto_renew` (DESIGN.md §2): `ends` after `started`,
    /// `notice_days` from 0 to 3650 and only with `ends`, `auto_renew` only with `ends`.
    private static func readContract(
        _ reader: TableReader, started: CalendarDate?
    ) -> (ends: CalendarDate?, noticeDays: Int?, autoRenew: Bool) {
        var ends = reader.date("ends")
        if let end = ends, let started, end <= started {
            reader.error("ends", "must be after started (\(started)): it is the last day of the contract's term")
            ends = nil
        }
        let noticeDays = reader.integer(
            "notice_days", in: 0...3650, rangeMessage: "must be a number of days from 0 to 3650")
        let autoRenew = reader.bool("auto_renew")
        if !reader.has("ends") {
            if noticeDays != nil {
                reader.error("notice_days", "needs ends: the notice is counted back from the day the contract ends")
            }
            if autoRenew != nil {
                reader.warning("auto_renew", "means nothing without ends, the day the contract's term ends")
            }
        }
        return (ends, ends == nil ? nil : noticeDays, autoRenew ?? true)
    }

    /// `prices = [{ from = 2023-06-01, price = 9.99 }, …]`: oldest first, dates increasing,
    /// amounts > 0. A broken entry is reported and left out; the rest still count.
    private static func readPriceHistory(
        _ reader: TableReader, name: String, dated: inout [DatedEntry]
    ) -> [Subscription.PriceEntry] {
        guard reader.has("prices") else { return [] }
        let entries = reader.tables("prices")
        if entries.isEmpty, case .array(let items) = reader.table["prices"]?.kind, items.isEmpty {
            reader.error("prices", "must hold at least one { from = DATE, price = AMOUNT }")
        }
        var history: [Subscription.PriceEntry] = []
        var last: TableReader?
        for entry in entries {
            defer { entry.finish(known: ["from", "price"]) }
            guard let from = entry.date("from", required: true), let amount = entry.positive("price", required: true)
            else { continue }
            if let previous = history.last, from <= previous.from {
                entry.error(
                    "from", "must be after the previous entry's date (\(previous.from)); list prices oldest first")
                continue
            }
            history.append(Subscription.PriceEntry(from: from, price: amount))
            last = entry
        }
        // A price from after today is already the price now: a build as of an earlier day says so.
        if let last, let entry = history.last {
            dated.append(DatedEntry(.price(name), on: entry.from, key: "from", in: last))
        }
        return history
    }
}
