import Domain
import Foundation

/// `widget.json` (DESIGN.md §5): the few figures a home-screen widget or a dashboard tile shows
/// each morning — Homepage's `customapi`, Scriptable, KWGT read any small JSON — with the same
/// values as `data.json`: today, the totals, the streak, and what is due today (a deposit due or
/// overdue, a trial charging or a renewal within the dashboard's three days), most urgent first.
struct WidgetJSON {
    let data: DataSet
    let figures: SiteFigures

    var text: String { document.serialized() }

    var document: JSONValue {
        let site = data.site
        let subscriptions = figures.subscriptions
        return .object([
            ("schema", .int(1)),
            ("today", .string(figures.today.description)),
            ("title", .string(site.title)),
            ("currency", .string(site.currency.code)),
            ("saved_total", JSONValue.money(figures.savings.totalSaved, site.currency)),
            ("saved_this_month", JSONValue.money(figures.savings.savedThisMonth, site.currency)),
            ("monthly_subscriptions", JSONValue.money(subscriptions.monthlyTotal.shown, subscriptions.baseCurrency)),
            ("streak", .int(figures.breathing.streak.current)),
            ("practiced_today", .bool(figures.breathing.streak.practisedToday)),
            ("due", .array(due.map(\.json))),
            ("quote", .optional(figures.quote) { .string($0.text) }),
        ])
    }

    /// One thing due: `kind` deposit, trial or renewal.
    struct Due {
        var kind: String
        var name: String
        var date: CalendarDate
        var amount: String?

        var json: JSONValue {
            .object([
                ("kind", .string(kind)), ("name", .string(name)), ("date", .string(date.description)),
                ("amount", .optional(amount) { .string($0) }),
            ])
        }
    }

    /// Deposits due today or overdue, then charges within `DashboardPage.soonDays`; by date.
    var due: [Due] {
        var items: [Due] = []
        for entry in figures.savings.entries {
            guard let date = entry.progress.nextDue, date <= figures.today, let plan = entry.goal.plan else {
                continue
            }
            let amount = plan.amount.fixed(entry.goal.currency.minorDigits)
            items.append(Due(kind: "deposit", name: entry.goal.name, date: date, amount: amount))
        }
        for item in figures.subscriptions.upcoming(within: DashboardPage.soonDays) {
            guard let date = item.nextBilling else { continue }
            let amount = item.price.map { $0.fixed(item.currency.minorDigits) }
            items.append(
                Due(kind: item.inTrial ? "trial" : "renewal", name: item.subscription.name, date: date, amount: amount))
        }
        let rank = ["deposit": 0, "trial": 1, "renewal": 2]
        return items.enumerated().sorted { a, b in
            (a.element.date, rank[a.element.kind] ?? 3, a.offset) < (
                b.element.date, rank[b.element.kind] ?? 3, b.offset
            )
        }.map(\.element)
    }
}
