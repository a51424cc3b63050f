import Breathing
import Domain
import Foundation
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// The dashboard's first strip: what asks for something today — deposits due or overdue, trials
/// about to charge, renewals — each a row linking to where it is handled, and today's practice.
extension DashboardPage {
    /// How many days ahead a trial's charge or a renewal counts as "today's business".
    static let soonDays = 3

    /// How many of them the strip shows at once, the most pressing; the rest open under "N more",
    /// so the first goal stays in a phone's first screen on a busy day (and in English, whose
    /// rows take two lines).
    static let dueShown = 2

    /// One line of the strip; `day` is days from today (negative when overdue), which orders it.
    struct DueItem {
        var day: Int
        var rank: Int
        var text: String
        var state: String
        var stateClass: String
        var href: String
        /// In serve, a due deposit's one-tap form: the plan's amount put in at once (issue 34).
        var deposit: MustacheValue = .null

        var value: MustacheValue {
            .object([
                "text": .string(text), "state": .string(state), "state_class": .string(stateClass),
                "href": .string(href), "deposit": deposit,
            ])
        }
    }

    /// Everything due today or overdue, or charging within `soonDays`: overdue first, then by day.
    static func dueItems(_ renderer: SiteRenderer) -> [DueItem] {
        let format = renderer.format
        var items: [DueItem] = []
        for entry in renderer.figures.savings.entries {
            let progress = entry.progress
            guard let due = progress.nextDue, due <= renderer.today, let plan = entry.goal.plan else { continue }
            let overdue = progress.overdueDays ?? 0
            let amount = format.money(plan.amount, entry.goal.currency)
            let deposit = renderer.form(
                .deposit, target: entry.goal.id,
                defaults: ["amount": NSDecimalNumber(decimal: plan.amount).stringValue],
                extra: [
                    "button": .string("+\(amount)"),
                    "label": .string(
                        renderer.string(.dashboard(.depositNow), ["goal": entry.goal.name, "amount": amount])),
                ])
            items.append(
                DueItem(
                    day: -overdue, rank: 0,
                    text: renderer.string(.dashboard(.deposit), ["goal": entry.goal.name, "amount": amount]),
                    state: renderer.overdueText(overdue) ?? renderer.string(.dashboard(.dueToday)),
                    stateClass: overdue == 0 ? "due-now" : "overdue", href: "goals/\(entry.goal.id)/", deposit: deposit)
            )
        }
        for item in renderer.figures.subscriptions.upcoming(within: soonDays) {
            guard let days = item.daysUntilBilling else { continue }
            let price = item.price.map { format.money($0, item.currency) } ?? ""
            items.append(
                DueItem(
                    day: days, rank: item.inTrial ? 1 : 2,
                    text: renderer.string(
                        item.inTrial ? .dashboard(.trial) : .dashboard(.renewal),
                        ["name": item.subscription.name, "price": price]),
                    state: renderer.relativeDay(days), stateClass: days == 0 ? "due-now" : "due-soon",
                    href: "subscriptions/#\(item.id)"))
        }
        return items.sorted { ($0.day, $0.rank, $0.text) < ($1.day, $1.rank, $1.text) }
    }

    /// Today's practice, done or not, when there is a practice to speak of (a session logged or a
    /// program enrolled in); nil otherwise. Not done, it leads straight to a pacer: the pattern a
    /// program prescribes next, or the one practised most; done, to the breathing page.
    static func practice(_ renderer: SiteRenderer) -> MustacheValue {
        let breathing = renderer.figures.breathing
        guard breathing.totals.sessions > 0 || !breathing.programs.isEmpty else { return .null }
        let streak = breathing.streak
        let text: String
        if streak.practisedToday {
            text = renderer.string(.dashboard(.practiceDone))
        } else if streak.current > 0 {
            text = renderer.counted(.dashboard(.practiceStreak), streak.current)
        } else {
            text = renderer.string(.dashboard(.practiceTodo))
        }
        let pattern = streak.practisedToday ? nil : practicePattern(breathing)
        return .object([
            "text": .string(text), "done": .bool(streak.practisedToday),
            "href": .string(pattern.map { "breathing/\($0)/" } ?? "breathing/"),
            "state": .string(
                renderer.string(streak.practisedToday ? .dashboard(.practiceStateDone) : .dashboard(.start))),
        ])
    }

    /// The pattern today's practice starts: the one a program prescribes next, else the one
    /// practised most.
    static func practicePattern(_ breathing: BreathingReport) -> String? {
        if let next = breathing.programs.compactMap(\.nextDay).first { return next.pattern }
        return breathing.patterns.filter { $0.totals.sessions > 0 }.max { $0.totals.sessions < $1.totals.sessions }?
            .pattern.id
    }
}
