import Basics
import Charts
import Domain
import Foundation
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// The subscriptions page's look back and ahead: what has been spent, which prices rose, what the
/// next 12 months will charge, and what the money cancelling frees would do for the wish goals.
extension SubscriptionsPage {
    func spendFields(_ renderer: SiteRenderer) -> [String: MustacheValue] {
        let report = renderer.figures.subscriptions
        let base = report.baseCurrency
        let format = renderer.format
        var fields: [String: MustacheValue] = [
            "spent_to_date": report.spentToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "price_rises": .list(
                report.priceRises.map { rise in
                    renderer.priceRiseValue(
                        rise.item, before: rise.before, now: rise.now, change: rise.change, since: rise.since)
                }),
            "has_price_rises": .bool(!report.priceRises.isEmpty),
        ]
        fields.merge(forecastFields(renderer)) { _, new in new }
        fields["slain_at_work"] = slainAtWork(renderer)
        return fields
    }

    /// The next 12 months as columns with a line at the average month, and the same as a table.
    private func forecastFields(_ renderer: SiteRenderer) -> [String: MustacheValue] {
        let report = renderer.figures.subscriptions
        let base = report.baseCurrency
        let format = renderer.format
        let forecast = report.forecast
        let exactTotal = forecast.reduce(Decimal(0)) { $0 + $1.total.exact }
        let average = (exactTotal / 12).rounded(scale: base.minorDigits)
        let total = exactTotal.rounded(scale: base.minorDigits)
        let axisLabel = AxisLabel(language: renderer.data.site.language)
        let months = forecast.map { format.month($0.year, $0.month) }
        // A phone keeps every other tick, counted from January's (which carries the year).
        let january = forecast.firstIndex { $0.month == 1 } ?? 0
        let chart = ColumnChart(
            id: "forecast", title: renderer.string(.subscriptions(.forecast)),
            description: renderer.string(
                .subscriptions(.forecastDescription),
                ["total": format.money(total, base), "average": format.money(average, base)]),
            columns: zip(forecast.indices, zip(forecast, months)).map { index, pair in
                let (month, name) = pair
                return .init(
                    // Month names under the columns; January carries the year instead, so the
                    // labels stay short enough for a phone.
                    tick: month.month == 1 ? String(month.year) : renderer.string(.chartMonth(month.month)),
                    label: renderer.counted(
                        .subscriptions(.forecastColumn), month.charges,
                        ["month": name, "total": format.money(month.total.shown, base)]),
                    value: month.total.shown, minor: (index - january) % 2 != 0)
            },
            yLabel: { axisLabel.money($0, base) },
            reference: forecast.contains { $0.total.exact > 0 }
                ? (average, renderer.string(.subscriptions(.average), ["amount": format.money(average, base)])) : nil)
        let flat = renderer.forecastIsFlat
        return [
            "forecast_chart": flat ? .null : .string(chart.svg),
            "forecast_flat": flat ? flatForecast(renderer, total: total) : .null,
            "forecast": .list(
                zip(forecast, months).map { month, name in
                    .object([
                        "month": .string(name),
                        "iso": .string("\(month.year.zeroPadded(4))-\(month.month.zeroPadded(2))"),
                        "charges": .int(month.charges),
                        "total": .string(format.money(month.total.shown, base)),
                    ])
                }),
            "forecast_total": .string(format.money(total, base)),
        ]
    }

    /// A flat forecast in a sentence instead of twelve equal columns: what every month charges and
    /// the year's total, or that nothing will be charged.
    private func flatForecast(_ renderer: SiteRenderer, total: Decimal) -> MustacheValue {
        let report = renderer.figures.subscriptions
        guard total > 0, let month = report.forecast.dropFirst().first else {
            return .string(renderer.string(.subscriptions(.forecastNone)))
        }
        return .string(
            renderer.string(
                .subscriptions(.forecastFlat),
                [
                    "amount": renderer.format.money(month.total.shown, report.baseCurrency),
                    "total": renderer.format.money(total, report.baseCurrency),
                ]))
    }

    /// Nothing slain yet: an invitation instead of a row of zeros (issue 25) — the trial about to
    /// charge, or else the dearest subscription worth a look, with the day to cancel by and what
    /// it would keep; just "nothing cancelled yet" when there is neither.
    func slainInvitation(_ renderer: SiteRenderer) -> MustacheValue {
        let report = renderer.figures.subscriptions
        guard report.slain.items.isEmpty else { return .null }
        let medium = report.items.filter { $0.status == .active && $0.risk?.level == .medium }
            .max { ($0.monthlyInBase?.exact ?? 0) < ($1.monthlyInBase?.exact ?? 0) }
        guard let item = report.alerts.first ?? medium, let next = item.nextBilling, let price = item.price else {
            return .string(SiteRenderer.escapedHTML(renderer.string(.subscriptions(.slainNone))))
        }
        // HTML: the name, the date and the amount each kept on one line (issue 43).
        return .string(
            renderer.sentenceHTML(
                .subscriptions(.slainInvite),
                [
                    "name": item.subscription.name, "date": renderer.shortDate(next),
                    "amount": renderer.format.money(price, item.currency),
                    "per": renderer.string(.cycleUnit(item.cycle)),
                ], kept: ["name", "date", "amount"]))
    }

    /// The wish goals the slain subscriptions' monthly savings would bring forward, with both
    /// dates; null when nothing is slain or no goal would be reached sooner.
    private func slainAtWork(_ renderer: SiteRenderer) -> MustacheValue {
        let report = renderer.figures.subscriptions
        let sooner = renderer.figures.savings.entries.compactMap { entry -> MustacheValue? in
            renderer.slainSooner(entry).map { sooner in
                .object(
                    renderer.goalFields(entry).merging([
                        "with_slain": renderer.dateValue(sooner.date),
                        "planned": renderer.dateValue(sooner.planned),
                        "sooner": .string(sooner.text),
                    ]) { _, new in new })
            }
        }
        // Without slain savings no goal comes sooner, so the list is empty then too.
        guard !sooner.isEmpty else { return .null }
        return .object([
            "intro": .string(
                renderer.string(
                    .subscriptions(.buysIntro),
                    ["amount": renderer.format.money(report.slain.monthlySavings.shown, report.baseCurrency)])),
            "goals": .list(sooner),
        ])
    }
}
