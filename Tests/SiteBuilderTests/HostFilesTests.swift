import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteFormats

/// The small files static hosts read (issue 27): `.nojekyll`, `_headers` and `.htaccess`, written
/// beside the pages unless `[publish] files = false`. What the servers make of them is
/// `HostsTests`; the sample site's bytes are in its golden files.
final class HostFilesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func build(site: String, theme: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> (
        BuildReport, [String: Data]
    ) {
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        try site.write(to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.theme = theme?.path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        return (report, TestSupport.snapshot(work.appendingPathComponent("public")))
    }

    private func text(_ site: [String: Data], _ path: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> String
    {
        String(decoding: try XCTUnwrap(site[path], "no \(path)", file: file, line: line), as: UTF8.self)
    }

    private static let english = "title = \"Hosts\"\nlanguage = \"en\"\ncurrency = \"USD\"\n"

    func testEveryBuildWritesTheFilesHostsRead() throws {
        let (report, site) = try build(site: Self.english + "base_url = \"https://example.org/dash\"\n")
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        XCTAssertEqual(site[".nojekyll"], Data(), "an empty .nojekyll")
        let htaccess = try text(site, ".htaccess")
        XCTAssertTrue(htaccess.contains("\nAddType text/calendar .ics\nAddCharset utf-8 .ics\n"), htaccess)
        XCTAssertTrue(htaccess.contains("\nAddType application/manifest+json .webmanifest\n"), htaccess)
        XCTAssertTrue(htaccess.hasSuffix("\nErrorDocument 404 /dash/404.html\n"), "base_url's path: \(htaccess)")
        XCTAssertFalse(htaccess.contains("base_url is not set"))
        XCTAssertEqual(
            try text(site, "_headers"),
            """
            # Netlify and Cloudflare Pages: content types and a short cache. Written by sandjar.

            /calendar.ics
              Content-Type: text/calendar; charset=utf-8

            /data.json
              Content-Type: application/json
              Cache-Control: public, max-age=300

            /
              Cache-Control: public, max-age=300

            /index.html
              Cache-Control: public, max-age=300

            /manifest.webmanifest
              Content-Type: application/manifest+json

            /subscriptions/calendar.ics
              Content-Type: text/calendar; charset=utf-8

            /widget.json
              Content-Type: application/json
              Cache-Control: public, max-age=300

            """)
    }

    /// Without base_url the site is taken to be at the top of its host, and the file says so.
    func testWithoutBaseURLThe404PageIsAtTheTop() throws {
        let (report, site) = try build(site: Self.english)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        let htaccess = try text(site, ".htaccess")
        XCTAssertTrue(
            htaccess.hasSuffix(
                "# base_url is not set in site.toml, so the site is taken to be at the top of its host.\n"
                    + "ErrorDocument 404 /404.html\n"), htaccess)
    }

    /// `[publish] files = false`: none of them, and everything else byte for byte as before.
    func testPublishFilesFalseLeavesThemOut() throws {
        let (with, withFiles) = try build(site: Self.english)
        let (without, site) = try build(site: Self.english + "\n[publish]\nfiles = false\n")
        XCTAssertTrue(with.succeeded && without.succeeded, "\(without.diagnostics)")
        XCTAssertEqual(without.diagnostics, [])
        for path in [".nojekyll", "_headers", ".htaccess"] {
            XCTAssertNil(site[path], path)
            XCTAssertNotNil(withFiles[path], path)
        }
        var rest = withFiles
        for path in [".nojekyll", "_headers", ".htaccess", ".sandjar-site"] { rest.removeValue(forKey: path) }
        var off = site
        let marker = String(decoding: off.removeValue(forKey: ".sandjar-site") ?? Data(), as: UTF8.self)
        XCTAssertEqual(off, rest, "data.json and every page are unchanged")
        XCTAssertTrue(marker.contains("\n[written]\n"), "the marker lists what the build wrote")
        XCTAssertFalse(marker.contains("\n_headers\n"), "and lists no file the build did not write")
        let (on, explicit) = try build(site: Self.english + "\n[publish]\nfiles = true\n")
        XCTAssertTrue(on.succeeded)
        XCTAssertEqual(explicit, withFiles)
    }

    /// Several languages: each language folder's `.htaccess` names its own 404 page, the top one
    /// the top 404 page (in the default language); `_headers` covers every language's files.
    func testEachLanguageHasItsOwn404Page() throws {
        let (report, site) = try build(
            site: """
                title = "Both"
                languages = ["zh-Hans", "en"]
                currency = "USD"
                base_url = "https://example.org/me/"
                """)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        XCTAssertTrue(try text(site, ".htaccess").hasSuffix("\nErrorDocument 404 /me/404.html\n"))
        XCTAssertEqual(
            try text(site, "en/.htaccess"),
            "# Apache: this language's own 404 page. Written by sandjar.\nErrorDocument 404 /me/en/404.html\n")
        XCTAssertTrue(try text(site, "zh-hans/.htaccess").hasSuffix("ErrorDocument 404 /me/zh-hans/404.html\n"))
        XCTAssertNotNil(site["en/404.html"])
        XCTAssertNil(site["en/.nojekyll"], "one .nojekyll, at the top")
        XCTAssertNil(site["en/_headers"], "hosts read _headers at the top only")
        let headers = try text(site, "_headers")
        for rule in [
            "\n/\n  Cache-Control: public, max-age=300\n", "\n/en/\n  Cache-Control: public, max-age=300\n",
            "\n/zh-hans/index.html\n  Cache-Control: public, max-age=300\n",
            "\n/en/data.json\n  Content-Type: application/json\n  Cache-Control: public, max-age=300\n",
            "\n/zh-hans/subscriptions/calendar.ics\n  Content-Type: text/calendar; charset=utf-8\n",
        ] {
            XCTAssertTrue(headers.contains(rule), "no \(rule) in:\n\(headers)")
        }
        XCTAssertFalse(headers.contains("/en/goals/"), "pages other than the top keep the host's cache")
    }

    /// A theme that brings its own `static/_headers` keeps it.
    func testAThemesOwnHeadersFileWins() throws {
        let theme = TestSupport.temporaryFolder(self)
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("static"), withIntermediateDirectories: true)
        try "/*\n  X-Frame-Options: DENY\n".write(
            to: theme.appendingPathComponent("static/_headers"), atomically: true, encoding: .utf8)
        let (report, site) = try build(site: Self.english, theme: theme)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        XCTAssertEqual(try text(site, "_headers"), "/*\n  X-Frame-Options: DENY\n")
        XCTAssertNotNil(site[".htaccess"])
    }

    /// base_url's path as a request names it: percent-encoded once, never twice.
    func testSitePathComesFromBaseURL() {
        XCTAssertEqual(HostFiles.sitePath(of: nil), "/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org/"), "/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org/dash/"), "/dash/")
        XCTAssertEqual(HostFiles.sitePath(of: "http://example.org:8080/a/b/"), "/a/b/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org/存钱/"), "/%E5%AD%98%E9%92%B1/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org/my%20dash/"), "/my%20dash/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org/dash/?from=feed/"), "/dash/")
        XCTAssertEqual(HostFiles.sitePath(of: "https://example.org?x/"), "/")
    }
}
