import Basics
import Domain
import Foundation
import Mustache
import SiteData
import SiteRender
import TestSupport
import XCTest

@testable import SiteBuilder

/// A served site's pages are rendered when first asked for (issue 41: a deposit's rebuild at
/// scale 1 rendered the contexts of all 945 pages to land on one). What a page asked for later
/// shows must be what rendering every page at once shows: the two are compared here, page by page,
/// over a served site's life, with the memo that builds hand on.
final class DeferredPagesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!
    private var data: URL!

    override func setUpWithError() throws {
        work = TestSupport.temporaryFolder(self)
        data = work.appendingPathComponent("data")
        try FileManager.default.copyItem(at: TestSupport.sampleContent, to: data)
    }

    private func options(memo: ServeMemo?) -> BuildOptions {
        var options = BuildOptions()
        options.data = data.path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDate(iso: "2026-11-29")
        options.serve = ServeForms(token: String(repeating: "7", count: 32))
        options.memo = memo
        return options
    }

    /// The served build (pages deferred) and the same build with every page rendered at once.
    private func both(memo: ServeMemo?) throws -> (served: SiteFiles, whole: SiteFiles) {
        let (report, served) = SiteBuild(options: options(memo: memo)).serve()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        var run = StepRun(steps: 5, strict: false, progress: nil)
        let whole = SiteBuild(options: options(memo: nil)).render(writesCache: true, deferPages: false, &run)
        return (try XCTUnwrap(served).files, try XCTUnwrap(whole).files)
    }

    private func assertSamePages(_ served: SiteFiles, _ whole: SiteFiles, _ what: String) {
        XCTAssertEqual(served.paths, whole.paths, "\(what): the same files")
        XCTAssertTrue(whole.deferred.isEmpty, "\(what): rendered at once")
        let differing = whole.paths.filter { served[$0] != whole[$0] }
        XCTAssertEqual(differing, [], "\(what): each page asked for is the page rendered at once")
    }

    func testAServedBuildMakesNoPageOrFileUntilItIsAskedForAndThenTheSameBytes() throws {
        let (served, whole) = try both(memo: nil)
        let pages = served.paths.filter { $0.hasSuffix(".html") }
        XCTAssertGreaterThan(pages.count, 300)
        XCTAssertEqual(pages.filter { served.deferred[$0] == nil }, [], "every page waits")
        for file in ["data.json", "calendar.ics", "feed.xml", "widget.json", "goals/sony-headphones/jar.svg"] {
            XCTAssertNotNil(served.deferred[file], "\(file) waits too: a write's rebuild need not make it")
        }
        XCTAssertEqual(served.deferred.values.filter(\.isRendered).count, 0, "the build made none of them")
        _ = served["goals/sony-headphones/index.html"]
        XCTAssertEqual(
            served.deferred.filter { $0.value.isRendered }.map(\.key), ["goals/sony-headphones/index.html"],
            "asking for one page renders that page alone")
        assertSamePages(served, whole, "the first build")
        XCTAssertEqual(try served.rendered().files, whole.files)
    }

    func testWithTheMemoOverASitesLifeEveryPageAskedForIsThePageOfAWholeRender() throws {
        let memo = ServeMemo()
        var (served, whole) = try both(memo: memo)
        // Half the pages asked for before the next build, as a person browses.
        for path in served.paths.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) { _ = served[path] }
        let edits: [(String, String, (String) -> String)] = [
            (
                "a deposit", "goals/sony-headphones.toml",
                { $0 + "\n[[deposit]]\nat = 2026-11-29T10:00:00+08:00\namount = 1\n" }
            ),
            ("nothing changed", "site.toml", { $0 }),
            ("the title", "site.toml", { $0.replacingOccurrences(of: "title = \"", with: "title = \"Renamed ") }),
        ]
        for (what, file, change) in edits {
            let url = data.appendingPathComponent(file)
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
            (served, whole) = try both(memo: memo)
            assertSamePages(served, whole, what)
        }
    }

    /// Two requests for the same page at once: both get its bytes, and it is kept once.
    func testAPageAskedForOnManyThreadsAtOnceGivesEachTheSameBytes() throws {
        let (served, whole) = try both(memo: nil)
        let path = "goals/index.html"
        let expected = try XCTUnwrap(whole[path])
        let results = Slots<[UInt8]>(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in results[index] = served[path] }
        XCTAssertEqual((0..<8).map { results[$0] }, Array(repeating: expected, count: 8))
    }
}
