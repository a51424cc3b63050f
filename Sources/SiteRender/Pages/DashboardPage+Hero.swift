import Domain
import Foundation
import Mustache
import SiteData
import UIKeys

/// The Today screen's hero (issue 34): one money figure against the plan, as Copilot and YNAB lead
/// with — what was saved this month, what the plans still ask of it, and whether the plans are
/// on track (a deposit overdue, a goal behind, or neither).
extension DashboardPage {
    static func hero(_ renderer: SiteRenderer) -> MustacheValue {
        let savings = renderer.figures.savings
        let currency = renderer.data.site.currency
        let saved = savings.savedThisMonth
        let planned = plannedThisMonth(renderer)
        let overdue = savings.entries.filter { ($0.progress.overdueDays ?? 0) > 0 }.count
        let behind = savings.entries.filter { $0.progress.status == .behind }.count
        let planning = savings.entries.contains { $0.goal.plan != nil && $0.progress.reachedOn == nil }
        let signal: (text: String, kind: String)?
        if overdue > 0 {
            signal = (renderer.counted(.dashboard(.depositsOverdue), overdue), "overdue")
        } else if behind > 0 {
            signal = (renderer.counted(.dashboard(.goalsBehind), behind), "behind")
        } else if planning || savings.entries.contains(where: { $0.progress.status != nil }) {
            signal = (renderer.string(.dashboard(.onTrack)), "on-track")
        } else {
            signal = nil
        }
        let whole = saved + planned
        let share = whole > 0 ? min(saved / whole, 1) * 100 : 0
        return .object([
            "amount": .string(renderer.format.money(saved, currency)),
            "planned": planning
                ? .string(
                    planned > 0
                        ? renderer.string(
                            .dashboard(.heroPlanned), ["amount": renderer.format.money(planned, currency)])
                        : renderer.string(.dashboard(.heroPlannedDone))) : .null,
            "progress_value": planning && whole > 0 ? .string(share.fixed(1)) : .null,
            "signal": signal.map { .object(["text": .string($0.text), "kind": .string($0.kind)]) } ?? .null,
        ])
    }

    /// What the plans still ask of this month, in the base currency: each goal not yet reached,
    /// its plan amount for every period from its next deposit due to the month's end (the plan's
    /// last period and paused periods left out).
    static func plannedThisMonth(_ renderer: SiteRenderer) -> Decimal {
        let today = renderer.today
        guard let first = CalendarDate(year: today.year, month: today.month, day: 1) else { return 0 }
        let nextMonth = first.adding(months: 1)
        var total = Decimal(0)
        for entry in renderer.figures.savings.entries where entry.progress.reachedOn == nil {
            guard let plan = entry.goal.plan, let due = entry.progress.nextDue,
                let rate = renderer.data.rates.rate(for: entry.goal.currency)
            else { continue }
            let schedule = PlanSchedule(plan)
            guard var index = schedule.periodIndex(containing: due) else { continue }
            var periods = 0
            while schedule.periodStart(index) < nextMonth, plan.periods.map({ index < $0 }) ?? true {
                let start = schedule.periodStart(index)
                if start >= due, !entry.goal.pauses.covers(start) { periods += 1 }
                index += 1
            }
            total += plan.amount * Decimal(periods) * rate
        }
        return total
    }
}
