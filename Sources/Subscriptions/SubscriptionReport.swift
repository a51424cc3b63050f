import Domain
import Foundation

/// Every subscription figure the site shows, computed for one day (DESIGN.md §3).
///
/// Amounts are exact decimals throughout; each table is rounded once, to the base currency's minor
/// unit, by `Apportionment`, so the items of a table add up to its total to the cent. The monthly
/// and yearly totals are each the exact sum rounded: `yearly_total` is the sum of the yearly
/// amounts (price × charges per year), not 12 × the rounded monthly total, so a yearly plan of
/// 100.00 shows 100.00 a year.
public struct SubscriptionReport: Sendable, Equatable {
    public let today: CalendarDate
    public let baseCurrency: Currency
    /// In data order (files by name, then as written).
    public let items: [SubscriptionItem]
    /// Sum of the active items' monthly_in_base.
    public let monthlyTotal: Apportioned
    /// Sum of the active items' yearly amounts.
    public let yearlyTotal: Apportioned
    /// Active spend per category, largest first; the rows add up to `monthlyTotal`.
    public let byCategory: [CategorySpend]
    /// Active spend per currency, largest first; the rows add up to `monthlyTotal`.
    public let byCurrency: [CurrencySpend]
    /// Active items with a next billing date, soonest first (ties by id).
    public let upcoming: [SubscriptionItem]
    /// Active items at high risk, soonest charge first.
    public let alerts: [SubscriptionItem]
    public let slain: SlainSummary
    /// Σ spent_to_date over the items where it is known (the items add up to it); nil when it is
    /// known for none.
    public let spentToDate: Apportioned?
    /// Items whose price rose in the last 12 months, largest rise first.
    public let priceRises: [PriceRise]
    /// The current month and the next 11: what the active subscriptions will charge.
    public let forecast: [MonthForecast]

    public init(data: DataSet, today: CalendarDate) {
        self.init(
            subscriptions: data.subscriptions, catalog: data.catalog, rates: data.rates, today: today)
    }

    /// `rates.base` is the base currency every total is in.
    public init(
        subscriptions: [Subscription], catalog: SubscriptionCatalog, rates: ExchangeRates, today: CalendarDate
    ) {
        let matches = subscriptions.map { catalog.match(for: $0) }
        let ids = SubscriptionID.make(for: subscriptions, catalogIDs: matches.map { $0?.entry.id })
        var items = zip(subscriptions, zip(ids, matches)).map { subscription, idAndMatch in
            SubscriptionItem(subscription, id: idAndMatch.0, match: idAndMatch.1, rates: rates, today: today)
        }
        let scale = rates.base.minorDigits
        let active = items.indices.filter { items[$0].status == .active && items[$0].monthlyInBase != nil }
        let killed = items.indices.filter { items[$0].status == .killed }

        let monthly = Apportionment.apportion(active.map { items[$0].monthlyInBase!.exact }, scale: scale)
        let yearly = Apportionment.apportion(active.map { items[$0].yearlyInBase!.exact }, scale: scale)
        for (k, index) in active.enumerated() {
            items[index].monthlyInBase = monthly.parts[k]
            items[index].yearlyInBase = yearly.parts[k]
        }
        let savingsIndices = killed.filter { items[$0].monthlyInBase != nil }
        let savings = Apportionment.apportion(savingsIndices.map { items[$0].monthlyInBase!.exact }, scale: scale)
        let yearlySavings = Apportionment.apportion(
            savingsIndices.map { items[$0].yearlyInBase!.exact }, scale: scale)
        for (k, index) in savingsIndices.enumerated() {
            items[index].monthlyInBase = savings.parts[k]
            items[index].yearlyInBase = yearlySavings.parts[k]
        }
        let savedIndices = killed.filter { items[$0].savedToDate != nil }
        let saved = Apportionment.apportion(savedIndices.map { items[$0].savedToDate!.exact }, scale: scale)
        for (k, index) in savedIndices.enumerated() { items[index].savedToDate = saved.parts[k] }
        let spentIndices = items.indices.filter { items[$0].spentToDate != nil }
        let spent = Apportionment.apportion(spentIndices.map { items[$0].spentToDate!.exact }, scale: scale)
        for (k, index) in spentIndices.enumerated() { items[index].spentToDate = spent.parts[k] }

        self.today = today
        self.baseCurrency = rates.base
        self.items = items
        self.monthlyTotal = monthly.total
        self.yearlyTotal = yearly.total
        let spending = active.map { items[$0] }
        self.byCategory = CategorySpend.table(spending, total: monthly.total)
        self.byCurrency = CurrencySpend.table(spending)
        self.upcoming = items.filter { $0.status == .active && $0.nextBilling != nil }
            .sorted { ($0.nextBilling!, $0.id) < ($1.nextBilling!, $1.id) }
        self.alerts = upcoming.filter { $0.risk?.level == .high }
        self.slain = SlainSummary(
            killed: killed.map { items[$0] }, today: today, monthlySavings: savings.total, savedToDate: saved.total)
        self.spentToDate = spentIndices.isEmpty ? nil : spent.total
        self.priceRises = PriceRise.lastYear(items, today: today)
        self.forecast = MonthForecast.year(items, rates: rates, today: today)
    }

    /// Renewals in the next `days` days (today counts as day 0).
    public func upcoming(within days: Int) -> [SubscriptionItem] {
        upcoming.filter { ($0.daysUntilBilling ?? .max) <= days }
    }

    /// The forecast month with the largest total (the earliest of equals); nil when no month costs
    /// more than the average month, so twelve equal months name none.
    public var costliestMonth: MonthForecast? {
        let average = forecast.reduce(Decimal(0)) { $0 + $1.total.exact } / Decimal(max(forecast.count, 1))
        return forecast.filter { $0.total.exact > average }.max { a, b in
            a.total.exact != b.total.exact ? a.total.exact < b.total.exact : (a.year, a.month) > (b.year, b.month)
        }
    }

    /// Active items whose monthly cost is unknown (no price, or no rate): left out of the totals.
    public var unpriced: [SubscriptionItem] {
        items.filter { $0.status == .active && $0.monthlyInBase == nil }
    }
}
