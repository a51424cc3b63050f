/// Everything a data folder holds, validated and typed: the input of every engine.
public struct DataSet: Sendable, Equatable {
    public var site: SiteSettings
    /// Sorted by id.
    public var goals: [Goal]
    /// In file order (files sorted by name).
    public var subscriptions: [Subscription]
    /// Sorted by time.
    public var sessions: [PracticeSession]
    /// Built-in patterns first, then custom ones.
    public var patterns: [BreathingPattern]
    /// Built-in programs first, then custom ones.
    public var programs: [BreathingProgram]
    public var enrollments: [Enrollment]
    public var rates: ExchangeRates
    /// `quotes.toml` of the data folder, by language; empty when there is none.
    public var quotes: [SiteSettings.Language: QuoteLists]
    /// The subscription catalogue: the data folder's `catalog.toml` entries, overlaid on the
    /// shipped catalogue once the theme is loaded.
    public var catalog: SubscriptionCatalog
    /// breathing.toml's `[[pause]]`s, sorted, never overlapping: days off the practice.
    public var practicePauses: [Pause]

    public init(
        site: SiteSettings, goals: [Goal], subscriptions: [Subscription], sessions: [PracticeSession],
        patterns: [BreathingPattern], programs: [BreathingProgram], enrollments: [Enrollment],
        rates: ExchangeRates, quotes: [SiteSettings.Language: QuoteLists] = [:],
        catalog: SubscriptionCatalog = SubscriptionCatalog(), practicePauses: [Pause] = []
    ) {
        self.site = site
        self.goals = goals
        self.subscriptions = subscriptions
        self.sessions = sessions
        self.patterns = patterns
        self.programs = programs
        self.enrollments = enrollments
        self.rates = rates
        self.quotes = quotes
        self.catalog = catalog
        self.practicePauses = practicePauses
    }
}
