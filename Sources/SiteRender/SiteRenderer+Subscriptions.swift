import Domain
import Foundation
import Mustache

extension SiteRenderer {
    /// `subscriptions/`: what subscriptions cost each month and year, by category and currency,
    /// which ones are at risk and why, what renews next, and what slaying has saved; plus
    /// `subscriptions/calendar.ics`.
    func renderSubscriptions(into site: inout PageQueue) {
        let report = figures.subscriptions
        let base = report.baseCurrency
        let active = report.items.filter { $0.status == .active }
        var fields = subscriptionSummary()
        fields["active"] = .list(active.map(subscriptionValue))
        fields["has_active"] = .bool(!active.isEmpty)
        fields["medium"] = .list(active.filter { $0.risk?.level == .medium }.map(subscriptionValue))
        fields["has_medium"] = .bool(active.contains { $0.risk?.level == .medium })
        fields["upcoming_all"] = .list(report.upcoming(within: 31).map(subscriptionValue))
        fields["slain"] = .list(report.slain.items.map(subscriptionValue))
        fields["has_slain"] = .bool(!report.slain.items.isEmpty)
        fields["slain_this_month"] = .int(report.slain.thisMonth)
        fields["slain_this_year"] = .int(report.slain.thisYear)
        fields["monthly_savings"] = .string(format.money(report.slain.monthlySavings.shown, base))
        fields["saved_to_date"] = .string(format.money(report.slain.savedToDate.shown, base))
        fields["categories"] = .list(
            report.byCategory.map { spend in
                .object([
                    "label": .string(categoryLabel(spend.category)), "count": .int(spend.count),
                    "monthly": .string(format.money(spend.monthlyInBase.shown, base)),
                    "share": .string(format.percent(spend.share)),
                ])
            })
        fields["currencies"] = .list(
            report.byCurrency.map { spend in
                .object([
                    "code": .string(spend.currency.code), "count": .int(spend.count),
                    "monthly": .string(format.money(spend.monthlyInCurrency, spend.currency)),
                    "monthly_in_base": .string(format.money(spend.monthlyInBase.shown, base)),
                ])
            })
        let chartDescription = string(
            "subscriptions.chart_desc", ["total": format.money(report.monthlyTotal.shown, base)])
        fields["category_chart"] = .string(
            BarChart(
                id: "by-category", title: string("subscriptions.by_category"),
                description: chartDescription,
                bars: report.byCategory.map {
                    .init(
                        label: categoryLabel($0.category), valueText: format.money($0.monthlyInBase.shown, base),
                        value: $0.monthlyInBase.shown)
                }
            ).svg)
        fields["currency_chart"] = .string(
            BarChart(
                id: "by-currency", title: string("subscriptions.by_currency"),
                description: chartDescription,
                bars: report.byCurrency.map {
                    .init(
                        label: $0.currency.code, valueText: format.money($0.monthlyInBase.shown, base),
                        value: $0.monthlyInBase.shown)
                }
            ).svg)
        let content = fields
        page(
            "subscriptions/index.html", template: "pages/subscriptions", title: string("subscriptions.title"),
            section: "subscriptions", content, into: &site)
        site.add(
            "subscriptions/calendar.ics",
            ICalendar.feed(
                report, today: today, title: data.site.title,
                site: ICalendar.uidDomain(baseURL: data.site.baseURL, title: data.site.title),
                language: data.site.language))
    }

    /// What the dashboard and the subscriptions page share: totals, high-risk alerts, what renews next.
    func subscriptionSummary() -> [String: MustacheValue] {
        let report = figures.subscriptions
        let base = report.baseCurrency
        let next = report.upcoming.prefix(3)
        return [
            "monthly_total": .string(format.money(report.monthlyTotal.shown, base)),
            "yearly_total": .string(format.money(report.yearlyTotal.shown, base)),
            "active_count": .int(report.items.filter { $0.status == .active }.count),
            "alerts": .list(report.alerts.map(subscriptionValue)),
            "has_alerts": .bool(!report.alerts.isEmpty),
            "upcoming": .list(next.map(subscriptionValue)),
            "has_upcoming": .bool(!next.isEmpty),
        ]
    }

    func subscriptionValue(_ item: SubscriptionItem) -> MustacheValue {
        let base = figures.subscriptions.baseCurrency
        return .object([
            "id": .string(item.id),
            "name": .string(item.subscription.name),
            "icon": item.icon.map { .string($0) } ?? .null,
            "price": item.price.map { .string(format.money($0, item.currency)) } ?? .null,
            "cycle": .string(string("cycle.\(item.cycle.rawValue)")),
            "members": .int(item.subscription.members),
            "shared": .bool(item.subscription.members > 1),
            "my_share": item.myShare.map { .string(format.money($0, item.currency)) } ?? .null,
            "monthly": item.monthlyInBase.map { .string(format.money($0.shown, base)) } ?? .null,
            "next_billing": item.nextBilling.map { .string(format.date($0)) } ?? .null,
            "next_billing_iso": item.nextBilling.map { .string($0.description) } ?? .null,
            "days": item.daysUntilBilling.map { .int($0) } ?? .null,
            "reminders": .string(item.reminders.map(format.date).joined(separator: ", ")),
            "has_reminders": .bool(!item.reminders.isEmpty),
            "trial": .bool(item.inTrial),
            "risk": item.risk.map { .string(string("subscriptions.level.\($0.level.rawValue)")) } ?? .null,
            "risk_class": .string(item.risk?.level.rawValue ?? "none"),
            "reason": item.risk.map { .string(riskReason($0)) } ?? .null,
            "unsubscribe": item.unsubscribe.map { .string($0) } ?? .null,
            "killed_on": item.killedOn.map { .string(format.date($0)) } ?? .null,
            "saved_to_date": item.savedToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "avoided": .int(item.avoidedCharges),
        ])
    }

    private func riskReason(_ risk: SubscriptionRisk) -> String {
        switch risk.reason {
        case .trialChargesSoon(let days): return string(risk.reason.key, ["days": String(days)])
        case .notReviewedSince(let date), .reviewedOn(let date):
            return string(risk.reason.key, ["date": format.date(date)])
        case .neverReviewed: return string(risk.reason.key)
        }
    }

    private func categoryLabel(_ category: String?) -> String {
        guard let category else { return string("subscriptions.uncategorised") }
        return optionalString("category.\(category)") ?? category
    }
}
