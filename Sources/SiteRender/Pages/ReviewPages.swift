import Domain
import Figures
import Foundation
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// `review/` and `review/<year>/`: the year in review (DESIGN.md §4), one page for every year with
/// data, the current year up to today, and an index of them. A year's page has five sections —
/// the year in three sentences, savings, subscriptions, practice, badges — each one printed A4
/// page.
struct ReviewPages: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let reviews = renderer.figures.reviews
        renderer.page(
            "review/index.html", template: "pages/reviews", title: renderer.string(.review(.title)), section: "review",
            [
                "years": .list(
                    reviews.map { review in
                        .object([
                            "year": .int(review.year), "heading": .string(heading(review, renderer)),
                            "sentences": .list(sentences(review, renderer).map { .string($0) }),
                        ])
                    }),
                "has_years": .bool(!reviews.isEmpty),
            ], into: &site)
        for review in reviews {
            renderer.page(
                "review/\(review.year)/index.html", template: "pages/review", title: heading(review, renderer),
                section: "review", fields(review, renderer), dated: review.year == renderer.today.year, into: &site)
        }
    }

    /// "2026 in review", or "2026 so far" for the current year.
    private func heading(_ review: YearReview, _ renderer: SiteRenderer) -> String {
        let key: UIKey.Review = review.year == renderer.today.year ? .headingSoFar : .heading
        return renderer.string(.review(key), ["year": String(review.year)])
    }

    private func fields(_ review: YearReview, _ renderer: SiteRenderer) -> [String: MustacheValue] {
        let format = renderer.format
        let base = renderer.data.site.currency
        var fields: [String: MustacheValue] = [
            "year": .int(review.year),
            "heading": .string(heading(review, renderer)),
            "through": review.year == renderer.today.year ? renderer.dateValue(renderer.today) : .null,
            "sentences": .list(sentences(review, renderer).map { .string($0) }),
            "saved": .string(format.money(review.saved, base)),
            "deposits": .int(review.deposits),
            "deposits_label": .string(renderer.unit(.review(.deposit), for: review.deposits)),
            "spent": review.spent.map { .string(format.money($0, base)) } ?? .null,
            "spent_total": .string(review.spent.map { format.money($0, base) } ?? "—"),
            "charges": .int(review.charges),
            "charges_label": .string(renderer.unit(.review(.charge), for: review.charges)),
            "sessions": .int(review.practice.totals.sessions),
            "sessions_label": .string(renderer.unit(.review(.session), for: review.practice.totals.sessions)),
            "minutes": .string(renderer.minutes(review.practice.totals.minutes)),
            "longest_streak": .string(renderer.counted(.review(.days), review.practice.longestStreak)),
            "reached": .list(
                review.reached.map { entry in
                    .object([
                        "name": .string(entry.goal.name),
                        "target": entry.goal.target.map { .string(format.money($0, entry.goal.currency)) } ?? .null,
                        "date": renderer.dateValue(entry.progress.reachedOn),
                    ])
                }),
            "has_reached": .bool(!review.reached.isEmpty),
            "slain": .list(review.slain.map { slainValue($0, renderer) }),
            "has_slain": .bool(!review.slain.isEmpty),
            "slain_saves": .string(
                renderer.string(.review(.slainSaves), ["amount": format.money(review.slainMonthly, base)])),
            "price_rises": .list(
                review.priceRises.map { rise in
                    renderer.priceRiseValue(
                        rise.item, before: rise.before, now: rise.now, change: rise.change, since: rise.since)
                }),
            "has_price_rises": .bool(!review.priceRises.isEmpty),
            "badges": .list(review.badges.map(renderer.badgeValue)),
            "has_badges": .bool(!review.badges.isEmpty),
            "badge_count": .int(review.badges.count),
            // Three medals a row on a phone, six on a wide screen, unless that leaves one alone.
            "medals_grid": GridColumns.fields(review.badges.count, phone: [3, 4, 2], wide: [6, 5, 7, 4]),
            "reached_count": .int(review.reached.count),
            "slain_count": .string(renderer.counted(.review(.slainCount), review.slain.count)),
            "slain_monthly": .string(format.money(review.slainMonthly, base)),
        ]
        fields["has_saved"] = .bool(review.deposits > 0)
        fields["has_spent"] = .bool(review.charges > 0)
        fields["has_practice"] = .bool(review.practice.totals.sessions > 0)
        fields["longest_streak_line"] = .string(
            renderer.string(
                .review(.longestStreakLine), ["streak": renderer.counted(.review(.days), review.practice.longestStreak)]
            ))
        let none: [UIKey.Review] = [
            .reachedNone, .slainNone, .priceRisesNone, .badgesNone, .savedNone, .spentNone, .practiceNone,
        ]
        for key in none {
            fields[key.rawValue] = .string(renderer.string(.review(key), ["year": String(review.year)]))
        }
        fields.merge(monthFields(review, renderer)) { _, new in new }
        return fields
    }

    private func slainValue(_ item: SubscriptionItem, _ renderer: SiteRenderer) -> MustacheValue {
        let base = renderer.figures.subscriptions.baseCurrency
        return .object([
            "name": .string(item.subscription.name),
            "date": renderer.dateValue(item.killedOn),
            "monthly": item.monthlyInBase.map { .string(renderer.format.money($0.shown, base)) } ?? .null,
            "saved": item.savedToDate.map { .string(renderer.format.money($0.shown, base)) } ?? .null,
        ])
    }
}
