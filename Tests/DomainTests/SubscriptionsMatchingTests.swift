import Domain
import XCTest

/// Fuzzy matching of names against a small catalogue (the shipped one is evaluated in
/// SiteDataTests/CatalogTests).
final class SubscriptionsMatchingTests: XCTestCase {
    private let catalog = SubscriptionFixture.catalog

    private func id(_ name: String) -> String? { catalog.match(name)?.entry.id }

    func testCaseAccentsSpacesAndPunctuationDoNotMatter() {
        for name in ["Netflix", "NETFLIX", "net flix", "Net-Flix!", "Nétflix", "ＮＥＴＦＬＩＸ"] {
            XCTAssertEqual(id(name), "netflix", name)
            XCTAssertEqual(catalog.match(name)?.score, 1, name)
        }
        XCTAssertEqual(id("Disney+"), "disney-plus")
        XCTAssertEqual(id("disney plus"), "disney-plus")
        XCTAssertEqual(catalog.match("disney plus")?.kind, .exact)
    }

    func testTyposPrefixesAndExtraWords() {
        XCTAssertEqual(catalog.match("netflx")?.kind, .typo)
        XCTAssertEqual(catalog.match("netflx")!.score, 0.85, accuracy: 1e-9)
        XCTAssertEqual(id("dinsey plus"), "disney-plus", "a swap of neighbours is one typo")
        XCTAssertEqual(catalog.match("netf")?.kind, .prefix)
        XCTAssertEqual(id("Netflix Premium 4K"), "netflix")
        XCTAssertEqual(id("my Netflix"), "netflix")
        XCTAssertEqual(catalog.match("my Netflix")?.kind, .contains)
        XCTAssertEqual(id("Keep 会员"), "keep")
        XCTAssertNil(id("Keeper"), "a name must end where a word ends")
        XCTAssertNil(id("housekeeping"))
    }

    func testChineseNamesAndAliases() {
        XCTAssertEqual(id("爱奇艺"), "iqiyi")
        XCTAssertEqual(id("爱奇艺黄金会员"), "iqiyi")
        XCTAssertEqual(id("奈飞"), "netflix")
        XCTAssertEqual(id("网飞"), "netflix")
    }

    func testWeakOrAmbiguousMatchesAreRefused() {
        XCTAssertNil(id("Apple"), "Apple Music, Apple TV+ or Apple One")
        let candidates = catalog.candidates(for: "Apple").map(\.entry.id)
        XCTAssertEqual(Set(candidates.prefix(3)), ["apple-music", "apple-tv-plus", "apple-one"])
        XCTAssertNil(id("gym"))
        XCTAssertNil(id("rent"))
        XCTAssertNil(id("Netherlands"))
        XCTAssertNil(id("net"))
        XCTAssertNil(id(""))
        XCTAssertNil(id("！？"))
    }

    func testPinsAndDisabledMatching() {
        typealias F = SubscriptionFixture
        XCTAssertEqual(catalog.match(for: F.sub("whatever", catalog: .entry("keep")))?.kind, .pinned)
        XCTAssertNil(catalog.match(for: F.sub("Netflix", catalog: .disabled)))
        XCTAssertNil(catalog.match(for: F.sub("Netflix", catalog: .entry("missing"))))
    }

    func testDataEntriesReplaceShippedOnesWithTheSameID() {
        let own = SubscriptionCatalog(entries: [
            CatalogEntry(id: "netflix", names: [.en: "Netflix"], category: "family"),
            CatalogEntry(id: "gym-club", names: [.en: "Gym Club"], category: "fitness"),
        ])
        let merged = catalog.overlaid(by: own)
        XCTAssertEqual(merged["netflix"]?.category, "family")
        XCTAssertEqual(merged.entries.count, catalog.entries.count + 1)
        XCTAssertEqual(merged.match("gym club")?.entry.id, "gym-club")
        XCTAssertEqual(merged.entries.map(\.id), merged.entries.map(\.id).sorted())
    }
}
