import Badges
import Breathing
import Domain
import Foundation
import Subscriptions

/// A year in review (DESIGN.md §4 `review/`, §5 `review`): what was saved and reached, what the
/// subscriptions cost and what slaying them saves, the practice, the badges — for one calendar
/// year, the current one up to today. Amounts are in the base currency at today's rates.
struct YearReview {
    var year: Int
    /// Deposits dated in the year; and by month, January first.
    var saved: Decimal
    var savedByMonth: [Decimal]
    var deposits: Int
    /// Ids of the wish goals whose target was reached in the year.
    var goalsReached: [String]
    /// The charges paid in the year (README "Charges paid") and what they cost; nil when no
    /// subscription's charges can be known.
    var spent: Decimal?
    var charges: Int
    /// Subscriptions slain in the year, and their monthly cost now saved.
    var slain: [String]
    var slainMonthly: Decimal
    var practice: PracticeYear
    /// Ids of the badges unlocked in the year.
    var badges: [String]

    init(year: Int, data: DataSet, figures: SiteFigures) {
        self.year = year
        let today = figures.today
        saved = SavingsReport.saved(data) { $0.year == year }
        savedByMonth = (1...12).map { month in SavingsReport.saved(data) { $0.year == year && $0.month == month } }
        deposits = data.goals.reduce(0) { $0 + $1.deposits.filter { $0.at.date.year == year }.count }
        goalsReached = figures.savings.entries.filter { $0.progress.reachedOn?.year == year }.map(\.goal.id)
        let start = CalendarDate(year: year, month: 1, day: 1) ?? today
        let end = min(today, CalendarDate(year: year, month: 12, day: 31) ?? today)
        var spent: Decimal?
        var charges = 0
        for item in figures.subscriptions.items {
            guard let paid = item.charges(since: start, through: end, rates: data.rates) else { continue }
            charges += paid.count
            if let amount = paid.spentInBase { spent = (spent ?? 0) + amount }
        }
        self.spent = spent
        self.charges = charges
        let killed = figures.subscriptions.items.filter { $0.killedOn?.year == year }
        slain = killed.map(\.id)
        slainMonthly = killed.reduce(0) { $0 + ($1.monthlyInBase?.exact ?? 0) }
        practice = PracticeYear(data: data, year: year, today: today)
        badges = figures.badges.filter { $0.unlockedOn?.year == year }.map(\.definition.id)
    }
}
