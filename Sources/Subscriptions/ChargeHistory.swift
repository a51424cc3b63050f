import Domain
import Foundation

extension BillingSchedule {
    /// The index of the first billing date on or after `day`, reaching back before the anchor as
    /// well (a negative index): the anchor-day rule read both ways, so a plan anchored on Mar 31
    /// was billed on Feb 28 (29) and Jan 31 before it.
    public func index(reachingBackTo day: CalendarDate) -> Int {
        if let months = cycle.months {
            let between = day.monthIndex - anchor.monthIndex
            // date(k) for k = ⌊between ÷ months⌋ lies in day's month or up to months − 1 before it;
            // every earlier date is in an earlier month, so the answer is k or k + 1.
            let k = Int((Double(between) / Double(months)).rounded(.down))
            return date(k) >= day ? k : k + 1
        }
        return Int((Double(anchor.days(to: day)) / 7).rounded(.up))
    }

    /// How many billing dates, before or after the anchor, fall in `from...through`.
    public func count(reachingBack start: CalendarDate, through end: CalendarDate) -> Int {
        guard start <= end else { return 0 }
        return max(0, index(reachingBackTo: end.adding(days: 1)) - index(reachingBackTo: start))
    }
}

/// What a subscription has cost so far (docs/figures.md, "Price history" and "Spent to date").
///
/// The charges paid are the subscription's billing dates D (anchored at `next_billing` as written,
/// else `started`, read forwards and backwards) with `started ≤ D ≤ today`, before the next billing
/// date (for a slain one: on or before the kill date), and, for a trial, not before the first
/// charge written in `next_billing`. Each is charged at the price in force on D.
public struct ChargeHistory: Sendable, Equatable {
    public var chargesPaid: Int
    /// Σ price in force on D ÷ members over the charges paid, exact, in the subscription's
    /// currency; nil when no price is known.
    public var spent: Decimal?

    /// nil when the charges cannot be known: no `started`, or a trial with no first charge written.
    /// - Parameters:
    ///   - since: count only the charges on or after this day (a year in review).
    ///   - until: count only the charges before this day (the end of a contract that does not renew).
    public init?(
        _ subscription: Subscription, price: Decimal?, cycle: Subscription.Cycle,
        nextBilling: CalendarDate?, today: CalendarDate, since: CalendarDate? = nil, until: CalendarDate? = nil
    ) {
        let s = subscription
        guard let started = s.started, let anchor = s.nextBilling ?? (s.trial ? nil : started) else { return nil }
        let schedule = BillingSchedule(anchor: anchor, cycle: cycle)
        var first = started
        if s.trial, let written = s.nextBilling { first = max(first, written) }
        if let since { first = max(first, since) }
        var last = today
        if let killed = s.killed {
            last = min(last, killed)
        } else if let nextBilling {
            last = min(last, nextBilling.adding(days: -1))
        }
        if let until { last = min(last, until.adding(days: -1)) }
        // Each entry of the history counts the dates in force under it; before the history begins
        // its first price is taken as in force. Without any price the charges still count.
        var segments = [(from: first, price: s.prices.first?.price ?? price ?? 0)]
        segments += s.prices.dropFirst().map { (from: $0.from, price: $0.price) }
        var charges = 0
        var sum: Decimal = 0
        for (index, segment) in segments.enumerated() {
            let start = max(segment.from, first)
            let end = index + 1 < segments.count ? min(last, segments[index + 1].from.adding(days: -1)) : last
            let count = schedule.count(reachingBack: start, through: end)
            charges += count
            sum += segment.price * Decimal(count)
        }
        chargesPaid = charges
        spent = price == nil ? nil : sum / Decimal(max(1, s.members))
    }
}
