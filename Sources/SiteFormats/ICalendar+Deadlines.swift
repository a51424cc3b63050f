import Domain
import Foundation
import Subscriptions

/// `calendar.ics` at the top of the site (DESIGN.md §4): every deadline in one feed to subscribe to
/// — each active subscription's events exactly as in `subscriptions/calendar.ics` (same UIDs, so a
/// calendar holding both shows each charge once), and per savings plan one repeating "deposit due"
/// event: from the next deposit due, by the plan's frequency (biweekly as `INTERVAL=2`, monthly by
/// the anchor-day rule), to its last period when a wish plan has `periods`, left out once a wish
/// goal is reached; periods that start inside a future pause are `EXDATE`s, and an alarm rings at
/// 9:00 on the day.
extension ICalendar {
    package static func deadlines(
        _ report: SubscriptionReport, savings: SavingsReport, today: CalendarDate, title: String, site: String,
        language: SiteSettings.Language
    ) -> String {
        let labels = Labels(language: language)
        let deposits = savings.entries.flatMap { depositEvent($0, today: today, site: site, labels: labels) }
        return calendar(
            product: "deadlines", name: labels.deadlinesName(title), leading: deposits, report, today: today,
            site: site, labels: labels)
    }

    /// The plan's "deposit due" event, or nothing (no plan, nothing due, a reached goal).
    static func depositEvent(
        _ entry: SavingsReport.Entry, today: CalendarDate, site: String, labels: Labels
    ) -> [String] {
        let goal = entry.goal
        guard let plan = goal.plan, let next = entry.progress.nextDue, entry.progress.reachedOn == nil else {
            return []
        }
        let schedule = PlanSchedule(plan)
        let until = goal.mode == .wish ? plan.periods.map { schedule.periodStart($0 - 1) } : nil
        if let until, until < next { return [] }
        var rule = depositRule(schedule)
        if let until { rule += ";UNTIL=\(compact(until))" }
        // The periods that start in a pause from the next due on: none after the last pause ends.
        var excluded: [CalendarDate] = []
        if let lastRest = goal.pauses.map(\.to).max(), let first = schedule.periodIndex(containing: next) {
            var index = first
            while schedule.periodStart(index) <= min(lastRest, until ?? lastRest) {
                let start = schedule.periodStart(index)
                if goal.pauses.covers(start) { excluded.append(start) }
                index += 1
            }
        }
        let amount = labels.money(plan.amount, goal.currency)
        let due = labels.depositDue(goal: goal.name, amount: amount)
        return Event(
            uid: "deposit-\(goal.id)@\(site)", on: next, rule: rule, excluded: excluded, summary: due,
            description: labels.depositRepeats(plan.frequency), categories: ["savings"], alarms: [("PT9H", due)]
        ).lines(today: today)
    }

    /// Every period's start from any of them: 1, 7 or 14 days, or months by the anchor-day rule.
    static func depositRule(_ schedule: PlanSchedule) -> String {
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        switch schedule.frequency {
        case .daily: return "FREQ=DAILY"
        case .weekly: return "FREQ=WEEKLY;BYDAY=\(days[schedule.start.isoWeekday - 1])"
        case .biweekly: return "FREQ=WEEKLY;INTERVAL=2;BYDAY=\(days[schedule.start.isoWeekday - 1])"
        case .monthly: return recurrenceRule(for: BillingSchedule(anchor: schedule.start, cycle: .monthly))
        }
    }
}
