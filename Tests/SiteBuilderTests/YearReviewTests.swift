import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder

/// data.json's `review` (DESIGN.md §5): the current year up to today, worked out by hand for the
/// base fixture on 2026-11-29.
final class YearReviewTests: XCTestCase {
    func testTheBaseFixturesYearByHand() throws {
        let site = try TestSupport.baseSite()
        let text = try XCTUnwrap(site.text("data.json"))
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let review = try XCTUnwrap(data["review"] as? [String: Any])
        XCTAssertEqual(review["year"] as? Int, 2026)
        // Bike: 50 on Sep 1 and 60.25 on Oct 1, in dollars, the site currency.
        XCTAssertEqual(review["saved"] as? String, "110.25")
        XCTAssertEqual(review["deposits"] as? Int, 2)
        XCTAssertEqual(review["goals_reached"] as? [String], [])
        // Music: €9.99 a month billed on the 10th from Jan 10 (started) to Nov 10 (Dec 10 is the
        // next billing): 11 charges, €109.89 × 1.08 = $118.6812.
        XCTAssertEqual(review["charges"] as? Int, 11)
        XCTAssertEqual(review["spent"] as? String, "118.68")
        XCTAssertEqual(review["slain"] as? Int, 0)
        XCTAssertEqual(review["slain_monthly"] as? String, "0.00")
        // Box × 4 cycles of 16 s and 3 minutes of calm: 244 s, 4.07 minutes, on Nov 1 and 2.
        XCTAssertEqual(review["sessions"] as? Int, 2)
        XCTAssertEqual(review["minutes"] as? Double, 4.07)
        XCTAssertEqual(review["longest_streak"] as? Int, 2)
        XCTAssertEqual(review["badges"] as? [String], ["first_coin", "first_breath"])
        // A slay this year: the subscription's monthly cost is saved; its charges up to the kill count.
        let slain = try TestSupport.baseSite(appending: ["subscriptions/main.toml": "killed = 2026-06-20\n"])
        let after = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(slain.text("data.json")).utf8)) as? [String: Any])
        let year = try XCTUnwrap(after["review"] as? [String: Any])
        XCTAssertEqual(year["slain"] as? Int, 1)
        XCTAssertEqual(year["slain_monthly"] as? String, "10.79", "€9.99 × 1.08 = $10.7892")
        XCTAssertEqual(year["charges"] as? Int, 6, "Jan 10 … Jun 10")
    }
}
