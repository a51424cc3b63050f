import Foundation

/// A savings goal from `goals/<id>.toml`.
public struct Goal: Sendable, Hashable, Identifiable {
    public enum Mode: String, Sendable, CaseIterable {
        /// A target amount to reach ("headphones").
        case wish
        /// A fixed amount every period, dollar-cost averaging, with a compound curve.
        case free
    }

    public var id: String
    public var name: String
    public var mode: Mode
    public var currency: Currency
    /// Wish goals only; > 0.
    public var target: Decimal?
    public var created: CalendarDate?
    public var icon: String?
    /// Markdown, rendered safely.
    public var note: String?
    public var plan: SavingsPlan?
    /// In the order written in the file.
    public var deposits: [Deposit]
    /// `[[pause]]`s, sorted by `from`, never overlapping: the plan rests in them.
    public var pauses: [Pause]
    /// `people`: whose goal it is (`[[person]]` ids); nil is everyone's.
    public var people: [String]?

    public init(
        id: String, name: String, mode: Mode, currency: Currency, target: Decimal?,
        created: CalendarDate?, icon: String?, note: String?, plan: SavingsPlan?, deposits: [Deposit],
        pauses: [Pause] = []
    ) {
        self.id = id
        self.name = name
        self.mode = mode
        self.currency = currency
        self.target = target
        self.created = created
        self.icon = icon
        self.note = note
        self.plan = plan
        self.deposits = deposits
        self.pauses = pauses
    }
}

/// The `[plan]` of a goal: how much, how often, from when.
public struct SavingsPlan: Sendable, Hashable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily, weekly, biweekly, monthly
    }

    public var amount: Decimal
    public var frequency: Frequency
    public var start: CalendarDate
    /// Wish: planned number of periods.
    public var periods: Int?
    /// Free: expected yearly return for the compound curve.
    public var annualRate: Decimal?
    /// Free: length of the projected curve.
    public var horizonYears: Int

    public init(
        amount: Decimal, frequency: Frequency, start: CalendarDate, periods: Int?,
        annualRate: Decimal?, horizonYears: Int
    ) {
        self.amount = amount
        self.frequency = frequency
        self.start = start
        self.periods = periods
        self.annualRate = annualRate
        self.horizonYears = horizonYears
    }
}

/// One `[[deposit]]`: money put into a goal at a moment.
public struct Deposit: Sendable, Hashable {
    public var at: EventTime
    public var amount: Decimal
    public var note: String?
    /// `by`: who put it in (a `[[person]]` id); nil is the household's alone.
    public var by: String?

    public init(at: EventTime, amount: Decimal, note: String?, by: String? = nil) {
        self.at = at
        self.amount = amount
        self.note = note
        self.by = by
    }
}
