import Foundation

/// One `[[subscription]]`, kept as entered: price and cycle are converted only for display.
public struct Subscription: Sendable, Equatable {
    public enum Cycle: String, Sendable, CaseIterable {
        case weekly, monthly, quarterly, semiannual, yearly
    }

    /// One entry of `prices = [{ from = 2025-01-15, price = 15.49 }, …]`: the price per cycle,
    /// in the subscription's currency, in force from `from` until the next entry's date.
    public struct PriceEntry: Sendable, Equatable {
        public var from: CalendarDate
        public var price: Decimal

        public init(from: CalendarDate, price: Decimal) {
            self.from = from
            self.price = price
        }
    }

    /// How the name is matched against the catalogue.
    public enum CatalogPin: Sendable, Equatable {
        /// Fuzzy-match the name.
        case automatic
        /// `catalog = "netflix"`.
        case entry(String)
        /// `catalog = false`.
        case disabled
    }

    public var name: String
    public var catalog: CatalogPin
    public var price: Decimal?
    /// The price history, oldest first; empty when the data gives one price. The loader sets
    /// `price` to the last entry's when the data omits it.
    public var prices: [PriceEntry]
    public var currency: Currency?
    public var cycle: Cycle?
    public var trial: Bool
    public var started: CalendarDate?
    public var nextBilling: CalendarDate?
    public var members: Int
    public var category: String?
    public var unsubscribe: String?
    public var lastTouched: CalendarDate?
    /// A contract's term: it ends on this day (the last day of the term), and with `autoRenew`
    /// renews for the same term unless notice is given (`Contract`).
    public var ends: CalendarDate?
    /// Days of notice needed before `ends`; nil when the data gives none (no notice period).
    public var noticeDays: Int?
    /// The term renews by itself unless notice is given (default true); only read with `ends`.
    public var autoRenew: Bool
    /// Days before next billing.
    public var remind: [Int]
    /// Present = slain on that date.
    public var killed: CalendarDate?
    /// A kill dated after the day the figures are as of (`DataSet.asOf`), which leaves `killed`
    /// empty until then: the subscription is still active, and a page can say it ends on this day.
    public var killedAhead: CalendarDate?
    public var note: String?
    /// `subscriptions/<file>.toml`, for messages that point back at the data.
    public var source: String
    /// `paid_by`: who in the household is charged the whole price (a `[[person]]` id).
    public var paidBy: String? = nil
    /// `shares`: percent of the household's part each person bears, summing to 100; nil is equal
    /// shares among the site's people (DESIGN.md §3 "Household").
    public var shares: [String: Decimal]? = nil

    public init(
        name: String, catalog: CatalogPin = .automatic, price: Decimal? = nil, prices: [PriceEntry] = [],
        currency: Currency? = nil,
        cycle: Cycle? = nil, trial: Bool = false, started: CalendarDate? = nil,
        nextBilling: CalendarDate? = nil, members: Int = 1, category: String? = nil,
        unsubscribe: String? = nil, lastTouched: CalendarDate? = nil, ends: CalendarDate? = nil,
        noticeDays: Int? = nil, autoRenew: Bool = true, remind: [Int] = [7, 3, 1],
        killed: CalendarDate? = nil, note: String? = nil, source: String = ""
    ) {
        self.name = name
        self.catalog = catalog
        self.price = price
        self.prices = prices
        self.currency = currency
        self.cycle = cycle
        self.trial = trial
        self.started = started
        self.nextBilling = nextBilling
        self.members = members
        self.category = category
        self.unsubscribe = unsubscribe
        self.lastTouched = lastTouched
        self.ends = ends
        self.noticeDays = noticeDays
        self.autoRenew = autoRenew
        self.remind = remind
        self.killed = killed
        self.note = note
        self.source = source
    }
}

extension Subscription {
    /// The price per cycle in force on `day`: the last history entry from `day` or before (the
    /// first entry's price before the history begins), else `price`.
    public func price(on day: CalendarDate) -> Decimal? {
        guard let first = prices.first else { return price }
        return prices.last { $0.from <= day }?.price ?? first.price
    }
}

/// `rates.toml`: base-currency units per one unit of each other currency.
public struct ExchangeRates: Sendable, Hashable {
    public var base: Currency
    public var asOf: CalendarDate?
    public var rates: [Currency: Decimal]

    public init(base: Currency, asOf: CalendarDate?, rates: [Currency: Decimal]) {
        self.base = base
        self.asOf = asOf
        self.rates = rates
    }

    /// 1 for the base currency itself; nil when no rate is known.
    public func rate(for currency: Currency) -> Decimal? {
        currency == base ? 1 : rates[currency]
    }
}
