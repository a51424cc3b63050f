import Foundation
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// DESIGN.md §4: the navigation lists sections, never every Markdown page, so a page's size does not
/// grow with the number of pages; `pages/` lists them instead.
final class NavigationTests: XCTestCase {
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
    private func build(extraPages extra: Int) throws -> [String: Data] {
        let pages = extraPages(extra)
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.dataFiles = DataFolder(files: pages, display: "data")
            .overlaid(on: DataFolder(path: TestSupport.sampleContent.path))
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public-\(extra)")
        options.output = output.path
        options.cache = TestSupport.isolatedCache.appendingPathComponent("navigation").path
        options.today = SampleSiteTests.today
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
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

    func testASiteWithoutPagesHasNoPagesEntry() throws {
        var options = BuildOptions()
        let data = TestSupport.temporaryFolder(self).appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.sampleContent, onto: data)
        try FileManager.default.removeItem(at: data.appendingPathComponent("pages"))
        options.data = data.path
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        options.output = output.path
        options.cache = TestSupport.isolatedCache.appendingPathComponent("navigation").path
        options.today = SampleSiteTests.today
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        let site = TestSupport.snapshot(output)
        XCTAssertNil(site["pages/index.html"])
        let dashboard = String(decoding: try XCTUnwrap(site["index.html"]), as: UTF8.self)
        XCTAssertFalse(dashboard.contains("href=\"pages/\""))
    }
}
