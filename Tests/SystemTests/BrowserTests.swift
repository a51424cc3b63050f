import Foundation
import SiteRender
import TestSupport
import XCTest

@testable import SiteBuilder

/// The built sample site in a real browser (issue 7): `Tests/browser/check_site.py` opens every kind
/// of page of both languages in Debian's headless Chromium, at a wide and a phone width, in the light
/// and the dark scheme, and fails on console errors, failed or off-site requests, raw i18n keys,
/// missing `lang`, `alt` or SVG titles, pages over 100 KB, text under WCAG AA contrast, a missing
/// focus indicator and animation under reduced motion; and at 375 px (issue 12) horizontal overflow
/// (the page or any box past either edge), overlapping text boxes, tables that scroll sideways
/// instead of stacking, and dates, amounts and navigation links broken across lines. Issue 25 adds,
/// at 375×812: a header over 72 px or a navigation in two rows, a tab bar over the page's end, the
/// Today screen's first jar outside the first screen, a jar blank while it plays (its pixels
/// sampled), and at every width a calendar that does not fit its box, a card alone on a grid's
/// last row, and a pacer that moves before its Start is tapped or is not full-screen after.
///
/// Needs `chromium`, `chromium-driver` and Selenium (`make deps` installs them). Without them the
/// tests skip, except under CI (the `CI` environment variable set), where they fail.
final class BrowserTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let checker = TestSupport.packageRoot.appendingPathComponent("Tests/browser/check_site.py")
    private static let selfTest = TestSupport.packageRoot.appendingPathComponent("Tests/browser/selftest")
    /// The exit status of check_site.py when Chromium, chromedriver or Selenium is missing.
    private static let toolsMissing: Int32 = 77
    /// `/usr/bin/env` when it finds no `python3`.
    private static let commandNotFound: Int32 = 127
    /// Longer than the checker's own hard stop (its budget plus a grace period): a guard against a
    /// hang, never a speed test, so the suite passes with both cores busy.
    private static let timeout: TimeInterval = 1_000

    func testSampleSiteInBothLanguagesPassesInHeadlessChromium() throws {
        // As serve serves it: every form on its page, one sent back with its message, the badges
        // announced; the pages of a built site are these without the forms.
        let work = TestSupport.temporaryFolder(self)
        guard let output = try TestSites.sampleInBothLanguages(in: work, served: true) else { return }
        for folder in ["zh-hans", "en"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: output.appendingPathComponent("\(folder)/index.html").path),
                "no \(folder)/ in the two-language build")
        }

        let run = try check(output)
        XCTAssertEqual(run.status, 0, "the browser checks failed:\n\(run.failures.joined(separator: "\n"))")
    }

    /// The sites at the edges (issue 12): no data at all, a single goal, and 2,000 Markdown pages
    /// (whose index must stay under the size limit).
    func testSitesWithNoDataOneGoalAndTwoThousandPagesPassInHeadlessChromium() throws {
        let work = TestSupport.temporaryFolder(self)
        for site in try TestSites.edgeSites(in: work) {
            print("browser: the site with \(site.name)")
            let run = try check(site.output)
            XCTAssertEqual(
                run.status, 0,
                "the browser checks failed on the site with \(site.name):\n\(run.failures.joined(separator: "\n"))")
        }
    }

    /// The checker itself: a page with no problem passes, and a page with one of every kind fails
    /// each check, so a green run above means the checks looked.
    func testCheckerCatchesEveryKindOfProblem() throws {
        let run = try check(Self.selfTest, echo: false)
        XCTAssertEqual(run.status, 1, "the broken page should fail the run:\n\(run.output)")
        XCTAssertFalse(
            run.failures.contains { $0.hasPrefix("FAIL / ") }, "the good page should pass:\n\(run.output)")
        let expected = [
            "console error: /broken/", "failed request: 404 for /missing.css", "external request:",
            "raw i18n text 'nav.home'", "raw i18n text '{name}'", "lang: <html> has no lang", "<img> without alt",
            "<svg> without <title>", "horizontal overflow: page is", "contrast 2.22:1 < 4.5:1 for \"Faint text\"",
            "focus: first Tab stop", "reduced motion: animation still runs: spin",
            "blank image: https://example.com/logo.png", "blank pacer: its shape is",
            "lone card: ul.cards (4 in 3 columns) ends with \"Alone\" alone",
            "pacer: no start control (.pacer-start) to tap",
            // axe-core looks too: the same missing alt and lang, in its words.
            "axe image-alt (critical)", "axe html-has-lang (serious)",
        ]
        for problem in expected {
            XCTAssertTrue(
                run.failures.contains { $0.hasPrefix("FAIL broken/ ") && $0.contains(problem) },
                "no \(problem) failure on the broken page:\n\(run.output)")
        }
        // The phone layout (issue 12): an element past the left edge although the page is no
        // wider than the screen, two overlapping lines of text, a table that scrolls sideways, a
        // date and an amount broken across lines.
        let phone = [
            "horizontal overflow: past the 375 px viewport: p.left from -", "overlapping text: ",
            "\"Written first\" (p)", "\"Written over it\" (p.under)",
            "table scrolls sideways at 375 px (not stacked rows): \"Too wide\"",
            "date broken across lines: 1: \"14 December 2026\"", "amount broken across lines: 1: \"¥12,345.67\"",
            // Issue 25: a header over 72 px, its navigation in two rows, a fixed bar over the page's end.
            "header: header is", "navigation: nav is", "rows (one row, at most 72 px)",
            "fixed bar: p.bar (48 px) covers the end of the page",
            "first screen: the first goal's jar is at",
            "heatmap: svg.heatmap does not fit its box (scrolls in figure.heatmap-figure)",
            // Issue 34: a link smaller than a thumb, a submit button under the fixed bar, a Today
            // screen without its hero figure, a short label broken across lines.
            "touch target: a \"Quotes\" is ",
            "touch target: the button button.covered \"Send it under the bar\" at 780 px lies under the bar",
            "hero: the Today screen has no hero figure (.hero-amount)",
            "label: \"overdue by 16 days\" (span.when) breaks across lines",
        ]
        for problem in phone {
            XCTAssertTrue(
                run.failures.contains { $0.hasPrefix("FAIL phone/ light 375: ") && $0.contains(problem) },
                "no \(problem) failure on the phone page:\n\(run.output)")
        }
        XCTAssertFalse(
            run.failures.contains { $0.hasPrefix("FAIL phone/ light 1280") }, "the phone checks are for phones")
        // Issue 25: a jar blank in its first second, sampled as pixels on a phone.
        XCTAssertTrue(
            run.failures.contains {
                $0.hasPrefix("FAIL jar/ light 375: ") && $0.contains("blank jar: 0.0% of it drawn 0.10 s")
            },
            "no blank jar failure on the jar page:\n\(run.output)")
        // Issue 25: a pacer that moves before its Start is tapped, and whose session then is not
        // full-screen.
        for problem in [
            "pacer: moves before a tap: grow on div.pacer-shape",
            "pacer: the started session is not full-screen (0 of 812 px high; also shown: header)",
        ] {
            XCTAssertTrue(
                run.failures.contains { $0.hasPrefix("FAIL pacer/ ") && $0.contains(problem) },
                "no \(problem) failure on the pacer page:\n\(run.output)")
        }
        XCTAssertTrue(run.output.contains("#aaaaaa on #fbfaf7"), "the colours are named")
        XCTAssertTrue(run.output.contains("https://example.com/logo.png"), "the off-site request is named")
        print("browser self-test: the checker flagged \(run.failures.count) problems on the broken page")
    }

    // MARK: - Helpers

    private struct ToolsMissing: Error, CustomStringConvertible {
        var description: String
    }

    private struct CheckerRun {
        var status: Int32
        var output: String
        var failures: [String] { output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL ") } }
    }

    /// Runs check_site.py on `site`, prints what it printed (when `echo`), and skips (or under CI
    /// fails) when the browser tools are missing.
    private func check(_ site: URL, echo: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws
        -> CheckerRun
    {
        let log = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("check_site.log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil), file: file, line: line)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.checker.path, site.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("check_site.py still running after \(Int(Self.timeout)) s; stopped", file: file, line: line)
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if echo { print(output, terminator: output.hasSuffix("\n") || output.isEmpty ? "" : "\n") }

        let status = process.terminationStatus
        if status == Self.toolsMissing || status == Self.commandNotFound {
            let reason =
                output.split(separator: "\n").first { $0.hasPrefix("skipped:") }.map(String.init)
                ?? "skipped: python3 not found"
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw ToolsMissing(
                    description: "CI must have chromium, chromium-driver and selenium (make deps): \(reason)")
            }
            throw XCTSkip(reason)
        }
        return CheckerRun(status: status, output: output)
    }
}
