import Domain
import Foundation

extension SubscriptionItem {
    /// The charges paid from `since` up to today (docs/figures.md, "Charges paid": the same dates, counted
    /// from a day on), and what they cost converted at `rates` into the base currency; nil when the
    /// charges cannot be known (no `started`, a trial with no first charge written).
    public func charges(
        since: CalendarDate, through today: CalendarDate, rates: ExchangeRates
    ) -> (count: Int, spentInBase: Decimal?)? {
        guard
            let history = ChargeHistory(
                subscription, price: price, cycle: cycle, nextBilling: nextBilling, today: today, since: since,
                until: chargesEnd)
        else { return nil }
        let rate = rates.rate(for: currency)
        return (history.chargesPaid, history.spent.flatMap { spent in rate.map { spent * $0 } })
    }
}
