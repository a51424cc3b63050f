import Badges
import Basics
import Breathing
import Dispatch
import Domain
import Subscriptions

/// The engines' results for one build: computed once for every language, then read by every page
/// and `data.json`. Only the daily quote depends on the language (`localized(_:)`).
package struct SiteFigures: Sendable {
    package let today: CalendarDate
    package let savings: SavingsReport
    package let badges: [BadgeStatus]
    package let breathing: BreathingReport
    package let subscriptions: SubscriptionReport
    /// Goal id → when it would be reached with the slain subscriptions' savings added.
    package let projectedWithSlain: [String: CalendarDate]
    /// The lists today's quote comes from in the language being rendered: the data folder's own,
    /// else the theme's.
    /// Every year with something to review, newest first (`YearReview.all`): the review pages
    /// of every language and data.json read these, computed once.
    package private(set) var reviews: [YearReview] = []
    package private(set) var quoteLists: QuoteLists?
    package private(set) var quote: DailyQuote?
    private let quoteBooks: [SiteSettings.Language: QuoteLists]

    /// - Parameters:
    ///   - badgeMemo: a served site's last badge replay, which goes on from the events it took in.
    ///   - subscriptionMemo, practiceMemo: a served site's last reports: those whose inputs did
    ///     not change (the subscriptions' after a deposit, the practice's after a slay) are not
    ///     computed again. The cells are `ServeMemo`'s (`SiteFigures(…, memo:)`).
    ///   - reviewMemo: a served site's year reviews: a past year's is not made again after a
    ///     deposit today (`YearReview.all(data:figures:memo:)`).
    package init(
        data: DataSet, themeQuotes: [SiteSettings.Language: QuoteLists], today: CalendarDate,
        badgeMemo: BadgeBoard.Memo? = nil, subscriptionMemo: MemoCell<SubscriptionInputs, SubscriptionReport>? = nil,
        practiceMemo: MemoCell<PracticeInputs, BreathingReport>? = nil,
        reviewMemo: MemoShelf<Int, YearReview.Inputs, YearReview>? = nil
    ) {
        self.today = today
        // The badges' replay and the savings report need nothing of each other: one core each.
        let replay = Slots<[BadgeStatus]>(count: 1)
        let report = Slots<SavingsReport>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                replay[0] = BadgeBoard.evaluate(data, today: today, memo: badgeMemo)
            } else {
                report[0] = SavingsReport(data: data, today: today)
            }
        }
        let badges = replay.take(0) ?? []
        let savings = report.take(0) ?? SavingsReport(data: data, today: today)
        let subscriptionInputs = SubscriptionInputs(
            subscriptions: data.subscriptions, catalog: data.catalog, rates: data.rates, today: today)
        let subscriptions =
            subscriptionMemo?.value(for: subscriptionInputs) { SubscriptionReport(data: data, today: today) }
            ?? SubscriptionReport(data: data, today: today)
        self.savings = savings
        self.subscriptions = subscriptions
        self.badges = badges
        var practice = data
        (practice.goals, practice.subscriptions, practice.quotes) = ([], [], [:])
        let practiceInputs = PracticeInputs(data: practice, today: today)
        breathing =
            practiceMemo?.value(for: practiceInputs) { BreathingReport(data: data, today: today) }
            ?? BreathingReport(data: data, today: today)
        projectedWithSlain = SlainSavingsAtWork.projections(
            savings, monthlySavings: subscriptions.slain.monthlySavings.exact, rates: data.rates, today: today)
        quoteBooks = themeQuotes.merging(data.quotes) { _, own in own }
        quoteLists = quoteBooks[data.site.language]
        quote = quoteLists?.quote(dayOfYear: today.dayOfYear)
        reviews = YearReview.all(
            data: data, figures: self,
            memo: reviewMemo.map { .init(shelf: $0, subscriptions: subscriptionInputs, practice: practiceInputs) })
    }

    /// What the subscription report reads.
    package struct SubscriptionInputs: Equatable, Sendable {
        var subscriptions: [Subscription]
        var catalog: SubscriptionCatalog
        var rates: ExchangeRates
        var today: CalendarDate
    }

    /// What the practice report reads: the data without goals, subscriptions or quotes.
    package struct PracticeInputs: Equatable, Sendable {
        var data: DataSet
        var today: CalendarDate
    }

    /// The same figures with the daily quote of `language`.
    package func localized(_ language: SiteSettings.Language) -> SiteFigures {
        var copy = self
        copy.quoteLists = quoteBooks[language]
        copy.quote = copy.quoteLists?.quote(dayOfYear: today.dayOfYear)
        return copy
    }
}
