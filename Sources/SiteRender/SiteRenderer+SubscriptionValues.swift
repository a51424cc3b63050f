import Badges
import Basics
import Charts
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// What the dashboard and the subscriptions page show of the subscriptions, built the same way for
/// both.
extension SiteRenderer {
    /// What the dashboard and the subscriptions page share: totals, high-risk alerts, what renews next.
    ///
    /// `billingAfter`: leave out the alerts and renewals charging within that many days (the
    /// dashboard's today strip shows those, once). `alertsOnTop`: the alerts follow the page's title,
    /// so their heading is a section's (h2), not a subsection's (h3) as on the dashboard.
    func subscriptionSummary(billingAfter days: Int? = nil, alertsOnTop: Bool = false) -> [String: MustacheValue] {
        let report = figures.subscriptions
        let base = report.baseCurrency
        let later = { (item: SubscriptionItem) in days.map { (item.daysUntilBilling ?? .max) > $0 } ?? true }
        let alerts = report.alerts.filter(later)
        let next = report.upcoming.filter(later).prefix(3)
        let active = report.items.filter { $0.status == .active }.count
        return [
            "monthly_total": .string(format.money(report.monthlyTotal.shown, base)),
            "yearly_total": .string(format.money(report.yearlyTotal.shown, base)),
            "active_count": .int(active),
            "active_count_label": .string(unit(.subscriptions(.activeCount), for: active)),
            "alerts": .list(alerts.map(subscriptionValue)),
            "has_alerts": .bool(!alerts.isEmpty),
            "alerts_on_top": .bool(alertsOnTop),
            "upcoming": .list(next.map(subscriptionValue)),
            "has_upcoming": .bool(!next.isEmpty),
            "costliest": costliestMonth(),
        ]
    }

    /// Whether the next 12 months' charges say nothing a sentence would not: every month after
    /// this one charges the same, and the rest of this one no more (issue 25: twelve equal bars).
    var forecastIsFlat: Bool {
        let forecast = figures.subscriptions.forecast
        guard let first = forecast.first else { return true }
        let later = forecast.dropFirst()
        guard let month = later.first?.total.exact else { return true }
        return later.allSatisfy { $0.total.exact == month } && first.total.exact <= month
    }

    /// `date` as a sentence writes it: without its year when it is in today's year.
    func shortDate(_ date: CalendarDate) -> String {
        date.year == today.year ? format.dateParts(date).main : format.date(date)
    }

    /// "Most expensive month ahead: Jan 2027, ¥1,101.50"; null when no month stands out (a flat
    /// forecast's first full month only outweighs the rest of this one).
    private func costliestMonth() -> MustacheValue {
        let report = figures.subscriptions
        guard let month = report.costliestMonth, !forecastIsFlat else { return .null }
        return .string(
            string(
                .subscriptions(.costliest),
                [
                    "month": format.month(month.year, month.month),
                    "total": format.money(month.total.shown, report.baseCurrency),
                ]))
    }

    /// A subscription as its row shows it (issue 25): the price per cycle ("¥21.00 / month"),
    /// what it costs a month in the base currency only when that says something new, the shared
    /// part only when it differs from the price, the risk only when medium or high.
    /// A price that went up, as the subscriptions page and the year in review list it: the name,
    /// and "US$22.99 → US$24.99 (+8.7%), from 12 Jan 2026".
    func priceRiseValue(
        _ item: SubscriptionItem, before: Decimal, now: Decimal, change: Decimal, since: CalendarDate
    ) -> MustacheValue {
        .object([
            "name": .string(item.subscription.name),
            "text": .string(
                string(
                    .subscriptions(.priceRise),
                    [
                        "before": format.money(before, item.currency), "now": format.money(now, item.currency),
                        "percent": format.percent(change, digits: 1), "date": format.date(since),
                    ])),
        ])
    }

    func subscriptionValue(_ item: SubscriptionItem) -> MustacheValue {
        let base = figures.subscriptions.baseCurrency
        let reminders = item.reminders.enumerated().map { index, day -> MustacheValue in
            .object(["date": dateValue(day), "separator": .string(index == 0 ? "" : ", ")])
        }
        // A medium or high risk wears a tag on its row, a low one none.
        let riskTag = item.risk.flatMap { UIKey.riskTag($0.level) }
        return .object([
            "initial": .string(item.subscription.name.first.map { String($0).uppercased() } ?? "?"),
            "per": .string(string(.cycleUnit(item.cycle))),
            "share_differs": .bool(item.myShare != nil && item.myShare != item.price),
            "monthly_note": .bool(item.cycle != .monthly || item.currency != base),
            "show_risk": .bool(riskTag != nil),
            "risk_tag": riskTag.map { .string(string($0)) } ?? .null,
            "id": .string(item.id),
            "name": .string(item.subscription.name),
            "icon": item.icon.map { .string($0) } ?? .null,
            "price": item.price.map { .string(format.money($0, item.currency)) } ?? .null,
            "cycle": .string(string(.cycle(item.cycle))),
            "members": .int(item.subscription.members),
            "shared": .bool(item.subscription.members > 1),
            "my_share": item.myShare.map { .string(format.money($0, item.currency)) } ?? .null,
            "monthly": item.monthlyInBase.map { .string(format.money($0.shown, base)) } ?? .null,
            "next_billing": dateValue(item.nextBilling),
            "days": item.daysUntilBilling.map { .int($0) } ?? .null,
            "reminders": .list(reminders),
            "has_reminders": .bool(!item.reminders.isEmpty),
            // A renewal's row names only the next reminder (issue 43); calendar.ics has them all.
            "next_reminder": dateValue(item.reminders.first { $0 >= today }),
            "trial": .bool(item.inTrial),
            "risk": item.risk.map { .string(string(.riskLevel($0.level))) } ?? .null,
            "risk_class": .string(item.risk?.level.rawValue ?? "none"),
            "reason": item.risk.map { .string(riskReason($0)) } ?? .null,
            "unsubscribe": item.unsubscribe.map { .string($0) } ?? .null,
            "killed_on": dateValue(item.killedOn),
            "saved_to_date": item.savedToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "avoided": .int(item.avoidedCharges),
            // Slain, with no charge avoided yet: say what it keeps a month, not "0.00 saved".
            "fresh": .bool(item.avoidedCharges == 0 && item.killedOn != nil),
            "avoided_text": .string(counted(.subscriptions(.avoidedCount), item.avoidedCharges)),
            "spent": item.spentToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "charges_paid": item.chargesPaid.map { .string(counted(.subscriptions(.chargesPaid), $0)) } ?? .null,
            "contract": contractValue(item),
        ])
    }

    /// A contract's end and notice deadline, in words, for its row; null without a contract.
    private func contractValue(_ item: SubscriptionItem) -> MustacheValue {
        guard let contract = item.contract else { return .null }
        let date = format.date(contract.ends)
        let ends =
            contract.isOver
            ? string(.subscriptions(.endedOn), ["date": date])
            : string(.subscriptions(contract.autoRenew ? .contractRenews : .contractEnds), ["date": date])
        return .object([
            "ends": .string(ends),
            "notice_by": contract.noticeBy.map { .string(string(.subscriptions(.noticeBy), ["date": format.date($0)])) }
                ?? .null,
        ])
    }

    private func riskReason(_ risk: SubscriptionRisk) -> String {
        switch risk.reason {
        case .trialChargesSoon(let days): return string(.riskReason(.trialChargesSoon), ["when": relativeDay(days)])
        case .notReviewedSince(let date): return string(.riskReason(.notReviewedSince), ["date": format.date(date)])
        case .reviewedOn(let date): return string(.riskReason(.reviewedOn), ["date": format.date(date)])
        case .neverReviewed: return string(.riskReason(.neverReviewed))
        case .noticeDue(let days): return string(.riskReason(.noticeDue), ["when": relativeDay(days)])
        }
    }
}
