import Foundation
import XCTest

@testable import SiteBuilder

/// Text from the data folder lands in HTML, SVG, Atom, iCalendar and JSON; none of it may ever
/// become markup or script in the published site.
final class HostileInputTests: XCTestCase {
    static let evil = "<script>alert(1)</script>\\\"' onmouseover=alert(2) x=\\\"&amp;"

    func testScriptInEveryTextFieldStaysText() throws {
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let e = HostileInputTests.evil
        let files: [String: String] = [
            "site.toml":
                "title = \"\(e)\"\nlanguage = \"en\"\ncurrency = \"USD\"\nbase_url = \"https://example.org/x/\"\n",
            "goals/evil.toml": """
            name = "\(e)"
            mode = "wish"
            target = 100
            icon = "\(e)"
            note = "[click](javascript:alert(3)) <img src=x onerror=alert(4)> \(e)"

            [plan]
            amount = 10
            frequency = "weekly"
            start = 2026-10-01

            [[deposit]]
            at = 2026-10-02T23:00:00
            amount = 150
            note = "\(e)"
            """,
            "subscriptions/evil.toml": """
            [[subscription]]
            name = "\(e)"
            catalog = false
            price = 5
            category = "\(e)"
            trial = true
            next_billing = 2026-11-30
            note = "\(e)"
            killed = 2026-11-01
            started = 2026-01-01

            [[subscription]]
            name = "\(e) 2"
            catalog = false
            price = 5
            trial = true
            next_billing = 2026-11-30
            """,
            "breathing.toml": """
            [[pattern]]
            id = "calm"
            name = "\(e)"
            inhale = 4
            exhale = 6

            [[program]]
            id = "short"
            name = "\(e)"
            days = [{ pattern = "calm", cycles = 3 }]

            [[enrollment]]
            program = "short"
            start = 2026-11-01
            """,
            "quotes.toml": "[en]\nsubjects = [\"\(e)\"]\npredicates = [\" \(e)\"]\n",
            "pages/evil.md": "+++\ntitle = \"\(e)\"\n+++\n<script>alert(5)</script>\n\n[x](javascript:alert(6)) \(e)\n",
        ]
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        let site = TestSupport.snapshot(work.appendingPathComponent("public"))
        XCTAssertGreaterThan(site.count, 20)
        var checked = 0
        // calendar.ics is plain text for calendar apps (RFC 5545 TEXT, escaped there), never a page.
        for (path, bytes) in site where !path.hasSuffix(".ics") {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            XCTAssertFalse(text.contains("<script"), "\(path) carries a <script> element")
            XCTAssertFalse(text.contains("javascript:alert"), "\(path) carries a javascript: URL")
            XCTAssertFalse(text.contains("onerror=alert"), "\(path) carries an event handler")
            XCTAssertFalse(text.contains("\" onmouseover"), "\(path) let a quote close an attribute")
            checked += 1
        }
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: site["data.json"]!))
        let feed = String(decoding: site["feed.xml"]!, as: UTF8.self)
        XCTAssertTrue(feed.contains("&lt;script&gt;"), "the feed keeps the text, escaped")
        let calendar = String(decoding: site["subscriptions/calendar.ics"]!, as: UTF8.self)
        XCTAssertTrue(
            calendar.contains(#"SUMMARY:<script>alert(1)</script>"' onmouseover=alert(2) x="&amp\; 2"#), calendar)
        print("hostile input: \(checked) published files checked")
    }
}
