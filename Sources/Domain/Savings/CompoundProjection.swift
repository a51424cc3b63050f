import Foundation

/// One year of a free goal's projected curve.
public struct ProjectionPoint: Sendable, Equatable {
    public var year: Int
    /// amount × periods so far.
    public var contributed: Decimal
    /// With compound growth at the plan's rate, contributions at the start of each period.
    public var value: Decimal

    public init(year: Int, contributed: Decimal, value: Decimal) {
        self.year = year
        self.contributed = contributed
        self.value = value
    }
}

/// Dollar-cost averaging: a fixed amount at the start of every period, growing at
/// i = annual_rate / periods-per-year; after n periods the value is
/// amount × ((1+i)^n − 1) / i × (1+i), or amount × n when i = 0.
public struct CompoundProjection: Sendable {
    public let amount: Decimal
    public let annualRate: Decimal
    public let periodsPerYear: Int
    public let horizonYears: Int

    public init(amount: Decimal, annualRate: Decimal, periodsPerYear: Int, horizonYears: Int) {
        self.amount = amount
        self.annualRate = annualRate
        self.periodsPerYear = periodsPerYear
        self.horizonYears = horizonYears
    }

    public init(plan: SavingsPlan) {
        self.init(
            amount: plan.amount, annualRate: plan.annualRate ?? 0,
            periodsPerYear: PlanSchedule(plan).periodsPerYear, horizonYears: plan.horizonYears)
    }

    public var ratePerPeriod: Decimal { annualRate / Decimal(periodsPerYear) }

    /// The value after `periods` contributions.
    public func value(afterPeriods periods: Int) -> Decimal {
        let i = ratePerPeriod
        guard i != 0 else { return amount * Decimal(periods) }
        let growth = pow(1 + i, periods)
        return amount * (growth - 1) / i * (1 + i)
    }

    /// Years 1 … horizon.
    public func yearlyPoints() -> [ProjectionPoint] {
        guard horizonYears >= 1 else { return [] }
        return (1...horizonYears).map { year in
            let n = year * periodsPerYear
            return ProjectionPoint(year: year, contributed: amount * Decimal(n), value: value(afterPeriods: n))
        }
    }
}
