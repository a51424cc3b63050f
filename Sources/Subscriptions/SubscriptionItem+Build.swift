import Domain
import Foundation

extension SubscriptionItem {
    /// The item before apportioning: `monthlyInBase`, `yearlyInBase` and `savedToDate` hold their
    /// exact values in both fields until the report rounds each table.
    init(
        _ subscription: Subscription, id: String, match: CatalogMatch?, rates: ExchangeRates,
        today: CalendarDate
    ) {
        let s = subscription
        let entry = match?.entry
        var filled: Set<Field> = []
        let cycle = s.cycle ?? entry?.cycle ?? .monthly
        if s.cycle == nil, entry != nil { filled.insert(.cycle) }

        var price = s.price
        var currency = s.currency ?? rates.base
        // A catalogue price is only used for the cycle it is quoted for, preferring the
        // subscription's currency; another currency is chosen only when the subscription is in
        // the base currency (which is also what an unwritten currency reads as).
        if price == nil, let entry, entry.cycle == cycle {
            if let reference = entry.price(in: currency) {
                price = reference
            } else if currency == rates.base,
                let other = entry.prices.first(where: { rates.rate(for: $0.currency) != nil })
            {
                price = other.amount
                currency = other.currency
                filled.insert(.currency)
            }
            if price != nil { filled.insert(.price) }
        }
        let category = s.category ?? entry?.category
        if s.category == nil, entry?.category != nil { filled.insert(.category) }
        let unsubscribe = s.unsubscribe ?? entry?.unsubscribe
        if s.unsubscribe == nil, entry?.unsubscribe != nil { filled.insert(.unsubscribe) }

        let members = Decimal(max(1, s.members))
        let rate = rates.rate(for: currency)
        let perYear = Decimal(cycle.billsPerYear)
        func inBase(_ charges: Decimal, per divisor: Decimal) -> Apportioned? {
            guard let price, let rate else { return nil }
            let exact = price * rate * charges / (members * divisor)
            return Apportioned(exact: exact, shown: exact)
        }

        self.id = id
        self.subscription = s
        self.match = match
        self.status = s.killed == nil ? .active : .killed
        self.price = price
        self.currency = currency
        self.cycle = cycle
        self.category = category
        self.unsubscribe = unsubscribe
        self.icon = entry?.icon
        self.shareable = entry?.shareable ?? false
        self.fromCatalog = filled
        self.cycleAssumed = s.cycle == nil && entry == nil
        self.myShare = price.map { $0 / members }
        self.monthlyInBase = inBase(perYear, per: 12)
        self.yearlyInBase = inBase(perYear, per: 1)
        self.schedule = nil
        self.nextBilling = nil
        self.daysUntilBilling = nil
        self.inTrial = false
        self.risk = nil
        self.reminders = []
        self.contract = nil
        self.killedOn = s.killed
        self.firstAvoidedCharge = nil
        self.avoidedCharges = 0
        self.savedToDate = nil
        self.dodgedTrial = false
        self.chargesPaid = nil
        self.spentToDate = nil

        if let killed = s.killed {
            settleKilled(killed, today: today, perCharge: inBase(1, per: 1))
        } else {
            settleActive(today: today)
        }
        if let history = ChargeHistory(
            s, price: price, cycle: cycle, nextBilling: nextBilling, today: today, until: chargesEnd)
        {
            chargesPaid = history.chargesPaid
            if let spent = history.spent, let rate {
                spentToDate = Apportioned(exact: spent * rate, shown: spent * rate)
            }
        }
    }

    private mutating func settleActive(today: CalendarDate) {
        let s = subscription
        contract = Contract(s, today: today)
        if let contract, contract.isOver {
            // Ended without renewing: nothing more to charge, remind of or risk.
            status = .ended
            monthlyInBase = nil
            yearlyInBase = nil
            return
        }
        if let anchor = s.nextBilling ?? (s.trial ? nil : s.started) {
            let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
            let next = schedule.first(onOrAfter: today)
            self.schedule = schedule
            if chargesEnd.map({ next < $0 }) ?? true {
                nextBilling = next
                daysUntilBilling = today.days(to: next)
                reminders = Set(s.remind.map { next.adding(days: -$0) }).filter { $0 >= today }.sorted()
            }
        }
        if s.trial, let first = s.nextBilling, first >= today, chargesEnd.map({ first < $0 }) ?? true { inTrial = true }
        risk = SubscriptionRisk.assess(
            trial: s.trial, daysUntilBilling: daysUntilBilling, lastReviewed: s.lastTouched ?? s.started,
            today: today, daysUntilNotice: contract.flatMap { $0.daysUntilNotice(from: today) })
    }

    private mutating func settleKilled(_ killed: CalendarDate, today: CalendarDate, perCharge: Apportioned?) {
        let s = subscription
        let schedule: BillingSchedule
        let first: Int
        if let written = s.nextBilling {
            schedule = BillingSchedule(anchor: written, cycle: cycle)
            first = schedule.firstIndex(onOrAfter: killed.adding(days: 1))
        } else {
            schedule = BillingSchedule(anchor: killed, cycle: cycle)
            first = 1
        }
        let firstDate = schedule.date(first)
        firstAvoidedCharge = firstDate
        avoidedCharges = schedule.count(from: firstDate, through: today)
        if let perCharge {
            let exact = perCharge.exact * Decimal(avoidedCharges)
            savedToDate = Apportioned(exact: exact, shown: exact)
        }
        if s.trial, let written = s.nextBilling, killed < written { dodgedTrial = true }
    }
}
