import Foundation

/// One service of the reference catalogue (`catalog.toml`): what a subscription to it usually
/// costs and how to leave it, used to fill in what the person did not write.
public struct CatalogEntry: Sendable, Equatable {
    /// A reference price per `cycle` in one currency.
    public struct Price: Sendable, Equatable {
        public var currency: Currency
        public var amount: Decimal

        public init(currency: Currency, amount: Decimal) {
            self.currency = currency
            self.amount = amount
        }
    }

    /// `[a-z0-9-]`, what `catalog = "netflix"` pins.
    public var id: String
    /// The service's name per UI language; English is always present.
    public var names: [SiteSettings.Language: String]
    /// Other names people write: abbreviations, old names, names in other languages.
    public var aliases: [String]
    public var category: String
    /// An emoji.
    public var icon: String?
    /// The cycle the reference prices are for.
    public var cycle: Subscription.Cycle
    /// In catalogue order: the first is the service's home currency.
    public var prices: [Price]
    public var unsubscribe: String?
    /// The plan can be shared (family or household plans), worth suggesting to split.
    public var shareable: Bool

    public init(
        id: String, names: [SiteSettings.Language: String], aliases: [String] = [], category: String,
        icon: String? = nil, cycle: Subscription.Cycle = .monthly, prices: [Price] = [], unsubscribe: String? = nil,
        shareable: Bool = false
    ) {
        self.id = id
        self.names = names
        self.aliases = aliases
        self.category = category
        self.icon = icon
        self.cycle = cycle
        self.prices = prices
        self.unsubscribe = unsubscribe
        self.shareable = shareable
    }

    /// The name in `language`, falling back to English.
    public func name(in language: SiteSettings.Language) -> String {
        names[language] ?? names[.en] ?? id
    }

    /// The reference price in `currency`, if the catalogue lists one.
    public func price(in currency: Currency) -> Decimal? {
        prices.first { $0.currency == currency }?.amount
    }
}
