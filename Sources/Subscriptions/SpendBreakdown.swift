import Domain
import Foundation

/// One row of the spend-by-category chart.
public struct CategorySpend: Sendable, Equatable {
    /// nil for subscriptions with no category (the page names it "other").
    public var category: String?
    public var count: Int
    /// `shown` is the sum of the rows' items as shown, so the chart's rows add up to the total.
    public var monthlyInBase: Apportioned
    /// Exact monthly spend over the exact total (0 when the total is 0).
    public var share: Decimal
    /// The share in whole percent as the table shows it: the rows add up to exactly 100
    /// (`Apportionment.percentages`), or all 0 when nothing is spent.
    public var percent: Int = 0

    static func table(_ items: [SubscriptionItem], total: Apportioned) -> [CategorySpend] {
        var rows: [String?: CategorySpend] = [:]
        for item in items {
            guard let amount = item.monthlyInBase else { continue }
            var row =
                rows[item.category] ?? CategorySpend(category: item.category, count: 0, monthlyInBase: .zero, share: 0)
            row.count += 1
            row.monthlyInBase.exact += amount.exact
            row.monthlyInBase.shown += amount.shown
            rows[item.category] = row
        }
        var table = rows.values.map { row in
            var row = row
            row.share = total.exact == 0 ? 0 : row.monthlyInBase.exact / total.exact
            return row
        }.sorted { a, b in
            if a.monthlyInBase.shown != b.monthlyInBase.shown { return a.monthlyInBase.shown > b.monthlyInBase.shown }
            return (a.category ?? "\u{10FFFF}") < (b.category ?? "\u{10FFFF}")
        }
        let percents = Apportionment.percentages(table.map(\.monthlyInBase.exact))
        for index in table.indices { table[index].percent = percents[index] }
        return table
    }
}

/// One row of the spend-by-currency chart.
public struct CurrencySpend: Sendable, Equatable {
    public var currency: Currency
    public var count: Int
    /// Monthly spend in the currency itself, exact (round to its minor digits to show it).
    public var monthlyInCurrency: Decimal
    /// `shown` is the sum of the rows' items as shown, so the rows add up to the total.
    public var monthlyInBase: Apportioned
    /// The share of the total in whole percent; the rows add up to exactly 100 (all 0 when
    /// nothing is spent), as for `CategorySpend`.
    public var percent: Int = 0

    static func table(_ items: [SubscriptionItem]) -> [CurrencySpend] {
        var rows: [Currency: CurrencySpend] = [:]
        for item in items {
            guard let amount = item.monthlyInBase, let share = item.myShare else { continue }
            var row =
                rows[item.currency]
                ?? CurrencySpend(currency: item.currency, count: 0, monthlyInCurrency: 0, monthlyInBase: .zero)
            row.count += 1
            row.monthlyInCurrency += share * Decimal(item.cycle.billsPerYear) / 12
            row.monthlyInBase.exact += amount.exact
            row.monthlyInBase.shown += amount.shown
            rows[item.currency] = row
        }
        var table = rows.values.sorted { a, b in
            a.monthlyInBase.shown != b.monthlyInBase.shown
                ? a.monthlyInBase.shown > b.monthlyInBase.shown : a.currency < b.currency
        }
        let percents = Apportionment.percentages(table.map(\.monthlyInBase.exact))
        for index in table.indices { table[index].percent = percents[index] }
        return table
    }
}
