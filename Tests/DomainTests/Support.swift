import Domain
import Foundation

/// `d("2026-01-31")` — dates in tests read like the data.
func d(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

/// `dec("60.25")` — exact decimals in tests.
func dec(_ text: String) -> Decimal { Decimal(exactly: text)! }

func at(_ date: String, _ time: String? = nil) -> EventTime {
    guard let time else { return EventTime(date: d(date)) }
    let parts = time.split(separator: ":").map { Int($0)! }
    return EventTime(date: d(date), secondOfDay: parts[0] * 3600 + parts[1] * 60)
}

func goal(
    _ id: String = "g", mode: Goal.Mode = .wish, target: Decimal? = 1000, plan: SavingsPlan? = nil,
    deposits: [(EventTime, Decimal)]
) -> Goal {
    Goal(
        id: id, name: id, mode: mode, currency: Currency(code: "CNY")!, target: mode == .wish ? target : nil,
        created: nil, icon: nil, note: nil, plan: plan,
        deposits: deposits.map { Deposit(at: $0.0, amount: $0.1, note: nil) })
}

func plan(
    _ amount: Decimal, _ frequency: SavingsPlan.Frequency, from start: String, periods: Int? = nil,
    rate: Decimal? = nil, horizon: Int = 10
) -> SavingsPlan {
    SavingsPlan(
        amount: amount, frequency: frequency, start: d(start), periods: periods, annualRate: rate,
        horizonYears: horizon)
}
