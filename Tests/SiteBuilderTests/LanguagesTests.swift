import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// `languages = [...]` builds every language under its own folder with a switcher.
final class LanguagesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func build(site: String, file: StaticString = #filePath, line: UInt = #line) throws -> (
        BuildReport, [String: Data], URL
    ) {
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        try site.write(to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        return (report, TestSupport.snapshot(work.appendingPathComponent("public")), data)
    }

    func testTwoLanguagesEachInTheirFolderWithASwitcher() throws {
        let (report, site, _) = try build(
            site: """
                title = "Both"
                languages = ["zh-Hans", "en"]
                currency = "USD"
                base_url = "https://example.org/me/"
                """)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        for path in [
            "index.html", "404.html", "robots.txt", "sitemap.xml", "zh-hans/index.html", "en/index.html",
            "en/goals/bike/index.html", "zh-hans/data.json", "en/feed.xml", "en/style.css",
        ] {
            XCTAssertNotNil(site[path], path)
        }
        let top = String(decoding: site["index.html"]!, as: UTF8.self)
        XCTAssertTrue(top.contains("url=zh-hans/"), "the first language is the default")
        let english = String(decoding: site["en/goals/bike/index.html"]!, as: UTF8.self)
        XCTAssertTrue(english.contains("<html lang=\"en\">"))
        XCTAssertTrue(
            english.contains("href=\"../../../zh-hans/goals/bike/\" hreflang=\"zh-Hans\" lang=\"zh-Hans\">简体中文</a>"))
        XCTAssertTrue(english.contains("href=\"../../style.css\""), "each language has its own top")
        let chinese = String(decoding: site["zh-hans/index.html"]!, as: UTF8.self)
        XCTAssertTrue(chinese.contains("<html lang=\"zh-Hans\">"))
        XCTAssertTrue(chinese.contains("存钱目标"))
        let sitemap = String(decoding: site["sitemap.xml"]!, as: UTF8.self)
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/me/en/goals/bike/</loc>"))
        // The 404 page's links are paths from base_url's folder, so they work on any host (issue 34).
        let notFound = String(decoding: site["404.html"]!, as: UTF8.self)
        XCTAssertTrue(notFound.contains(#"<link rel="stylesheet" href="/me/zh-hans/style.css">"#), notFound)
        XCTAssertTrue(notFound.contains(#"<a class="home-button" href="/me/zh-hans/">"#), notFound)
        XCTAssertFalse(notFound.contains("https://example.org"), "no link to base_url's host")
    }

    func testOneLanguageHasNoSwitcher() throws {
        let (report, site, _) = try build(site: "title = \"One\"\nlanguage = \"en\"\ncurrency = \"USD\"\n")
        XCTAssertTrue(report.succeeded)
        XCTAssertNil(site["en/index.html"])
        XCTAssertFalse(String(decoding: site["index.html"]!, as: UTF8.self).contains("hreflang"))
    }

    func testLanguagesAreValidated() throws {
        let (report, _, data) = try build(site: "title = \"Bad\"\nlanguages = [\"en\", \"fr\"]\ncurrency = \"USD\"\n")
        XCTAssertEqual(
            report.diagnostics.map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") },
            ["site.toml:2:20: error: languages must hold only en or zh-Hans"])
    }
}
