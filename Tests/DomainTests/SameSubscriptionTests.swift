import Domain
import XCTest

/// Issue 39: "Spotify Premium" on a statement was taken as the "Spotify Family" already tracked,
/// because both are the catalogue's Spotify. Two plans of one brand are two subscriptions.
final class SameSubscriptionTests: XCTestCase {
    func testTheWordsOfANameAsMatchingSplitsThem() {
        XCTAssertEqual(NameWords.significant("NETFLIX.COM CA"), ["netflix", "ca"])
        XCTAssertEqual(NameWords.significant("Spotify Premium-Family"), ["spotify", "premium", "family"])
        XCTAssertEqual(NameWords.significant("Disney+"), ["disney", "plus"])
        XCTAssertEqual(NameWords.significant(""), [])
    }

    func testTwoPlansOfOneBrandAreNotTheSame() {
        let same = { (one: String, other: String, entry: Bool) in
            NameWords.sameSubscription(one, other, sameCatalogEntry: entry)
        }
        // The reported case, with and without the catalogue's word for both.
        XCTAssertFalse(same("Spotify Premium", "Spotify Family", true))
        XCTAssertFalse(same("Spotify Premium", "Spotify Family", false))
        XCTAssertFalse(same("Netflix Standard", "Netflix Premium", true))
        // One's words all among the other's: the same.
        XCTAssertTrue(same("Spotify", "Spotify Family", false))
        XCTAssertTrue(same("Spotify Family", "Spotify Premium Family", false))
        XCTAssertTrue(same("NETFLIX.COM", "Netflix", false))
        XCTAssertTrue(same("Ironworks gym, weekly", "IRONWORKS GYM WEEKLY", false))
        // The same catalogue entry, and no two plans named: the same ("Spotify USA" on a statement
        // is the "Spotify Premium" tracked; "YT Premium" is "YouTube Premium").
        XCTAssertTrue(same("Spotify USA", "Spotify Premium", true))
        XCTAssertTrue(same("YT Premium", "YouTube Premium", true))
        XCTAssertFalse(same("Spotify USA", "Spotify Premium", false), "without the catalogue, other words")
        // Nothing in common and no catalogue entry: not the same; nor an empty name.
        XCTAssertFalse(same("Hulu", "Netflix", false))
        XCTAssertFalse(same("", "Netflix", true))
        // The rule is symmetric.
        for (one, other) in [("Spotify Premium", "Spotify Family"), ("Spotify", "Spotify Family"), ("A B", "B C")] {
            for entry in [false, true] {
                XCTAssertEqual(same(one, other, entry), same(other, one, entry), "\(one) / \(other)")
            }
        }
    }
}
