import Domain
import Foundation

/// What the active subscriptions will charge in one calendar month (docs/figures.md, "Forecast").
public struct MonthForecast: Sendable, Equatable {
    public var year: Int
    public var month: Int
    /// Σ my_share × price now × today's rate over the month's billing dates on or after today.
    public var total: Apportioned
    /// How many charges that is.
    public var charges: Int

    /// The current month and the next 11. The current month counts only what is still to come
    /// (billing dates from today on); an item without a schedule, a price or a rate adds nothing.
    static func year(_ items: [SubscriptionItem], rates: ExchangeRates, today: CalendarDate) -> [MonthForecast] {
        let start = CalendarDate(year: today.year, month: today.month, day: 1)!
        let end = start.adding(months: 12)
        var totals = [Decimal](repeating: 0, count: 12)
        var counts = [Int](repeating: 0, count: 12)
        for item in items where item.status == .active {
            guard let schedule = item.schedule, let share = item.myShare, let rate = rates.rate(for: item.currency)
            else { continue }
            var index = schedule.firstIndex(onOrAfter: today)
            while index < BillingSchedule.maxIndex {
                let day = schedule.date(index)
                guard day < end, item.chargesEnd.map({ day < $0 }) ?? true else { break }
                let slot = day.monthIndex - start.monthIndex
                totals[slot] += share * rate
                counts[slot] += 1
                index += 1
            }
        }
        return (0..<12).map { slot in
            let month = start.adding(months: slot)
            let shown = totals[slot].rounded(scale: rates.base.minorDigits)
            return MonthForecast(
                year: month.year, month: month.month, total: Apportioned(exact: totals[slot], shown: shown),
                charges: counts[slot])
        }
    }
}

/// A subscription whose price now is higher than the price in force a year ago.
public struct PriceRise: Sendable, Equatable {
    public var item: SubscriptionItem
    /// Per cycle, in the item's currency.
    public var before: Decimal
    public var now: Decimal
    /// (now − before) ÷ before.
    public var change: Decimal
    /// The day the price now took effect.
    public var since: CalendarDate

    /// Active items with a price history whose price now is above the price in force on the same
    /// day 12 months ago, largest rise first (ties by id).
    static func lastYear(_ items: [SubscriptionItem], today: CalendarDate) -> [PriceRise] {
        let yearAgo = today.adding(months: -12)
        return items.compactMap { item -> PriceRise? in
            let s = item.subscription
            guard item.status == .active, let latest = s.prices.last, let before = s.price(on: yearAgo),
                latest.price > before
            else { return nil }
            return PriceRise(
                item: item, before: before, now: latest.price, change: (latest.price - before) / before,
                since: latest.from)
        }
        .sorted { $0.change != $1.change ? $0.change > $1.change : $0.item.id < $1.item.id }
    }
}
