import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Short dates on phones (issue 12): every date is one `<time>` written by `partials/date`; in the
/// build's year (today is 2026-11-29) its year is a `.yr` span that the phone media query hides,
/// and a date of another year is written whole. The base fixture's Music renews on 2026-12-10;
/// the tests add a yearly subscription renewing on 2027-02-10.
final class ShortDateTests: XCTestCase {
    private static let nextYear = """
        [[subscription]]
        name = "Domain name"
        price = 12
        currency = "USD"
        cycle = "yearly"
        started = 2025-02-10
        next_billing = 2027-02-10

        """

    private func site(language: String, file: StaticString = #filePath, line: UInt = #line) throws -> SiteFiles {
        try TestSupport.baseSite(
            language: language, files: ["subscriptions/next-year.toml": Self.nextYear], file: file, line: line)
    }

    func testADateInTodaysYearHasItsYearInASpanAndOneOfAnotherYearIsWrittenWhole() throws {
        let cases = [
            (
                "en", #"<time datetime="2026-12-10">10 Dec<span class="yr"> 2026</span></time>"#,
                #"<time datetime="2027-02-10">10 Feb 2027</time>"#
            ),
            (
                "zh-Hans", #"<time datetime="2026-12-10"><span class="yr">2026年</span>12月10日</time>"#,
                #"<time datetime="2027-02-10">2027年2月10日</time>"#
            ),
        ]
        for (language, thisYear, nextYear) in cases {
            let page = try XCTUnwrap(site(language: language).text("subscriptions/index.html"))
            XCTAssertTrue(page.contains(thisYear), "\(language): \(thisYear)")
            XCTAssertTrue(page.contains(nextYear), "\(language): \(nextYear)")
            XCTAssertFalse(page.contains(#"<time datetime="2027-02-10"><span"#), language)
        }
    }

    /// The footer's "updated" date is today, so it is short on a phone too, on every page whose
    /// figures are as of today. A page that reads the same whatever the day (a Markdown page, a
    /// day's quote, the 404 page) has no such date, so a rebuild the next day leaves its bytes.
    func testTheBuildDayIsWrittenByThePartial() throws {
        let site = try site(language: "en")
        let footer = #"Updated <time datetime="2026-11-29">29 Nov<span class="yr"> 2026</span></time>"#
        for path in ["index.html", "goals/bike/index.html", "subscriptions/index.html", "review/2026/index.html"] {
            XCTAssertTrue(try XCTUnwrap(site.text(path)).contains(footer), path)
        }
        for path in ["pages/hello/index.html", "pages/index.html", "quotes/2026-03-01/index.html", "404.html"] {
            let page = try XCTUnwrap(site.text(path))
            XCTAssertFalse(page.contains("Updated"), path)
            // The 404 page stands alone (issue 34): no footer at all.
            XCTAssertTrue(page.contains(#"<footer class="site-footer">"#) || path == "404.html", path)
        }
    }

    /// A `<time>` inside another is invalid HTML: the partial writes the element, so no template
    /// may wrap it in one of its own.
    func testNoTimeElementIsInsideAnother() throws {
        for language in ["en", "zh-Hans"] {
            let site = try site(language: language)
            var checked = 0
            for path in site.paths where path.hasSuffix(".html") {
                let page = try XCTUnwrap(site.text(path))
                var open = false
                for piece in page.components(separatedBy: "<time").dropFirst() {
                    XCTAssertFalse(open, "\(language) \(path): a <time> inside a <time>")
                    open = !piece.contains("</time>")
                    checked += 1
                }
                XCTAssertFalse(open, "\(language) \(path): a <time> left open")
            }
            XCTAssertGreaterThan(checked, 400, language)
        }
    }

    /// `.yr` is hidden under the phone breakpoint (the one that stacks tables) and nowhere else, so
    /// a desktop shows the whole date.
    func testOnlyThePhoneMediaQueryHidesTheYear() throws {
        let css = try XCTUnwrap(site(language: "en").text("style.css"))
        let phone = try XCTUnwrap(
            css.components(separatedBy: "@media (max-width: 30rem){.table-wrap table").dropFirst().first?
                .components(separatedBy: "}}").first)
        XCTAssertTrue(phone.hasSuffix(".yr{display:none"), phone)
        XCTAssertEqual(
            css.components(separatedBy: ".yr").count - 1, 1, "the rule only (the shipped CSS has no comments)")
    }
}
