/// Today's quote: a subject and a predicate chosen by day of year.
///
/// With n = day-of-year − 1 and L = lcm(|S|, |P|): s = n mod |S|, p = (n mod |P| + n div L) mod |P|.
/// Both halves change every day, and every pair appears exactly once in |S|×|P| days — so with
/// |S|×|P| ≥ 366 no quote repeats within a calendar year (the original app's 18×18 = 324 did).
public struct DailyQuote: Sendable, Equatable {
    public var subjectIndex: Int
    public var predicateIndex: Int
    public var text: String

    /// Nil when either list is empty.
    public init?(dayOfYear: Int, subjects: [String], predicates: [String]) {
        guard
            let indices = DailyQuote.indices(
                dayOfYear: dayOfYear, subjects: subjects.count,
                predicates: predicates.count)
        else { return nil }
        subjectIndex = indices.subject
        predicateIndex = indices.predicate
        text = subjects[indices.subject] + predicates[indices.predicate]
    }

    public static func indices(dayOfYear: Int, subjects: Int, predicates: Int) -> (subject: Int, predicate: Int)? {
        guard subjects > 0, predicates > 0, dayOfYear >= 1 else { return nil }
        let n = dayOfYear - 1
        let l = lcm(subjects, predicates)
        return (n % subjects, (n % predicates + n / l) % predicates)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    static func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }
}
