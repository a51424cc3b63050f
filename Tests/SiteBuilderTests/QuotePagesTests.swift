import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Issue 25: `quotes/` is today's quote and the 30 days before it, newest first by month, never
/// a day still to come; a day's page sets its quote large with the days around it as buttons,
/// and every day of the year keeps its page. The base fixture is built for 2026-11-29.
final class QuotePagesTests: XCTestCase {
    private func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    func testTheListHoldsTheThirtyDaysBeforeTodayNewestFirstByMonth() throws {
        let site = try TestSupport.baseSite()
        let page = try XCTUnwrap(site.text("quotes/index.html"))
        XCTAssertEqual(count(page, #"<li><a class="row" href="2026-"#), 30)
        let newest = try XCTUnwrap(page.range(of: #"href="2026-11-28/""#)).lowerBound
        let oldest = try XCTUnwrap(page.range(of: #"href="2026-10-30/""#)).lowerBound
        XCTAssertLessThan(newest, oldest, "newest first")
        XCTAssertFalse(page.contains(#"href="2026-10-29/""#), "30 days only")
        XCTAssertFalse(page.contains(#"href="2026-11-30/""#), "no day still to come")
        let november = try XCTUnwrap(page.range(of: #"<h3><time datetime="2026-11">Nov 2026</time></h3>"#))
        let october = try XCTUnwrap(page.range(of: #"<h3><time datetime="2026-10">Oct 2026</time></h3>"#))
        XCTAssertLessThan(november.lowerBound, october.lowerBound)
        XCTAssertTrue(page.contains(#"<figure class="quote quote-large">"#), "today's quote, large")
        XCTAssertEqual(site.paths.filter { $0.hasPrefix("quotes/2026-") }.count, 365, "every day keeps its page")
    }

    func testADaysPageHasTheDaysAroundItAsButtonsAndTodayLeadsNoFurther() throws {
        let site = try TestSupport.baseSite()
        let yesterday = try XCTUnwrap(site.text("quotes/2026-11-28/index.html"))
        XCTAssertTrue(yesterday.contains(#"<a class="day-button" rel="prev" href="../2026-11-27/">← "#), yesterday)
        XCTAssertTrue(yesterday.contains(#"<a class="day-button day-next" rel="next" href="../2026-11-29/">"#))
        let today = try XCTUnwrap(site.text("quotes/2026-11-29/index.html"))
        XCTAssertTrue(today.contains(#"rel="prev" href="../2026-11-28/""#))
        XCTAssertFalse(today.contains(#"rel="next""#), "today does not lead into tomorrow")
        let first = try XCTUnwrap(site.text("quotes/2026-01-01/index.html"))
        XCTAssertFalse(first.contains(#"rel="prev""#), "nothing before the year's first day")
        let later = try XCTUnwrap(site.text("quotes/2026-12-10/index.html"))
        XCTAssertTrue(later.contains(#"rel="next" href="../2026-12-11/""#), "a later day's page still has its next")
    }

    /// Early in January the list holds only the days of this year, whose pages exist.
    func testEarlyInTheYearOnlyThisYearsDaysAreListed() throws {
        var options = BuildOptions()
        options.dataFiles = DataFolder(
            files: TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) },
            display: "data")
        options.cacheFiles = DataFolder(files: [:], display: "cache")
        options.today = CalendarDate(iso: "2027-01-04")
        let (report, built) = SiteBuild(options: options).check()
        let page = try XCTUnwrap(built?.text("quotes/index.html"), "\(report.diagnostics)")
        XCTAssertEqual(count(page, #"<li><a class="row" href="2027-"#), 3)
        XCTAssertFalse(page.contains("2026-12-31"))
    }
}
