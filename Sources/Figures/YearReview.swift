import Badges
import Basics
import Breathing
import Domain
import Foundation
import Subscriptions

/// A year in review (DESIGN.md §4 `review/`, §5 `review`): what was saved and reached, what the
/// subscriptions cost and what slaying them saves, the practice, the badges — for one calendar
/// year, the current one up to today. Amounts are in the base currency at today's rates.
package struct YearReview: Sendable {
    /// What the subscriptions charged in one month: how many charges, and their cost when every
    /// charge's price and rate is known.
    package struct MonthCharges: Sendable {
        package var count = 0
        package var spent: Decimal?
    }

    /// A price that went up in the year: `before` was in force until `since`.
    package struct PriceRise: Sendable {
        package var item: SubscriptionItem
        package var before: Decimal
        package var now: Decimal
        package var since: CalendarDate
        package var change: Decimal { (now - before) / before }
    }

    package var year: Int
    /// The year's last month that has begun: 12, or today's month in the current year.
    package var lastMonth: Int
    /// Deposits dated in the year; and by month, January first.
    package var saved: Decimal
    package var savedByMonth: [Decimal]
    package var deposits: Int
    /// The goals whose target was reached in the year, in the order reached.
    package var reached: [SavingsReport.Entry]
    /// The charges paid in the year (README "Charges paid") and what they cost; `spent` is nil
    /// when no subscription's charges can be known.
    package var spent: Decimal?
    package var charges: Int
    package var chargesByMonth: [MonthCharges]
    package var priceRises: [PriceRise]
    /// Subscriptions slain in the year, and their monthly cost now saved.
    package var slain: [SubscriptionItem]
    package var slainMonthly: Decimal
    package var practice: PracticeYear
    /// The badges unlocked in the year, in the order unlocked.
    package var badges: [BadgeStatus]

    package var goalsReached: [String] { reached.map(\.goal.id) }

    /// Whether the year holds anything to review: a deposit, a charge, a kill, a session or a
    /// badge.
    package var hasData: Bool {
        deposits > 0 || charges > 0 || !slain.isEmpty || practice.totals.sessions > 0 || !badges.isEmpty
    }

    package init(year: Int, data: DataSet, figures: SiteFigures) {
        self.year = year
        let today = figures.today
        lastMonth = year == today.year ? today.month : 12
        saved = SavingsReport.saved(data) { $0.year == year }
        savedByMonth = SavingsReport.savedByMonth(data, year: year)
        deposits = data.goals.reduce(0) { $0 + $1.deposits.filter { $0.at.date.year == year }.count }
        let end = min(today, CalendarDate(year: year, month: 12, day: 31) ?? today)
        let items = figures.subscriptions.items
        let months = (1...12).map { month -> MonthCharges in
            guard let first = CalendarDate(year: year, month: month, day: 1), first <= end else {
                return MonthCharges()
            }
            return Self.charges(items, from: first, through: min(end, first.adding(months: 1).adding(days: -1)), data)
        }
        chargesByMonth = months
        charges = months.reduce(0) { $0 + $1.count }
        spent = months.compactMap(\.spent).isEmpty ? nil : months.reduce(0) { $0 + ($1.spent ?? 0) }
        priceRises = Self.priceRises(items, in: year, through: end)
        practice = PracticeYear(data: data, year: year, today: today)
        (reached, slain, slainMonthly, badges) = ([], [], 0, [])
        readFigures(figures)
    }

    /// What the review reads off the build's figures as they are — the goals reached, the
    /// subscriptions slain, the badges unlocked in the year —, set again on a review a served site
    /// kept (`all(data:figures:memo:)`).
    private mutating func readFigures(_ figures: SiteFigures) {
        reached = figures.savings.entries.filter { $0.progress.reachedOn?.year == year }
            .sorted { ($0.progress.reachedOn!, $0.goal.id) < ($1.progress.reachedOn!, $1.goal.id) }
        slain = figures.subscriptions.items.filter { $0.killedOn?.year == year }
            .sorted { ($0.killedOn!, $0.id) < ($1.killedOn!, $1.id) }
        slainMonthly = slain.reduce(0) { $0 + ($1.monthlyInBase?.exact ?? 0) }
        badges = figures.badges.filter { $0.unlockedOn?.year == year }
            .sorted { ($0.unlockedOn!, $0.definition.id) < ($1.unlockedOn!, $1.definition.id) }
    }

    /// Every year with something to review, newest first: from the earliest dated entry (a
    /// deposit, a session, a subscription's start, price or kill) to today's year, at most a
    /// century back.
    ///
    /// With `memo` (a served site's), a year whose deposits, subscriptions and practice are those it
    /// was made from is taken as it was, its figures read again: a deposit made today makes only
    /// this year's review again, not every year's (issue 41).
    package static func all(data: DataSet, figures: SiteFigures, memo: Memo? = nil) -> [YearReview] {
        let today = figures.today
        var dates = data.goals.flatMap { $0.deposits.map(\.at.date) } + data.sessions.map(\.at.date)
        for subscription in data.subscriptions {
            dates += [subscription.started, subscription.killed].compactMap { $0 } + subscription.prices.map(\.from)
        }
        let earliest = max(dates.map(\.year).min() ?? today.year, today.year - 100)
        guard earliest <= today.year else { return [] }
        // Each year is its own piece of work, on every core at once, in order again after.
        let years = Array((earliest...today.year).reversed())
        let slots = Slots<YearReview>(count: years.count)
        DispatchQueue.concurrentPerform(iterations: years.count) { index in
            let year = years[index]
            guard let memo else {
                slots[index] = YearReview(year: year, data: data, figures: figures)
                return
            }
            let inputs = Inputs(
                year: year,
                goals: data.goals.map { goal in
                    Inputs.GoalYear(currency: goal.currency, deposits: goal.deposits.filter { $0.at.date.year == year })
                },
                subscriptions: memo.subscriptions, practice: memo.practice)
            var review = memo.shelf.value(at: year, for: inputs) {
                YearReview(year: year, data: data, figures: figures)
            }
            review.readFigures(figures)
            slots[index] = review
        }
        return years.indices.compactMap { slots.take($0) }.filter(\.hasData)
    }

    private static func charges(
        _ items: [SubscriptionItem], from first: CalendarDate, through last: CalendarDate, _ data: DataSet
    ) -> MonthCharges {
        var month = MonthCharges()
        for item in items {
            guard let paid = item.charges(since: first, through: last, rates: data.rates) else { continue }
            month.count += paid.count
            if let amount = paid.spentInBase { month.spent = (month.spent ?? 0) + amount }
        }
        return month
    }

    /// Each step up in a price history that took effect in the year, up to `end`, largest first.
    private static func priceRises(_ items: [SubscriptionItem], in year: Int, through end: CalendarDate)
        -> [PriceRise]
    {
        items.flatMap { item -> [PriceRise] in
            let prices = item.subscription.prices
            return zip(prices, prices.dropFirst()).compactMap { before, after in
                guard after.from.year == year, after.from <= end, after.price > before.price, before.price > 0 else {
                    return nil
                }
                return PriceRise(item: item, before: before.price, now: after.price, since: after.from)
            }
        }
        .sorted { $0.change != $1.change ? $0.change > $1.change : ($0.item.id, $0.since) < ($1.item.id, $1.since) }
    }
}

extension YearReview {
    /// What a year's review is made of, but for what it reads off the figures (`readFigures`):
    /// the year, each goal's currency and its deposits dated in the year, what the subscription
    /// report reads (the rates and today among it) and what the practice report reads.
    package struct Inputs: Equatable, Sendable {
        package struct GoalYear: Equatable, Sendable {
            var currency: Currency
            var deposits: [Deposit]
        }

        var year: Int
        var goals: [GoalYear]
        var subscriptions: SiteFigures.SubscriptionInputs
        var practice: SiteFigures.PracticeInputs
    }

    /// A served site's reviews by year, and this build's inputs that every year's key holds.
    package struct Memo: Sendable {
        let shelf: MemoShelf<Int, Inputs, YearReview>
        let subscriptions: SiteFigures.SubscriptionInputs
        let practice: SiteFigures.PracticeInputs
    }
}
