import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder

/// Pauses where the figures are (issue 22, item 1): a goal's page counts the periods paused and
/// lists each pause with its note; the practice calendar hatches a paused day without a session,
/// names the pause in its title and its legend, and the breathing page says the days paused.
final class PausePagesTests: XCTestCase {
    func testAPracticePauseIsHatchedNamedAndCounted() throws {
        // Sessions on Nov 1 and 2 (the base fixture); a cold from Nov 10 to 12, and nothing after.
        let site = try TestSupport.baseSite(appending: [
            "breathing.toml": "\n[[pause]]\nfrom = 2026-11-10\nto = 2026-11-12\nnote = \"a cold\"\n"
        ])
        let page = try XCTUnwrap(site.text("breathing/index.html"))
        // The three days drawn hatched, plus the legend's square, in each calendar drawn.
        let calendars = page.components(separatedBy: "<svg class=\"heatmap\"").count - 1
        XCTAssertGreaterThan(calendars, 0)
        XCTAssertEqual(page.components(separatedBy: "class=\"hatch\"").count - 1, calendars * 4, page)
        XCTAssertTrue(page.contains("<title>11 Nov 2026: paused · a cold</title>"))
        XCTAssertTrue(page.contains(">Paused</text>"), "the legend names the hatching")
        XCTAssertTrue(page.contains("<li><strong>3</strong> days paused</li>"))
        XCTAssertTrue(page.contains("· a cold</span>"), "the pause and its note under the calendar")
        // A day practised inside a pause is drawn as practice, not hatched.
        let practised = try TestSupport.baseSite(appending: [
            "breathing.toml": "\n[[pause]]\nfrom = 2026-11-02\nto = 2026-11-03\n"
        ])
        let other = try XCTUnwrap(practised.text("breathing/index.html"))
        XCTAssertEqual(
            other.components(separatedBy: "class=\"hatch\"").count - 1,
            (other.components(separatedBy: "<svg class=\"heatmap\"").count - 1) * 2, "only Nov 3, and the legend")
        XCTAssertTrue(other.contains("<title>3 Nov 2026: paused</title>"))
    }

    func testAGoalPageCountsThePeriodsPausedAndListsThePause() throws {
        // Bike's monthly plan from Sep 1: October paused, so it is neither kept nor missed.
        let site = try TestSupport.baseSite(appending: [
            "goals/bike.toml": "\n[[pause]]\nfrom = 2026-10-01\nto = 2026-10-31\nnote = \"moving\"\n"
        ])
        let page = try XCTUnwrap(site.text("goals/bike/index.html"))
        XCTAssertTrue(page.contains("<dt>Paused</dt><dd>1 period</dd>"), page)
        XCTAssertTrue(page.contains("· moving</li></ul></dd>"))
        let json = try XCTUnwrap(site.text("data.json"))
        XCTAssertTrue(json.contains("\"paused_periods\": 1"))
    }
}
