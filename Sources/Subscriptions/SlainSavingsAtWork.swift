import Domain
import Foundation

/// What cancelling buys you: when each wish goal would be reached if the slain subscriptions'
/// monthly savings were saved as well (docs/figures.md, "Slain savings at work").
///
/// For a wish goal not yet reached that has a projected completion:
/// today + ⌈remaining ÷ (average daily saving + monthly_savings × 12 ÷ 365)⌉ days, with
/// `monthly_savings` (base currency) converted into the goal's currency at today's rate.
public enum SlainSavingsAtWork {
    /// Goal id → the sooner date; goals without a projection, or whose currency has no rate, are
    /// left out.
    public static func projections(
        _ savings: SavingsReport, monthlySavings: Decimal, rates: ExchangeRates, today: CalendarDate
    ) -> [String: CalendarDate] {
        var dates: [String: CalendarDate] = [:]
        for entry in savings.entries {
            let progress = entry.progress
            guard progress.projectedCompletion != nil, let days = progress.projectionDays,
                let target = entry.goal.target, let rate = rates.rate(for: entry.goal.currency), rate > 0
            else { continue }
            dates[entry.goal.id] = GoalProgress.completion(
                remaining: target - progress.saved, saved: progress.saved, days: days,
                monthlyExtra: monthlySavings / rate,
                today: today)
        }
        return dates
    }
}
