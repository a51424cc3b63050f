/// The halves daily quotes are made of, for one language.
public struct QuoteLists: Sendable, Equatable {
    public var subjects: [String]
    public var predicates: [String]

    public init(subjects: [String], predicates: [String]) {
        self.subjects = subjects
        self.predicates = predicates
    }

    /// Different quotes the lists can make; below 366 some repeat within a year.
    public var combinations: Int { subjects.count * predicates.count }

    public func quote(dayOfYear: Int) -> DailyQuote? {
        DailyQuote(dayOfYear: dayOfYear, subjects: subjects, predicates: predicates)
    }
}
