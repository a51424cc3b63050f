import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `goals/<id>/card.svg` (issue 22, item 6): 400 × 200, the jar, the name and the progress, its
/// own background in the light and the dark scheme, and nothing a name can break.
final class GoalCardTests: XCTestCase {
    func testTheCardHoldsTheJarTheNameAndTheProgressAndReadsInBothSchemes() throws {
        let site = try TestSupport.baseSite()
        let card = try XCTUnwrap(site.text("goals/bike/card.svg"))
        XCTAssertTrue(
            card.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 200\" width=\"400\" height=\"200\""))
        XCTAssertTrue(XMLParser(data: Data(card.utf8)).parse(), "card.svg is well-formed XML")
        // Bike: $110.25 of $500.00 saved.
        XCTAssertTrue(card.contains("<title id=\"card-title\">Bike: $110.25 / $500.00, 22%</title>"), card)
        XCTAssertTrue(card.contains(">Bike</text>"))
        XCTAssertTrue(card.contains(">$110.25</text>"))
        XCTAssertTrue(card.contains(">of $500.00</text>"))
        // The bar: 22.05 % of 220 px.
        XCTAssertTrue(card.contains("<rect class=\"c-fill\" x=\"160\" y=\"138\" width=\"48.5\""), card)
        // The jar as jar.svg draws it, scaled into the left of the card.
        let jar = try XCTUnwrap(site.text("goals/bike/jar.svg"))
        let coins = jar.components(separatedBy: "class=\"f0\"").count - 1
        XCTAssertGreaterThan(coins, 0)
        XCTAssertEqual(card.components(separatedBy: "class=\"f0\"").count - 1, coins, "every coin of jar.svg")
        XCTAssertTrue(card.contains("<svg x=\"20\" y=\"14\" width=\"124\" height=\"172\" viewBox="))
        // Its own background, light and dark, from the theme's tokens.
        XCTAssertTrue(card.contains(".c-bg{fill:#ffffff;stroke:#d8dee4}"), "the light surface")
        XCTAssertTrue(card.contains("@media (prefers-color-scheme:dark){.c-bg{fill:#1d2125;stroke:#333a41}"))
        let page = try XCTUnwrap(site.text("goals/bike/index.html"))
        XCTAssertTrue(
            page.contains(
                "<img class=\"goal-card\" src=\"card.svg\" width=\"400\" height=\"200\" alt=\"Bike: $110.25 / $500.00, 22%\">"
            ))
        XCTAssertTrue(page.contains("<code>![Bike: $110.25 / $500.00, 22%](card.svg)</code>"), "no base_url: relative")
    }

    func testAHostileOrLongNameIsEscapedAndCutToFit() throws {
        let site = try TestSupport.baseSite(files: [
            "goals/evil.toml": """
            name = "</text><script>alert(1)</script> & a name far too long to fit beside the jar"
            mode = "wish"
            target = 10
            created = 2026-01-01

            [[deposit]]
            at = 2026-01-02
            amount = 1

            """
        ])
        let card = try XCTUnwrap(site.text("goals/evil/card.svg"))
        XCTAssertTrue(XMLParser(data: Data(card.utf8)).parse(), "still well-formed")
        XCTAssertFalse(card.contains("<script"))
        XCTAssertTrue(card.contains("&lt;/text&gt;&lt;script&gt;"), "escaped in the title and the name")
        let name = try XCTUnwrap(
            card.range(of: #"<text class="c-name"[^>]*>[^<]*</text>"#, options: .regularExpression))
        XCTAssertTrue(card[name].hasSuffix("…</text>"), "cut with an ellipsis: \(card[name])")
        XCTAssertFalse(card[name].contains("jar"))
    }
}
