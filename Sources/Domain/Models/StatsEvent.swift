import Foundation

/// Something that happened, as the badge replay sees it. Amounts are in the base currency.
public enum StatsEvent: Sendable, Equatable {
    case deposit(goalID: String, at: EventTime, amount: Decimal, amountInBase: Decimal)
    case subscriptionKilled(on: CalendarDate, monthlyInBase: Decimal, dodgedTrial: Bool)
    case session(at: EventTime, minutes: Decimal)
    case programCompleted(id: String, on: CalendarDate)

    /// When it happened, for replay order.
    public var time: EventTime {
        switch self {
        case .deposit(_, let at, _, _), .session(let at, _): return at
        case .subscriptionKilled(let on, _, _), .programCompleted(_, let on): return EventTime(date: on)
        }
    }
}
