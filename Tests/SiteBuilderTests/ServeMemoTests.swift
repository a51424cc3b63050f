import Domain
import Foundation
import SiteData
import SiteRender
import TestSupport
import XCTest

@testable import SiteBuilder

/// A served site's builds hand each other what did not change (`ServeMemo`: parsed files, the
/// theme, reports, rendered pages). Whatever changes between two builds, the second build with the
/// memo must be the very site a build without it makes.
final class ServeMemoTests: XCTestCase {
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
        let pages = data.appendingPathComponent("pages")
        for index in 0..<40 {
            try Data(
                "+++\ntitle = \"Note \(index)\"\ndate = 2026-11-\(10 + index % 15)\n+++\n\nBody *\(index)*.\n".utf8
            )
            .write(to: pages.appendingPathComponent("note-\(index).md"))
        }
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

    /// Builds with the memo, then checks the bytes against a build without it.
    private func assertSameAsAFreshBuild(
        _ memo: ServeMemo, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (report, kept) = SiteBuild(options: options(memo: memo)).serve()
        XCTAssertTrue(report.succeeded, "\(what): \(report.diagnostics)", file: file, line: line)
        let (_, fresh) = SiteBuild(options: options(memo: nil)).serve()
        let a = try XCTUnwrap(kept, file: file, line: line).files
        let b = try XCTUnwrap(fresh, file: file, line: line).files
        XCTAssertEqual(a.paths, b.paths, "\(what): the same files", file: file, line: line)
        let differing = a.paths.filter { a[$0] != b[$0] }
        XCTAssertEqual(differing, [], "\(what): the same bytes", file: file, line: line)
    }

    private func edit(_ relative: String, _ change: (String) -> String) throws {
        let url = data.appendingPathComponent(relative)
        try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    func testEveryBuildWithTheMemoIsTheSiteAFreshBuildMakes() throws {
        let memo = ServeMemo()
        try assertSameAsAFreshBuild(memo, "the first build")
        try assertSameAsAFreshBuild(memo, "nothing changed")
        let reviewsMade = memo.reviews.misses
        try edit("goals/sony-headphones.toml") { $0 + "\n[[deposit]]\nat = 2026-11-29T10:00:00+08:00\namount = 1\n" }
        try assertSameAsAFreshBuild(memo, "a deposit")
        // The sample reviews 2025 and 2026: a deposit today makes 2026's review again, not 2025's
        // (the build with the memo asks once for each year).
        XCTAssertEqual(memo.reviews.misses - reviewsMade, 1, "a deposit today makes this year's review alone")
        try edit("goals/sony-headphones.toml") { $0 + "\n[[deposit]]\nat = 2025-06-01T09:00:00+08:00\namount = 3\n" }
        try assertSameAsAFreshBuild(memo, "a deposit in a past year, which that year's review shows")
        try edit("pages/note-3.md") { $0.replacingOccurrences(of: "Body", with: "A changed body") }
        try assertSameAsAFreshBuild(memo, "a page's body")
        try edit("pages/note-4.md") { $0.replacingOccurrences(of: "Note 4", with: "A new title") }
        try assertSameAsAFreshBuild(memo, "a page's title, which its index lists")
        try FileManager.default.removeItem(at: data.appendingPathComponent("pages/note-5.md"))
        try assertSameAsAFreshBuild(memo, "a page removed")
        let subscriptions = try FileManager.default.contentsOfDirectory(atPath: data.path + "/subscriptions").sorted()
        try edit("subscriptions/\(subscriptions[0])") {
            $0.replacingOccurrences(
                of: "[[subscription]]\n", with: "[[subscription]]\nkilled = 2026-11-20\n", options: [],
                range: $0.range(of: "[[subscription]]\n"))
        }
        try assertSameAsAFreshBuild(memo, "a slay")
        try edit("site.toml") { $0 + "\n# a comment\n" }
        try assertSameAsAFreshBuild(memo, "a site.toml saved by hand")
        let practice = try FileManager.default.contentsOfDirectory(atPath: data.path + "/practice").sorted()
        try edit("practice/\(practice.last!)") {
            $0 + "\n[[session]]\nat = 2026-11-29T07:00:00\npattern = \"box\"\ncycles = 4\n"
        }
        try assertSameAsAFreshBuild(memo, "a session")
        try edit("practice/\(practice.last!)") {
            $0 + "\n[[session]]\nat = 2025-07-02T07:00:00\npattern = \"box\"\ncycles = 4\n"
        }
        try assertSameAsAFreshBuild(memo, "a session in a past year")
        try edit("rates.toml") { $0.replacingOccurrences(of: "USD = 7.", with: "USD = 8.") }
        try assertSameAsAFreshBuild(memo, "a rate")
        try edit("site.toml") { $0.replacingOccurrences(of: "title = \"", with: "title = \"Renamed ") }
        try assertSameAsAFreshBuild(memo, "the site's title, on every page")
    }

    /// A page rendered alone for one request (a 422, a landing) with the build's own forms is the
    /// page of the whole site, byte for byte: the one family that owns it is enough.
    func testAPageRenderedAloneIsThePageOfTheWholeSite() throws {
        let options = options(memo: ServeMemo())
        let (report, built) = SiteBuild(options: options).serve()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        let site = try XCTUnwrap(built)
        let forms = try XCTUnwrap(options.serve)
        let pages = site.files.paths.filter { $0.hasSuffix(".html") }
        XCTAssertGreaterThan(pages.count, 300)
        var checked = 0
        for path in pages {
            XCTAssertEqual(try site.page(path, forms: forms), site.files[path], path)
            checked += 1
        }
        print("ServeMemoTests: \(checked) pages rendered alone, each the whole site's")
    }
}
