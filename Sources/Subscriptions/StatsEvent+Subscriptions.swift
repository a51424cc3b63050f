import Domain
import Foundation

extension StatsEvent {
    /// One `subscriptionKilled` event per killed subscription, dated on the day it was killed (up
    /// to `today` when given), with its exact monthly cost in the base currency (0 when its price
    /// or rate is unknown) and whether it was a trial killed before its first charge
    /// (killed < next_billing as written).
    public static func subscriptionKills(from data: DataSet, through today: CalendarDate? = nil) -> [StatsEvent] {
        (today.map(data.asOf) ?? data).subscriptions.compactMap { subscription -> StatsEvent? in
            guard let killed = subscription.killed else { return nil }
            let item = SubscriptionItem(
                subscription, id: "", match: data.catalog.match(for: subscription), rates: data.rates, today: killed)
            return .subscriptionKilled(
                on: killed, monthlyInBase: item.monthlyInBase?.exact ?? 0, dodgedTrial: item.dodgedTrial)
        }
    }
}
