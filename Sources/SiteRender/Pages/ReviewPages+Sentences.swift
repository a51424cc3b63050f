import Domain
import Figures
import Foundation
import SiteData
import UIKeys

/// The year in three sentences: one for the savings, one for the subscriptions, one for the
/// practice, each saying plainly when there was nothing.
extension ReviewPages {
    func sentences(_ review: YearReview, _ renderer: SiteRenderer) -> [String] {
        let format = renderer.format
        let base = renderer.data.site.currency
        let year = ["year": String(review.year)]
        var savings = renderer.string(.review(.savedNone), year)
        if review.deposits > 0 {
            let values = [
                "amount": format.money(review.saved, base),
                "deposits": renderer.counted(.review(.deposits), review.deposits),
                "goals": renderer.counted(.review(.goals), review.reached.count),
            ]
            savings = renderer.string(review.reached.isEmpty ? .review(.saved) : .review(.savedReached), values)
        }
        var subscriptions = renderer.string(.review(.spentNone), year)
        let slain = [
            "slain": renderer.counted(.review(.slainCount), review.slain.count),
            "monthly": format.money(review.slainMonthly, base),
            "charges": renderer.counted(.review(.charges), review.charges),
            "amount": review.spent.map { format.money($0, base) } ?? "",
            "year": String(review.year),
        ]
        switch (review.charges > 0, review.spent != nil, !review.slain.isEmpty) {
        case (true, true, false): subscriptions = renderer.string(.review(.spent), slain)
        case (true, true, true): subscriptions = renderer.string(.review(.spentSlain), slain)
        case (true, false, false): subscriptions = renderer.string(.review(.charged), slain)
        case (true, false, true): subscriptions = renderer.string(.review(.chargedSlain), slain)
        case (false, _, true): subscriptions = renderer.string(.review(.slainOnly), slain)
        case (false, _, false): break
        }
        var practice = renderer.string(.review(.practiceNone), year)
        let totals = review.practice.totals
        if totals.sessions > 0 {
            practice = renderer.string(
                .review(.practised),
                [
                    "sessions": renderer.counted(.review(.sessions), totals.sessions),
                    "minutes": renderer.counted(
                        .review(.minutes), totals.minutes == 1 ? 1 : 2, ["minutes": renderer.minutes(totals.minutes)]),
                    "streak": renderer.counted(.review(.days), review.practice.longestStreak),
                ])
        }
        return [savings, subscriptions, practice]
    }
}
