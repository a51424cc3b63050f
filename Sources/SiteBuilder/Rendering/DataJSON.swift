import Domain
import Foundation

/// `data.json`, schema 1 (DESIGN.md §5): every figure the site shows, for widgets and scripts.
///
/// Every key is always present; a figure whose engine has not run yet is `null`. Amounts are
/// strings with the currency's minor digits, ratios numbers, dates `YYYY-MM-DD`.
struct DataJSON {
    let data: DataSet
    let today: CalendarDate

    var text: String { document.serialized() }

    var document: JSONValue {
        .object([
            ("schema", .int(1)),
            ("today", .string(today.description)),
            (
                "site",
                .object([
                    ("title", .string(data.site.title)),
                    ("language", .string(data.site.language.rawValue)),
                    ("currency", .string(data.site.currency.code)),
                    ("timezone", .string(data.site.timezone)),
                ])
            ),
            (
                "quote",
                .object([
                    ("date", .string(today.description)),
                    ("day_of_year", .int(today.dayOfYear)),
                    ("subject_index", .null),
                    ("predicate_index", .null),
                    ("text", .null),
                ])
            ),
            ("savings", savings),
            ("badges", .array([])),
            ("subscriptions", subscriptions),
            ("breathing", breathing),
        ])
    }

    private func money(_ amount: Decimal, _ currency: Currency) -> JSONValue {
        .string(amount.fixed(currency.minorDigits))
    }

    private var savings: JSONValue {
        var total: Decimal = 0
        var goals: [JSONValue] = []
        for goal in data.goals {
            let totals = GoalTotals(goal: goal)
            total += totals.saved * (data.rates.rate(for: goal.currency) ?? 0)
            goals.append(
                .object([
                    ("id", .string(goal.id)),
                    ("name", .string(goal.name)),
                    ("mode", .string(goal.mode.rawValue)),
                    ("currency", .string(goal.currency.code)),
                    ("saved", money(totals.saved, goal.currency)),
                    ("target", .optional(goal.target) { money($0, goal.currency) }),
                    ("progress", .optional(totals.progress) { .ratio($0) }),
                    ("deposits", .int(goal.deposits.count)),
                    ("periods_done", .null),
                    ("missed_periods", .null),
                    ("next_due", .null),
                    ("status", .null),
                    ("projected_completion", .null),
                    ("reached_on", .optional(totals.reachedOn) { .string($0.description) }),
                    ("projection", .null),
                ]))
        }
        return .object([("total_saved", money(total, data.site.currency)), ("goals", .array(goals))])
    }

    private var subscriptions: JSONValue {
        let ids = SubscriptionIDs.make(for: data.subscriptions)
        let items = zip(data.subscriptions, ids).map { subscription, id -> JSONValue in
            let currency = subscription.currency ?? data.site.currency
            return .object([
                ("id", .string(id)),
                ("name", .string(subscription.name)),
                ("catalog_id", .null),
                ("status", .string(subscription.killed == nil ? "active" : "killed")),
                ("cycle", .optional(subscription.cycle) { .string($0.rawValue) }),
                ("price", .optional(subscription.price) { money($0, currency) }),
                ("currency", .string(currency.code)),
                ("members", .int(subscription.members)),
                ("my_share", .optional(subscription.price) { money($0 / Decimal(subscription.members), currency) }),
                ("monthly_in_base", .null),
                ("next_billing", .optional(subscription.nextBilling) { .string($0.description) }),
                ("days_until_billing", .null),
                ("risk", .null),
                ("reminders", .null),
                ("killed_on", .optional(subscription.killed) { .string($0.description) }),
                ("saved_to_date", .null),
            ])
        }
        return .object([
            ("base_currency", .string(data.site.currency.code)),
            ("monthly_total", .null),
            ("yearly_total", .null),
            ("items", .array(items)),
            (
                "slain",
                .object([
                    ("this_month", .null), ("this_year", .null), ("monthly_savings", .null),
                    ("saved_to_date", .null),
                ])
            ),
        ])
    }

    private var breathing: JSONValue {
        let patterns = data.patterns.map { p -> JSONValue in
            .object([
                ("id", .string(p.id)), ("inhale", .ratio(p.inhale)), ("hold", .ratio(p.hold)),
                ("exhale", .ratio(p.exhale)), ("rest", .ratio(p.rest)), ("cycle_seconds", .ratio(p.cycleSeconds)),
            ])
        }
        let programs = data.enrollments.map { enrollment -> JSONValue in
            let total = data.programs.first { $0.id == enrollment.program }?.days.count ?? 0
            return .object([
                ("id", .string(enrollment.program)), ("start", .string(enrollment.start.description)),
                ("total_days", .int(total)), ("completed_days", .null), ("current_day", .null),
                ("completion_rate", .null), ("finished_on", .null), ("next_day", .null),
            ])
        }
        return .object([
            ("sessions", .int(data.sessions.count)),
            ("minutes", .null),
            ("current_streak", .null),
            ("longest_streak", .null),
            ("strength", .null),
            ("patterns", .array(patterns)),
            ("programs", .array(programs)),
        ])
    }
}
