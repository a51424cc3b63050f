import Domain
import Foundation
import Subscriptions

/// A slain subscription becomes coins (DESIGN.md §6, issue 43): what it frees each month, put into
/// a goal in one tap from the victory. The victory's buttons and serve's check of what such a
/// button sends ask the same question here, so an amount changed on its way is refused by the rule
/// that made the button.
package enum FreedMonthly {
    /// The goals a victory offers at most: one tap each, and the victory still fits a phone's screen.
    package static let offered = 3

    /// What subscription `id` frees a month, in `goal`'s currency: its own monthly amount in the
    /// base currency rounded half away from zero to the currency's minor unit (not a table's share
    /// of a total, which may be a unit off). Nil when it is not slain as of the build's day, frees
    /// nothing, or the goal saves in another currency than the base.
    package static func amount(of id: String, into goal: Goal, _ figures: SiteFigures) -> Decimal? {
        guard let item = figures.subscriptions.items.first(where: { $0.id == id }), item.status == .killed,
            goal.currency == figures.subscriptions.baseCurrency
        else { return nil }
        return monthly(item, figures)
    }

    /// What the slain `item` frees a month in the base currency, to its minor unit; nil for none.
    package static func monthly(_ item: SubscriptionItem, _ figures: SiteFigures) -> Decimal? {
        guard let exact = item.monthlyInBase?.exact else { return nil }
        let monthly = exact.rounded(scale: figures.subscriptions.baseCurrency.minorDigits)
        return monthly > 0 ? monthly : nil
    }

    /// What it keeps a year, to the minor unit: twelve times the exact monthly amount, rounded once.
    package static func yearly(_ item: SubscriptionItem, _ figures: SiteFigures) -> Decimal? {
        guard let exact = item.monthlyInBase?.exact else { return nil }
        let yearly = (exact * 12).rounded(scale: figures.subscriptions.baseCurrency.minorDigits)
        return yearly > 0 ? yearly : nil
    }

    /// The goals the victory of `id` offers: those not reached yet that can take what it frees, in
    /// the savings report's order.
    package static func goals(for id: String, _ figures: SiteFigures) -> [(goal: Goal, amount: Decimal)] {
        let open = figures.savings.entries.filter { $0.progress.reachedOn == nil }
        let offered = open.compactMap { entry in
            amount(of: id, into: entry.goal, figures).map { (goal: entry.goal, amount: $0) }
        }
        return Array(offered.prefix(Self.offered))
    }
}
