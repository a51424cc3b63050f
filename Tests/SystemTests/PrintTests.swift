import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// The site on paper (issue 22, items 3 and 4): `Tests/browser/check_print.py` lays every kind of
/// page of both languages out as headless Chromium prints it on A4 and fails on printed navigation
/// or forms, colours other than black on white, running animation or the jar's frames, anything
/// wider than the paper or clipped sideways, and a table that may be split; then prints every year
/// in review to PDF and reads it back with pypdf: A4 portrait, one page per section, each page
/// starting with its heading.
final class PrintTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let script = TestSupport.packageRoot.appendingPathComponent("Tests/browser/check_print.py")
    private static let selfTest = TestSupport.packageRoot.appendingPathComponent("Tests/browser/print-selftest")
    /// check_print.py's exit status when Chromium, chromedriver, Selenium or pypdf is missing.
    private static let toolsMissing: Int32 = 77

    func testEveryPageOfBothLanguagesPrintsCleanlyAndEachYearInReviewIsOneA4PageASection() throws {
        let work = TestSupport.temporaryFolder(self)
        guard let output = try TestSites.sampleInBothLanguages(in: work) else { return }

        let run = try check(output, logs: work)
        XCTAssertEqual(run.status, 0, "the print checks failed:\n\(run.stdout)\(run.stderr)")
        let years = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("en/review").path)
            .filter { $0.allSatisfy(\.isNumber) }
        XCTAssertFalse(years.isEmpty, "the sample has no year in review")
        XCTAssertTrue(
            run.stdout.contains("\(years.count * 2) printed to PDF"),
            "every year of both languages goes to the printer:\n\(run.stdout)")
    }

    /// The checker itself: a page and a review with no print rules fail every check.
    func testCheckerCatchesEveryKindOfPrintingProblem() throws {
        let run = try check(Self.selfTest, logs: TestSupport.temporaryFolder(self), echo: false)
        XCTAssertEqual(run.status, 1, "the self-test pages should fail:\n\(run.stdout)")
        let expected = [
            "FAIL /: nav: nav is printed", "FAIL /: nav: form is printed",
            "FAIL /: colours: the text is rgb(51, 51, 51)",
            "FAIL /: colours: the page is rgb(250, 250, 250)", "FAIL /: motion: 1 animation(s) run, e.g. spin",
            "FAIL /: width: div.wide spans", "FAIL /: cut: div.scroller shows", "FAIL /: tables: table",
            "FAIL review/2026/: pdf: page 1 is 612 × 792 pt, not A4 portrait",
            "FAIL review/2026/: pdf: page 2 starts '', not the heading 'The second section'",
        ]
        for problem in expected {
            XCTAssertTrue(run.stdout.contains(problem), "no '\(problem)':\n\(run.stdout)")
        }
    }

    private func check(_ site: URL, logs: URL, echo: Bool = true, file: StaticString = #filePath, line: UInt = #line)
        throws -> SandjarProcess.Outcome
    {
        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", Self.script.path, site.path], logs: logs
        ).wait(timeout: 900, file: file, line: line)
        if echo { print(run.stdout, terminator: "") }
        if run.status == Self.toolsMissing || run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail(
                    "CI must have chromium, chromium-driver, selenium and pypdf (make test-deps): \(run.stdout)",
                    file: file, line: line)
            }
            throw XCTSkip(run.stdout.isEmpty ? "python3 not found" : run.stdout)
        }
        return run
    }
}
