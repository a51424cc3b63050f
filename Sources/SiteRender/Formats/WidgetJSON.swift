import Domain
import Figures
import Foundation
import SiteFormats
import Subscriptions

/// `widget.json` (issue 35): what dashboards and home-screen widgets read without a script — a
/// few top-level scalars a tile maps one by one (Homepage's `customapi` `mappings`, Home
/// Assistant's `rest` sensor `value_template`), and one `items` list of `{name, label, url}` for a
/// list view (Homepage's `display: dynamic-list`): what needs the person today and this week,
/// the same list `sandjar today` prints (`TodayDigest`), in the site's language.
///
/// `{schema: 2, generated_at, title, currency, saved_this_month, month_spend, next_renewal,
/// next_renewal_on, streak, items[{name, label, url}]}`; amounts as data.json writes them, the
/// day the figures are as of as `generated_at` (the build's today, so a build is deterministic).
struct WidgetJSON {
    let renderer: SiteRenderer

    var text: String { document.serialized() }

    var document: JSONValue {
        let site = renderer.data.site
        let figures = renderer.figures
        let subscriptions = figures.subscriptions
        let digest = TodayDigest(renderer)
        let next = subscriptions.upcoming.first
        return .object([
            ("schema", .int(2)),
            ("generated_at", .string(figures.today.description)),
            ("title", .string(site.title)),
            ("currency", .string(site.currency.code)),
            ("saved_this_month", JSONValue.money(figures.savings.savedThisMonth, site.currency)),
            ("month_spend", JSONValue.money(subscriptions.monthlyTotal.shown, subscriptions.baseCurrency)),
            ("next_renewal", .optional(next) { .string(renewalText($0)) }),
            ("next_renewal_on", .optional(next?.nextBilling) { .string($0.description) }),
            ("streak", .int(figures.breathing.streak.current)),
            (
                "items",
                .array(
                    digest.items.map { item in
                        .object([
                            ("name", .string(item.title)), ("label", .string(item.whenText)),
                            ("url", .string(digest.url(item))),
                        ])
                    })
            ),
        ])
    }

    /// "ChatGPT Plus · 3 Dec · US$20.00": the name, the day (with its year when not this year's)
    /// and the price.
    private func renewalText(_ item: SubscriptionItem) -> String {
        let format = renderer.format
        guard let day = item.nextBilling else { return item.subscription.name }
        let date = day.year == renderer.today.year ? format.dateParts(day).main : format.date(day)
        let parts =
            [item.subscription.name, date] + [item.price.map { format.money($0, item.currency) }].compactMap { $0 }
        return parts.joined(separator: " · ")
    }
}
