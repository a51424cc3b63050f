import Domain
import Jar

/// The engines' results for one build: computed once, then read by every page and `data.json`.
struct SiteFigures: Sendable {
    let today: CalendarDate
    let savings: SavingsReport
    let badges: [BadgeStatus]
    let breathing: BreathingReport
    let subscriptions: SubscriptionReport
    /// Goal id → its coin jar (simulated once per build, whatever the number of languages).
    let jars: [String: JarArtwork]
    /// The lists today's quote comes from: the data folder's own, else the theme's.
    let quoteLists: QuoteLists?
    let quote: DailyQuote?

    init(data: DataSet, theme: Theme, today: CalendarDate, jars: [String: JarArtwork] = [:]) {
        self.today = today
        self.jars = jars
        savings = SavingsReport(data: data, today: today)
        badges = BadgeBoard.evaluate(data, today: today)
        breathing = BreathingReport(data: data, today: today)
        subscriptions = SubscriptionReport(data: data, today: today)
        let language = data.site.language
        quoteLists = data.quotes[language] ?? theme.quotes[language]
        quote = quoteLists?.quote(dayOfYear: today.dayOfYear)
    }
}
