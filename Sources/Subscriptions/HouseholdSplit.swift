import Domain
import Foundation

/// The subscriptions of a household split among its people (DESIGN.md §3 "Household"): each
/// person's monthly cost by their shares, what each paid this month, who owes whom for it, and the
/// month's settlement.
///
/// The household's part of a subscription is price ÷ members (the outsiders' equal parts are not
/// the household's); that part is what the people split by `shares` (percent), equal among all the
/// people when the subscription gives none. `paid_by` is charged the whole price.
///
/// Owes are in whole minor units so a settlement clears them exactly: for each subscription a
/// payer paid this month, the household's part of the month's charges paid (§3 "Charges paid", at
/// today's rate) is rounded to the base currency's minor unit, then split among the people by
/// their shares with the largest-remainder rule (`Apportionment`: every part within one unit of its
/// exact value, the parts adding up to the whole; a unit that cannot be split evenly goes to the
/// earliest person in site.toml who lost the most in rounding). Monthly costs are exact.
public struct HouseholdSplit: Sendable, Equatable {
    public struct PersonTotals: Sendable, Equatable {
        public var id: String
        public var name: String
        /// Σ their parts of the active subscriptions' monthly_in_base, exact.
        public var monthlyCost: Decimal
        /// The whole price, in base, of each charge paid this month on what they pay for.
        public var paidThisMonth: Decimal
        /// This month's owes to them / by them, before netting (whole minor units).
        public var owed: Decimal
        public var owing: Decimal
        public var balance: Decimal { owed - owing }
    }

    /// What one person owes one payer for the month, before netting.
    public struct Owe: Sendable, Equatable {
        public var from: String
        public var to: String
        public var amount: Decimal
    }

    public var people: [PersonTotals]
    /// Every pair with something owed, in the people's order (debtor, then payer).
    public var owes: [Owe]
    /// The first day of today's month: `settlement.month` is its `YYYY-MM`.
    public var month: CalendarDate
    /// The fewest transfers that clear every balance (`Settlement`).
    public var transfers: [Transfer]

    /// `person`'s part of `amount` (a household part): amount × their percent ÷ 100, or amount ÷ the
    /// number of people when the subscription names no shares.
    public static func part(
        of amount: Decimal, for person: String, subscription: Subscription, people: [Person]
    ) -> Decimal {
        if let shares = subscription.shares { return amount * (shares[person] ?? 0) / 100 }
        guard people.contains(where: { $0.id == person }) else { return 0 }
        return amount / Decimal(people.count)
    }

    public init(report: SubscriptionReport, people: [Person], rates: ExchangeRates) {
        let today = report.today
        let monthStart = CalendarDate(year: today.year, month: today.month, day: 1) ?? today
        let scale = report.baseCurrency.minorDigits
        var totals = people.map {
            PersonTotals(id: $0.id, name: $0.name, monthlyCost: 0, paidThisMonth: 0, owed: 0, owing: 0)
        }
        let index = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1.id, $0) })
        var owed: [String: [String: Decimal]] = [:]  // payer → debtor → amount
        for item in report.items {
            if item.status == .active, let monthly = item.monthlyInBase?.exact {
                for (i, person) in people.enumerated() {
                    totals[i].monthlyCost += Self.part(
                        of: monthly, for: person.id, subscription: item.subscription, people: people)
                }
            }
            guard let payer = item.subscription.paidBy, let p = index[payer],
                let whole = Self.wholePaid(item, since: monthStart, today: today, rates: rates), whole > 0
            else { continue }
            totals[p].paidThisMonth += whole
            let household = (whole / Decimal(max(1, item.subscription.members))).rounded(scale: scale)
            let exact = people.map {
                Self.part(of: household, for: $0.id, subscription: item.subscription, people: people)
            }
            let parts = Apportionment.apportion(exact, scale: scale).parts.map(\.shown)
            for (i, person) in people.enumerated() where i != p && parts[i] != 0 {
                owed[payer, default: [:]][person.id, default: 0] += parts[i]
            }
        }
        var owes: [Owe] = []
        for debtor in people {
            for payer in people {
                guard let amount = owed[payer.id]?[debtor.id], amount != 0 else { continue }
                owes.append(Owe(from: debtor.id, to: payer.id, amount: amount))
                totals[index[debtor.id]!].owing += amount
                totals[index[payer.id]!].owed += amount
            }
        }
        self.people = totals
        self.owes = owes
        self.month = monthStart
        self.transfers = Settlement.transfers(totals.map { (id: $0.id, balance: $0.balance) })
    }

    /// The whole price of the charges paid from `since` to today, in base at today's rate; nil when
    /// they cannot be known (§3 "Charges paid", the rule `SubscriptionItem.charges` counts by).
    static func wholePaid(
        _ item: SubscriptionItem, since: CalendarDate, today: CalendarDate, rates: ExchangeRates
    ) -> Decimal? {
        var whole = item.subscription
        whole.members = 1
        guard
            let history = ChargeHistory(
                whole, price: item.price, cycle: item.cycle, nextBilling: item.nextBilling, today: today,
                since: since, until: item.chargesEnd),
            let spent = history.spent, let rate = rates.rate(for: item.currency)
        else { return nil }
        return spent * rate
    }
}
