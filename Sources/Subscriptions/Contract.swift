import Domain

/// A subscription with a term (`ends`, `notice_days`, `auto_renew`; DESIGN.md §2, §3): a phone
/// plan, a gym, an insurance — it runs to the end of its term and, unless notice is given by the
/// deadline, renews for the same term.
///
/// The rules, exactly:
/// - The notice deadline of a term is its end − `notice_days` (the end itself without
///   `notice_days`: notice must reach them while the term runs).
/// - A term is `ends − started`: a whole number of months when `started` plus that many months
///   is `ends` or the day after it (2026-07-01 → 2027-06-30 is 12 months), each renewal's end then
///   counted from `started` by the anchor-day rule; otherwise that many days; a year without
///   `started`.
/// - With `auto_renew` (the default), the term in force is the first whose end is today or later;
///   the next deadline is the first, from that term on, that is today or later (a deadline missed
///   means the next term's).
/// - Without it, the contract is over once today is past `ends`: no charge is due after it, and
///   there is no deadline (it ends by itself).
public struct Contract: Sendable, Equatable {
    /// How long one term lasts.
    public enum Term: Sendable, Equatable {
        /// Ends `count` months after the start, or the day before (`lastDayBefore`).
        case months(Int, lastDayBefore: Bool)
        case days(Int)
    }

    /// The last day of the term in force today, or of the last term once the contract is over.
    public var ends: CalendarDate
    /// The next notice deadline, today or later; nil when the contract does not renew by itself.
    public var noticeBy: CalendarDate?
    public var autoRenew: Bool
    /// Ended without renewing: no charges, no reminders.
    public var isOver: Bool
    /// Terms that renewed before today.
    public var renewals: Int

    /// The contract as of `today`; nil when the subscription has no `ends`.
    public init?(_ subscription: Subscription, today: CalendarDate) {
        guard let written = subscription.ends else { return nil }
        let term = Contract.term(started: subscription.started, ends: written)
        let notice = max(0, subscription.noticeDays ?? 0)
        autoRenew = subscription.autoRenew
        guard subscription.autoRenew else {
            ends = written
            isOver = today > written
            noticeBy = nil
            renewals = 0
            return
        }
        var index = 0
        let started = subscription.started
        while Contract.end(index, of: written, started: started, term: term) < today, index < Contract.maxTerms {
            index += 1
        }
        renewals = index
        ends = Contract.end(index, of: written, started: started, term: term)
        isOver = false
        var deadlineIndex = index
        var deadline = ends.adding(days: -notice)
        while deadline < today, deadlineIndex < Contract.maxTerms {
            deadlineIndex += 1
            deadline = Contract.end(deadlineIndex, of: written, started: started, term: term).adding(days: -notice)
        }
        noticeBy = deadline
    }

    /// More renewals than any calendar needs (a daily term for 10,000 years).
    static let maxTerms = 3_700_000

    /// Days from `today` to the notice deadline; nil without one.
    public func daysUntilNotice(from today: CalendarDate) -> Int? {
        noticeBy.map { today.days(to: $0) }
    }

    /// The term `ends − started` (a year without `started`).
    public static func term(started: CalendarDate?, ends: CalendarDate) -> Term {
        guard let started, started < ends else { return .months(12, lastDayBefore: false) }
        let months = ends.monthIndex - started.monthIndex
        if months >= 1, started.adding(months: months) == ends { return .months(months, lastDayBefore: false) }
        for count in [months, months + 1] where count >= 1 {
            if started.adding(months: count).adding(days: -1) == ends { return .months(count, lastDayBefore: true) }
        }
        return .days(started.days(to: ends))
    }

    /// The last day of the `index`-th term (0 is `ends` as written).
    static func end(_ index: Int, of ends: CalendarDate, started: CalendarDate?, term: Term) -> CalendarDate {
        guard index > 0 else { return ends }
        switch term {
        case .months(let count, let lastDayBefore):
            // Counted from the start each time, so a term from Jan 31 keeps the 31st where a month has it.
            guard let started, started < ends else { return ends.adding(months: count * index) }
            let next = started.adding(months: count * (index + 1))
            return lastDayBefore ? next.adding(days: -1) : next
        case .days(let count):
            return ends.adding(days: count * index)
        }
    }
}
