import Domain
import Foundation
import Subscriptions

/// Subscription tests' shorthand: a CNY site with USD, EUR and JPY rates.
enum SubscriptionFixture {
    static let cny = Currency(code: "CNY")!
    static let usd = Currency(code: "USD")!
    static let eur = Currency(code: "EUR")!
    static let jpy = Currency(code: "JPY")!

    /// 1 USD = 7.12 CNY, 1 EUR = 7.70 CNY, 1 JPY = 0.048 CNY.
    static let rates = ExchangeRates(
        base: cny, asOf: nil, rates: [usd: dec("7.12"), eur: dec("7.70"), jpy: dec("0.048")])

    static func sub(
        _ name: String, price: String? = "10", currency: Currency? = cny, cycle: Subscription.Cycle? = .monthly,
        trial: Bool = false, started: String? = nil, next: String? = nil, members: Int = 1,
        category: String? = nil, touched: String? = nil, remind: [Int] = [7, 3, 1], killed: String? = nil,
        catalog: Subscription.CatalogPin = .disabled, unsubscribe: String? = nil,
        prices: [(from: String, price: String)] = []
    ) -> Subscription {
        Subscription(
            name: name, catalog: catalog, price: price.map(dec),
            prices: prices.map { Subscription.PriceEntry(from: d($0.from), price: dec($0.price)) }, currency: currency,
            cycle: cycle, trial: trial,
            started: started.map(d), nextBilling: next.map(d), members: members, category: category,
            unsubscribe: unsubscribe, lastTouched: touched.map(d), remind: remind, killed: killed.map(d))
    }

    static func report(
        _ subscriptions: [Subscription], today: String, catalog: SubscriptionCatalog = SubscriptionCatalog()
    ) -> SubscriptionReport {
        SubscriptionReport(subscriptions: subscriptions, catalog: catalog, rates: rates, today: d(today))
    }

    static func dataSet(_ subscriptions: [Subscription], catalog: SubscriptionCatalog = SubscriptionCatalog())
        -> DataSet
    {
        DataSet(
            site: SiteSettings(
                title: "t", language: .en, locale: nil, currency: cny, timezone: "Asia/Shanghai", baseURL: nil,
                unsafeHTML: false),
            goals: [], subscriptions: subscriptions, sessions: [], patterns: [], programs: [], enrollments: [],
            rates: rates, catalog: catalog)
    }

    /// A small catalogue in the shape of the shipped one.
    static let catalog = SubscriptionCatalog(entries: [
        CatalogEntry(
            id: "netflix", names: [.en: "Netflix", .zhHans: "网飞"], aliases: ["奈飞"], category: "streaming",
            icon: "🎬", cycle: .monthly, prices: [.init(currency: usd, amount: dec("15.49"))],
            unsubscribe: "https://www.netflix.com/cancelplan", shareable: true),
        CatalogEntry(
            id: "disney-plus", names: [.en: "Disney+"], aliases: ["Disney", "Disney Plus"], category: "streaming",
            prices: [.init(currency: usd, amount: dec("15.99"))]),
        CatalogEntry(
            id: "iqiyi", names: [.en: "iQIYI VIP", .zhHans: "爱奇艺"], aliases: ["爱奇艺会员"], category: "streaming",
            prices: [.init(currency: cny, amount: 30)], unsubscribe: "https://vip.iqiyi.com/"),
        CatalogEntry(
            id: "apple-music", names: [.en: "Apple Music"], category: "music",
            prices: [.init(currency: usd, amount: dec("10.99")), .init(currency: cny, amount: 11)]),
        CatalogEntry(id: "apple-tv-plus", names: [.en: "Apple TV+"], category: "streaming"),
        CatalogEntry(id: "apple-one", names: [.en: "Apple One"], category: "bundle"),
        CatalogEntry(
            id: "microsoft-365", names: [.en: "Microsoft 365"], aliases: ["Office 365"], category: "software",
            cycle: .yearly, prices: [.init(currency: cny, amount: 398)]),
        CatalogEntry(id: "keep", names: [.en: "Keep"], category: "fitness", prices: [.init(currency: cny, amount: 25)]),
    ])
}
