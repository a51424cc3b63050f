import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// A plan's deposit whose day has passed shows as overdue, with the days, wherever the goal does.
/// The base fixture's bike plan is monthly from Sep 1 with deposits on Sep 1 and Oct 1, so the
/// deposit of the period that began Nov 1 is the next one due.
final class GoalOverdueTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(today: String, language: String = "en", file: StaticString = #filePath, line: UInt = #line) throws
        -> SiteFiles
    {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        let siteToml = try XCTUnwrap(
            files["site.toml"].map { String(decoding: $0, as: UTF8.self) }, file: file, line: line)
        files["site.toml"] = Array(
            siteToml.replacingOccurrences(of: "language = \"en\"", with: "language = \"\(language)\"").utf8)
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cache = TestSupport.temporaryFolder(self, file: file, line: line).path
        options.today = CalendarDate(iso: today)
        let (report, site) = SiteBuild(options: options).check()
        return try XCTUnwrap(site, "\(report.diagnostics)", file: file, line: line)
    }

    /// Nov 1 → Nov 29 is 28 days.
    func testAnOverdueDepositShowsItsDaysOnTheGoalPageTheCardsAndDataJSON() throws {
        let site = try site(today: "2026-11-29")
        let mark = #"<strong class="overdue">overdue by 28 days</strong>"#
        for page in ["goals/bike/index.html", "goals/index.html", "index.html"] {
            XCTAssertTrue(try XCTUnwrap(site.text(page)).contains(mark), page)
        }
        let json = try XCTUnwrap(site.text("data.json"))
        XCTAssertTrue(json.contains(#""next_due": "2026-11-01",\#n        "overdue_days": 28,"#), json)
    }

    func testDueTodayIsNotOverdueAndTheNextDayIsOneDay() throws {
        let dueToday = try site(today: "2026-11-01")
        XCTAssertFalse(try XCTUnwrap(dueToday.text("goals/bike/index.html")).contains("overdue"))
        XCTAssertTrue(try XCTUnwrap(dueToday.text("data.json")).contains(#""overdue_days": 0,"#))
        let nextDay = try site(today: "2026-11-02")
        XCTAssertTrue(
            try XCTUnwrap(nextDay.text("goals/bike/index.html")).contains(
                #"<strong class="overdue">overdue by 1 day</strong>"#))
    }

    func testChineseWording() throws {
        let site = try site(today: "2026-11-29", language: "zh-Hans")
        XCTAssertTrue(
            try XCTUnwrap(site.text("goals/bike/index.html")).contains(#"<strong class="overdue">已逾期 28 天</strong>"#))
    }

    /// The style is the theme's: a design token, no raw colour.
    func testTheOverdueStyleUsesADesignToken() throws {
        let css = try XCTUnwrap(try site(today: "2026-11-29").text("style.css"))
        let rule = try XCTUnwrap(css.split(separator: "}").first { $0.hasPrefix(".overdue{") })
        XCTAssertTrue(rule.contains("var(--color-danger)"), String(rule))
    }
}
