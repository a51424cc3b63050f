import Charts
import Domain
import Foundation
import Mustache
import SiteData
import SiteFormats
import UIKeys

/// `subscriptions/`: what subscriptions cost each month and year, by category and currency, which
/// ones are at risk and why, what renews next, and what slaying has saved; plus
/// `subscriptions/calendar.ics`, queued right after the page.
struct SubscriptionsPage: PageFamily {
    let showsJars = true

    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let report = renderer.figures.subscriptions
        renderer.page(
            "subscriptions/index.html", template: "pages/subscriptions",
            title: renderer.string(.subscriptions(.title)), section: "subscriptions", fields(renderer),
            into: &site)
        let siteSettings = renderer.data.site
        site.add(
            "subscriptions/calendar.ics",
            ICalendar.feed(
                report, today: renderer.today, title: siteSettings.title,
                site: ICalendar.uidDomain(baseURL: siteSettings.baseURL, title: siteSettings.title),
                language: siteSettings.language))
    }

    /// The page's own values, computed when the page is rendered (a served site's, when it is
    /// asked for).
    private func fields(_ renderer: SiteRenderer) -> [String: MustacheValue] {
        let report = renderer.figures.subscriptions
        let base = report.baseCurrency
        let format = renderer.format
        let active = report.items.filter { $0.status == .active }
        var fields = renderer.subscriptionSummary(alertsOnTop: true)
        fields["active"] = .list(
            active.map { item in
                guard case .object(var values) = renderer.subscriptionValue(item) else { return .null }
                values["ends_on"] = .null
                values["slay_form"] = .null
                values["price_form"] = .null
                values["revive_form"] = .null
                values["edit_link"] = .null
                if let ends = item.subscription.killedAhead, renderer.forms != nil {
                    // Slain from a day ahead: serve says when it ends, and offers to keep it after
                    // all; a built site shows it as today has it (DESIGN.md §3), still active.
                    values["ends_on"] = .string(renderer.string(.form(.endsOn), ["date": format.date(ends)]))
                    values["revive_form"] = renderer.reviveForm(item)
                } else if renderer.isEditing(item.id) {
                    values["slay_form"] = renderer.form(
                        .slay, target: item.id, defaults: ["on": renderer.today.description],
                        extra: ["label": .string(renderer.string(.form(.slayLabel), ["name": item.subscription.name]))])
                    values["price_form"] = renderer.priceForm(item)
                } else if renderer.forms != nil {
                    // Slay and Change price are on the page its link asks for: a small page.
                    values["edit_link"] = .string("?edit=\(item.id)#\(item.id)")
                }
                return .object(values)
            })
        fields["subscription_form"] = subscriptionForm(renderer)
        fields["has_active"] = .bool(!active.isEmpty)
        let ended = report.items.filter { $0.status == .ended }
        fields["ended"] = .list(ended.map(renderer.subscriptionValue))
        fields["has_ended"] = .bool(!ended.isEmpty)
        fields["medium"] = .list(active.filter { $0.risk?.level == .medium }.map(renderer.subscriptionValue))
        fields["has_medium"] = .bool(active.contains { $0.risk?.level == .medium })
        fields["upcoming_all"] = .list(report.upcoming(within: 31).map(renderer.subscriptionValue))
        fields["slain"] = .list(
            report.slain.items.map { item in
                guard case .object(var values) = renderer.subscriptionValue(item) else { return .null }
                // A trophy's Revive is on the small page its link asks for (issue 43): the list of
                // trophies carries no button to tap by mistake, none half under the tab bar.
                let editing = renderer.isEditing(item.id)
                values["revive_form"] = editing ? renderer.reviveForm(item) : .null
                values["revive_link"] =
                    !editing && renderer.forms != nil ? .string("?edit=\(item.id)#slain-\(item.id)") : .null
                return .object(values)
            })
        fields["has_slain"] = .bool(!report.slain.items.isEmpty)
        fields["slain_invite"] = slainInvitation(renderer)
        fields["slain_this_month"] = .int(report.slain.thisMonth)
        fields["slain_this_year"] = .int(report.slain.thisYear)
        fields["monthly_savings"] = .string(format.money(report.slain.monthlySavings.shown, base))
        fields["saved_to_date"] = .string(format.money(report.slain.savedToDate.shown, base))
        fields["categories"] = .list(
            report.byCategory.map { spend in
                .object([
                    "label": .string(categoryLabel(spend.category, renderer)), "count": .int(spend.count),
                    "monthly": .string(format.money(spend.monthlyInBase.shown, base)),
                    "share": .string("\(spend.percent)%"),
                ])
            })
        fields["currencies"] = .list(
            report.byCurrency.map { spend in
                .object([
                    "code": .string(spend.currency.code), "count": .int(spend.count),
                    "monthly": .string(format.money(spend.monthlyInCurrency, spend.currency)),
                    "monthly_in_base": .string(format.money(spend.monthlyInBase.shown, base)),
                    "share": .string("\(spend.percent)%"),
                ])
            })
        let chartDescription = renderer.string(
            .subscriptions(.chartDescription), ["total": format.money(report.monthlyTotal.shown, base)])
        fields["category_chart"] = .string(
            BarChart(
                id: "by-category", title: renderer.string(.subscriptions(.byCategory)),
                description: chartDescription,
                bars: report.byCategory.map {
                    .init(
                        label: categoryLabel($0.category, renderer),
                        valueText: format.money($0.monthlyInBase.shown, base), value: $0.monthlyInBase.shown)
                }
            ).svg)
        fields["currency_chart"] = .string(
            BarChart(
                id: "by-currency", title: renderer.string(.subscriptions(.byCurrency)),
                description: chartDescription,
                bars: report.byCurrency.map {
                    .init(
                        label: $0.currency.code, valueText: format.money($0.monthlyInBase.shown, base),
                        value: $0.monthlyInBase.shown)
                }
            ).svg)
        fields.merge(spendFields(renderer)) { _, new in new }
        fields["household"] = renderer.householdSubscriptions
        return fields
    }

    private func categoryLabel(_ category: String?, _ renderer: SiteRenderer) -> String {
        guard let category else { return renderer.string(.subscriptions(.uncategorised)) }
        return renderer.categoryName(category)
    }
}

extension SubscriptionsPage {
    /// serve's "add a subscription" form: the catalogue's services and the categories in use as
    /// suggestions; what is left empty comes from the service the name matches.
    fileprivate func subscriptionForm(_ renderer: SiteRenderer) -> MustacheValue {
        let language = renderer.data.site.language
        let services = Set(renderer.data.catalog.entries.map { $0.name(in: language) }).sorted()
        let categories = Set(renderer.data.catalog.entries.map(\.category)).sorted()
        let cycles: [SiteRenderer.Choice] =
            [("", renderer.string(.form(.cycleCatalog)))]
            + Subscription.Cycle.allCases.map { ($0.rawValue, renderer.string(.cycle($0))) }
        return renderer.form(
            .subscription,
            defaults: [
                "name": "", "price": "", "currency": "", "cycle": "", "next_billing": "", "trial": "", "members": "",
                "category": "",
            ],
            choices: ["cycle": cycles],
            extra: [
                "services": .list(services.map { .string($0) }),
                "categories": .list(
                    categories.map { id in
                        .object([
                            "value": .string(id), "label": .string(renderer.categoryName(id)),
                        ])
                    }),
                "currency": .string(renderer.data.site.currency.code),
            ])
    }
}
