import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// The sample site served by real web servers under `/dash/` (issue 27): Debian's nginx with the
/// manual's location block, Apache with the manual's lines and the site's own `.htaccess`, Caddy
/// with the manual's Caddyfile. `Tests/hosts/check_hosts.py` reads each recipe from the manual's
/// page on publishing (`docs/publishing.md`) between its markers, starts the server on a free loopback port with a configuration of its
/// own, crawls every link from `/dash/`, and checks the calendars' content type and that a missing
/// page is the site's 404 page with status 404.
///
/// Needs `nginx-light`, `apache2` and `caddy` (`make test-deps` installs them). Without one, its
/// tests skip, except under CI (the `CI` environment variable set), where they fail.
final class HostsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let checker = TestSupport.packageRoot.appendingPathComponent("Tests/hosts/check_hosts.py")
    /// Where the recipes live: the manual's page on publishing.
    private static let recipes = TestSupport.packageRoot.appendingPathComponent("docs/publishing.md")
    /// The exit status of check_hosts.py when the server is not installed.
    private static let serverMissing: Int32 = 77
    /// `/usr/bin/env` when it finds no `python3`.
    private static let commandNotFound: Int32 = 127
    /// A guard against a hang, never a speed test: a run takes a few seconds.
    private static let timeout: TimeInterval = 300
    private static let packages = ["nginx": "nginx-light", "apache": "apache2", "caddy": "caddy"]

    func testNginxServesTheSampleSiteWithTheManualsLocationBlock() throws {
        let run = try check("nginx", site: try sampleSite())
        XCTAssertEqual(run.status, 0, "nginx with the manual's recipe:\n\(run.output)")
        XCTAssertTrue(run.output.contains("URLs crawled under /dash/"), run.output)
    }

    func testApacheServesTheSampleSiteWithItsOwnHtaccess() throws {
        let run = try check("apache", site: try sampleSite())
        XCTAssertEqual(run.status, 0, "Apache with the manual's lines and the site's .htaccess:\n\(run.output)")
    }

    func testCaddyServesTheSampleSiteWithTheManualsCaddyfile() throws {
        let run = try check("caddy", site: try sampleSite())
        XCTAssertEqual(run.status, 0, "Caddy with the manual's Caddyfile:\n\(run.output)")
    }

    /// The checks above can fail: nginx without the manual's `types` and `error_page` lines sends
    /// the calendar as `application/octet-stream` and its own 404 page.
    func testNginxWithoutTheTypesAndErrorPageLinesFails() throws {
        let recipes = try recipesWithout(lines: { $0.contains("types {") || $0.contains("error_page") })
        let run = try check("nginx", site: try sampleSite(), recipes: recipes, echo: false)
        XCTAssertEqual(run.status, 1, run.output)
        let calendar = "/dash/subscriptions/calendar.ics answers 200 application/octet-stream"
        XCTAssertTrue(run.failures.contains { $0.contains(calendar) }, run.output)
        XCTAssertTrue(
            run.failures.contains { $0.contains("/dash/sandjar-no-such-page/ is not the site's 404.html") }, run.output)
    }

    /// Apache without the site's `.htaccess` (as with `[publish] files = false`) answers a missing
    /// page with its own 404 page.
    func testApacheWithoutTheHtaccessAnswersWithItsOwn404Page() throws {
        let site = try sampleSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent(".htaccess"))
        let run = try check("apache", site: site, echo: false)
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(
            run.failures.contains { $0.contains("/dash/goals/sandjar-no-such-goal/ is not the site's 404.html") },
            run.output)
        XCTAssertFalse(run.failures.contains { $0.contains("broken link") }, "the pages still work:\n\(run.output)")
    }

    /// Caddy without `handle_errors` answers a missing page with an empty body; and a page the
    /// site lost is a broken link.
    func testCaddyWithoutHandleErrorsAndALostPageFail() throws {
        let recipes = try recipesWithout(block: "\thandle_errors {", endingWith: "\t}")
        let site = try sampleSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent("badges/index.html"))
        let run = try check("caddy", site: site, recipes: recipes, echo: false)
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.failures.contains { $0.contains("/dash/sandjar-no-such-file.html is not the site's") })
        XCTAssertTrue(run.failures.contains { $0.hasPrefix("FAIL caddy: broken link /dash/badges/:") }, run.output)
    }

    // MARK: - Helpers

    /// The sample site as `make site` builds it (`--today` fixed), in a folder of this test.
    private func sampleSite(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let output = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("public")
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.output = output.path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return output
    }

    /// A copy of the recipes page without the lines `dropped` accepts.
    private func recipesWithout(lines dropped: (Substring) -> Bool, file: StaticString = #filePath, line: UInt = #line)
        throws -> URL
    {
        let text = try String(contentsOf: Self.recipes, encoding: .utf8)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !dropped($0) }
        XCTAssertLessThan(
            kept.count, text.split(separator: "\n", omittingEmptySubsequences: false).count, file: file, line: line)
        return try write(kept.joined(separator: "\n"), file: file, line: line)
    }

    /// A copy of the recipes page without the block from the line `block` to the first line `end` after it.
    private func recipesWithout(
        block: String, endingWith end: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> URL {
        var lines = try String(contentsOf: Self.recipes, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try XCTUnwrap(
            lines.firstIndex(of: block), "no \(block) in \(Self.recipes.lastPathComponent)", file: file, line: line)
        let last = try XCTUnwrap(lines[first...].firstIndex(of: end), file: file, line: line)
        lines.removeSubrange(first...last)
        return try write(lines.joined(separator: "\n"), file: file, line: line)
    }

    private func write(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("publishing.md")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private struct ServerMissing: Error, CustomStringConvertible {
        var description: String
    }

    private struct CheckerRun {
        var status: Int32
        var output: String
        var failures: [String] { output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL ") } }
    }

    /// Runs check_hosts.py for `server` on `site`, prints what it printed (when `echo`), and skips
    /// (or under CI fails) when the server is not installed.
    private func check(
        _ server: String, site: URL, recipes: URL = recipes, echo: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> CheckerRun {
        let log = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("check_hosts.log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil), file: file, line: line)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.checker.path, server, site.path, "--recipes", recipes.path]
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("check_hosts.py still running after \(Int(Self.timeout)) s; stopped", file: file, line: line)
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if echo { print(output, terminator: output.hasSuffix("\n") || output.isEmpty ? "" : "\n") }

        let status = process.terminationStatus
        if status == Self.serverMissing || status == Self.commandNotFound {
            let reason =
                output.split(separator: "\n").first { $0.hasPrefix("skipped:") }.map(String.init)
                ?? "skipped: python3 not found"
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw ServerMissing(
                    description: "CI must have \(Self.packages[server] ?? server) (make test-deps): \(reason)")
            }
            throw XCTSkip(reason)
        }
        return CheckerRun(status: status, output: output)
    }
}
