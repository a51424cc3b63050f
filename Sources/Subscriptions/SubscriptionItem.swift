import Domain
import Foundation

/// One subscription as the engine sees it on a given day: what it costs (filled in from the
/// catalogue where the data is silent), when it bills next, how risky it is, what killing it saved.
public struct SubscriptionItem: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// `ended`: a contract past its end that does not renew by itself (`Contract.isOver`).
        case active, killed, ended
    }

    /// Details that came from the catalogue because the data did not give them.
    public enum Field: String, Sendable, CaseIterable {
        case price, currency, cycle, category, unsubscribe
    }

    /// Unique, `[a-z0-9-]` (see `SubscriptionID`).
    public var id: String
    /// As written in the data.
    public var subscription: Subscription
    public var match: CatalogMatch?
    public var status: Status

    // Effective details: the data's own, else the catalogue's.
    /// Per `cycle`, in `currency`; nil when neither the data nor the catalogue knows it.
    public var price: Decimal?
    public var currency: Currency
    public var cycle: Subscription.Cycle
    public var category: String?
    public var unsubscribe: String?
    public var icon: String?
    /// The catalogue says the plan can be shared.
    public var shareable: Bool
    public var fromCatalog: Set<Field>
    /// Neither the data nor the catalogue gave a cycle, so monthly was assumed.
    public var cycleAssumed: Bool

    /// price / members, exact, in `currency`.
    public var myShare: Decimal?
    /// my_share × cycle-to-month multiplier × rate; `shown` is apportioned within the active total
    /// (or, for a killed one, within the slain monthly savings).
    public var monthlyInBase: Apportioned?
    /// my_share × charges per year × rate, apportioned within the yearly total.
    public var yearlyInBase: Apportioned?

    // Active ones.
    /// The billing dates: anchored at `next_billing` as written (or `started` for a non-trial
    /// without one).
    public var schedule: BillingSchedule?
    /// The first billing date on or after today.
    public var nextBilling: CalendarDate?
    public var daysUntilBilling: Int?
    /// A trial whose first charge (`next_billing` as written) is today or later.
    public var inTrial: Bool
    public var risk: SubscriptionRisk?
    /// next_billing − d for each remind day d, today or later, ascending.
    public var reminders: [CalendarDate]
    /// The term, notice deadline and renewals of a subscription with `ends`; nil without one, or
    /// once slain.
    public var contract: Contract?
    /// Billing dates from this day on are not charged: the end of a contract that does not renew.
    public var chargesEnd: CalendarDate? {
        guard let contract, !contract.autoRenew else { return nil }
        return contract.ends
    }

    // What it has cost (docs/figures.md, "Price history" and "Spent to date").
    /// Charges paid so far; nil without `started` (see `ChargeHistory`).
    public var chargesPaid: Int?
    /// Σ price in force on each charge ÷ members, converted at today's rate, apportioned within
    /// the report's spent-to-date total; nil when the charges, the price or the rate are unknown.
    public var spentToDate: Apportioned?

    // Killed ones.
    public var killedOn: CalendarDate?
    /// `next_billing` if given (the first billing date after the kill when it was not after it),
    /// else killed + one cycle.
    public var firstAvoidedCharge: CalendarDate?
    /// Avoided billing dates up to today.
    public var avoidedCharges: Int
    /// my_share × avoided charges × rate, apportioned within the slain total.
    public var savedToDate: Apportioned?
    /// A trial killed before its first charge (killed < next_billing as written).
    public var dodgedTrial: Bool

    public var catalogID: String? { match?.entry.id }

    /// (price now − first price of the history) ÷ first price; nil without a price history.
    public var priceChange: Decimal? {
        guard let first = subscription.prices.first?.price, let now = subscription.prices.last?.price else {
            return nil
        }
        return (now - first) / first
    }

    /// `catalog = "id"` names no catalogue entry: the id, for a warning.
    public var unknownCatalogPin: String? {
        guard case .entry(let id) = subscription.catalog, match == nil else { return nil }
        return id
    }
}
