import Domain
import XCTest

/// s = n mod |S|, p = (n mod |P| + n div L) mod |P| with n = day − 1 and L = lcm(|S|, |P|).
final class DailyQuoteTests: XCTestCase {
    private func pair(_ day: Int, _ s: Int, _ p: Int) -> [Int] {
        let i = DailyQuote.indices(dayOfYear: day, subjects: s, predicates: p)!
        return [i.subject, i.predicate]
    }

    func testTheOriginalEighteenByEighteen() {
        // L = 18: the predicate shifts by one every 18 days.
        XCTAssertEqual(pair(1, 18, 18), [0, 0])
        XCTAssertEqual(pair(19, 18, 18), [0, 1])
        XCTAssertEqual(pair(324, 18, 18), [17, 16], "n = 323 = 17×18 + 17: s 17, p (17 + 17) mod 18")
        XCTAssertEqual(pair(325, 18, 18), [0, 0], "the original app's lists run out after day 324")
    }

    func testCoprimeSizes() {
        // 19 × 20, L = 380: within a year n div L is 0.
        XCTAssertEqual(pair(1, 19, 20), [0, 0])
        XCTAssertEqual(pair(324, 19, 20), [323 % 19, 323 % 20])
        XCTAssertEqual(pair(325, 19, 20), [1, 4])
        XCTAssertEqual(pair(366, 19, 20), [365 % 19, 365 % 20])
    }

    func testEqualSizes() {
        // 20 × 20, L = 20: day 366 is n = 365 = 18×20 + 5: s 5, p (5 + 18) mod 20 = 3.
        XCTAssertEqual(pair(366, 20, 20), [5, 3])
        XCTAssertEqual(pair(21, 20, 20), [0, 1])
    }

    func testEveryPairOnceAndBothHalvesChangeDaily() {
        for (s, p) in [(18, 18), (19, 20), (20, 20), (18, 24), (21, 18)] {
            var seen = Set<[Int]>()
            var previous: [Int]?
            for day in 1...(s * p) {
                let current = pair(day, s, p)
                XCTAssertTrue(seen.insert(current).inserted, "\(s)×\(p): day \(day) repeats \(current)")
                if let previous {
                    XCTAssertNotEqual(previous[0], current[0], "\(s)×\(p): subject stayed on day \(day)")
                    XCTAssertNotEqual(previous[1], current[1], "\(s)×\(p): predicate stayed on day \(day)")
                }
                previous = current
            }
            XCTAssertEqual(seen.count, s * p)
        }
    }

    func testQuoteTextIsSubjectThenPredicate() {
        let quote = DailyQuote(dayOfYear: 2, subjects: ["A", "B"], predicates: [" x.", " y.", " z."])
        XCTAssertEqual(quote?.text, "B y.")
        XCTAssertNil(DailyQuote(dayOfYear: 1, subjects: [], predicates: ["x"]))
    }
}
