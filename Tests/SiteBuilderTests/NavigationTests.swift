import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// DESIGN.md §4: the navigation lists sections, never every Markdown page, so a page's size does not
/// grow with the number of pages; `pages/` lists them instead.
final class NavigationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// `extra` small Markdown pages, by path in the data folder.
    private func extraPages(_ extra: Int) -> [String: [UInt8]] {
        var pages: [String: [UInt8]] = [:]
        for index in 0..<extra {
            let day = String(format: "%02d", index % 28 + 1)
            pages["pages/extra-\(index).md"] = Array(
                "+++\ntitle = \"Extra \(index)\"\ndate = 2026-10-\(day)\n+++\nText.\n".utf8)
        }
        return pages
    }

    /// The sample data folder with `extra` more Markdown pages laid over it, built into a new folder.
    private func build(
        extraPages extra: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: Data] {
        let pages = extraPages(extra)
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.dataFiles = DataFolder(files: pages, display: "data")
            .overlaid(on: DataFolder(path: TestSupport.sampleContent.path))
        let output = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("public-\(extra)")
        options.output = output.path
        options.cache = TestIsolation.cacheHome.appendingPathComponent("navigation").path
        options.today = SampleSiteTests.today
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return TestSupport.snapshot(output)
    }

    func testPagesDoNotGrowWithTheNumberOfMarkdownPages() throws {
        let few = try build(extraPages: 0)
        let many = try build(extraPages: 40)
        let pages = extraPages(40)
        for path in ["index.html", "goals/index.html", "badges/index.html", "pages/about/index.html"] {
            XCTAssertNotNil(few[path], path)
            XCTAssertEqual(few[path], many[path], "\(path) changed when 40 pages were added")
        }
        XCTAssertEqual(many.keys.filter { $0.hasPrefix("pages/extra-") }.count, 40)
        // Issue 12: a page is no larger than twice its Markdown plus a constant (the layout).
        for index in 0..<40 {
            let markdown = try XCTUnwrap(pages["pages/extra-\(index).md"]).count
            let html = try XCTUnwrap(many["pages/extra-\(index)/index.html"]).count
            XCTAssertLessThanOrEqual(html, 2 * markdown + 4096, "pages/extra-\(index)/index.html")
        }
    }

    func testThePagesIndexListsEveryPageNewestFirstAndTheNavigationLinksIt() throws {
        let site = try build(extraPages: 3)
        let index = String(decoding: try XCTUnwrap(site["pages/index.html"]), as: UTF8.self)
        let order = ["how-i-save/", "extra-2/", "extra-1/", "extra-0/", "about/"].map { slug in
            index.range(of: "<a href=\"\(slug)\"")?.lowerBound
        }
        XCTAssertFalse(order.contains(nil), "every page is listed: \(order)")
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "newest first")

        let page = String(decoding: try XCTUnwrap(site["pages/extra-1/index.html"]), as: UTF8.self)
        XCTAssertTrue(page.contains("<a href=\"../../pages/\" aria-current=\"page\">"), "a page marks Pages as current")
        XCTAssertFalse(page.contains("href=\"../../pages/extra-0/\""), "no page links every other page")
        let dashboard = String(decoding: try XCTUnwrap(site["index.html"]), as: UTF8.self)
        XCTAssertTrue(dashboard.contains("<a href=\"pages/\">"), "the dashboard's navigation links the index")
    }

    /// Issue 25: a phone's tab bar holds the daily sections, each with its icon's class; the
    /// others are under "More", which is marked when the page is one of them.
    func testAPhoneHasATabBarOfTheDailySectionsAndTheRestUnderMore() throws {
        let site = try build(extraPages: 0)
        let badges = String(decoding: try XCTUnwrap(site["badges/index.html"]), as: UTF8.self)
        let tabbar = try XCTUnwrap(badges.components(separatedBy: "<nav class=\"tabbar\"").dropFirst().first)
            .components(separatedBy: "</nav>")[0]
        let tabs = tabbar.components(separatedBy: "class=\"tab tab-").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        XCTAssertEqual(tabs, ["home", "goals", "subscriptions", "breathing"])
        let more = try XCTUnwrap(badges.components(separatedBy: "<details class=\"more-nav\">").dropFirst().first)
            .components(separatedBy: "</details>")[0]
        XCTAssertTrue(more.contains("<summary class=\"more-button more-current\">"), more)
        for path in ["../badges/", "../quotes/", "../pages/"] {
            XCTAssertTrue(more.contains("<a href=\"\(path)\""), path)
        }
        XCTAssertTrue(more.contains("<a href=\"../badges/\" aria-current=\"page\">"), more)
        let goals = String(decoding: try XCTUnwrap(site["goals/index.html"]), as: UTF8.self)
        XCTAssertTrue(goals.contains("<a class=\"tab tab-goals\" href=\"../goals/\" aria-current=\"page\">"))
        XCTAssertTrue(goals.contains("<summary class=\"more-button\">"), "More is not marked on a tab's page")
    }

    func testASiteWithoutPagesHasNoPagesEntry() throws {
        var options = BuildOptions()
        let data = TestSupport.temporaryFolder(self).appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.sampleContent, onto: data)
        try FileManager.default.removeItem(at: data.appendingPathComponent("pages"))
        options.data = data.path
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        options.output = output.path
        options.cache = TestIsolation.cacheHome.appendingPathComponent("navigation").path
        options.today = SampleSiteTests.today
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        let site = TestSupport.snapshot(output)
        XCTAssertNil(site["pages/index.html"])
        let dashboard = String(decoding: try XCTUnwrap(site["index.html"]), as: UTF8.self)
        XCTAssertFalse(dashboard.contains("href=\"pages/\""))
    }
}
