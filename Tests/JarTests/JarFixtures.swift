import Domain
import Foundation

/// Goals for the jar tests, built in code so each test says exactly what it drops.
enum JarFixtures {
    static let start = CalendarDate(year: 2021, month: 1, day: 1)!
    static let yuan = Currency(code: "CNY")!

    /// A free goal with a daily plan of `plan`, one deposit of each amount per day.
    static func free(_ id: String = "fund", plan: Decimal = 10, amounts: [Decimal]) -> Goal {
        Goal(
            id: id, name: "Fund", mode: .free, currency: yuan, target: nil, created: start, icon: nil, note: nil,
            plan: SavingsPlan(
                amount: plan, frequency: .daily, start: start, periods: nil, annualRate: nil, horizonYears: 10),
            deposits: deposits(amounts))
    }

    /// A wish goal with `target`, one deposit of each amount per day.
    static func wish(_ id: String = "bike", target: Decimal, amounts: [Decimal]) -> Goal {
        Goal(
            id: id, name: "Bike", mode: .wish, currency: yuan, target: target, created: start, icon: nil,
            note: nil, plan: nil, deposits: deposits(amounts))
    }

    static func deposits(_ amounts: [Decimal]) -> [Deposit] {
        amounts.enumerated().map { day, amount in
            Deposit(at: EventTime(date: start.adding(days: day), secondOfDay: 20 * 3600), amount: amount, note: nil)
        }
    }

    /// Amounts that vary from day to day (between half and twice the plan) without randomness.
    static func varied(_ count: Int, plan: Decimal = 10) -> [Decimal] {
        (0..<count).map { day in plan * Decimal([5, 10, 12, 20, 8, 10, 15][day % 7]) / 10 }
    }
}
