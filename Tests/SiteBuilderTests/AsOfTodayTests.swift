import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Entries dated after today do not count yet (DESIGN.md §3): the site as of a day is the site of
/// the data without them, and `check` warns about each with its place.
final class AsOfTodayTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// A deposit, a session and a kill, each one day after the build's today (2026-11-29).
    private let futureDeposit = "\n[[deposit]]\nat = 2026-11-30T07:00:00\namount = 500\n"
    private let futureSession = "\n[[session]]\nat = 2026-11-30T06:00:00\npattern = \"box\"\ncycles = 40\n"
    private let futureKill = "killed = 2026-11-30\n"

    private func files(future: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [UInt8]] {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        guard future else { return files }
        func append(_ text: String, to path: String, file: StaticString = #filePath, line: UInt = #line) throws {
            files[path] = try XCTUnwrap(files[path], path, file: file, line: line) + Array(text.utf8)
        }
        try append(futureDeposit, to: "goals/bike.toml", file: file, line: line)
        try append(futureSession, to: "practice/2026-11.toml", file: file, line: line)
        try append(futureKill, to: "subscriptions/main.toml", file: file, line: line)
        return files
    }

    private func check(_ files: [String: [UInt8]], today: String, file: StaticString = #filePath, line: UInt = #line)
        -> (BuildReport, SiteFiles?)
    {
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cache = TestSupport.temporaryFolder(self, file: file, line: line).path
        options.today = CalendarDate(iso: today)
        return SiteBuild(options: options).check()
    }

    func testEntriesAfterTodayLeaveEveryFileAsWithoutThem() throws {
        let (withFuture, site) = check(try files(future: true), today: "2026-11-29")
        let (_, plain) = check(try files(future: false), today: "2026-11-29")
        let future = try XCTUnwrap(site, "\(withFuture.diagnostics)")
        let reference = try XCTUnwrap(plain)
        XCTAssertEqual(future.paths, reference.paths)
        for path in reference.paths where future[path] != reference[path] {
            XCTFail("\(path) differs: an entry after today shows or counts")
        }
        let json = try XCTUnwrap(future.text("data.json"))
        XCTAssertTrue(json.contains(#""saved": "110.25""#), "50 + 60.25, not the 500 of tomorrow")
        XCTAssertTrue(json.contains(#""killed_on": null"#), "killed tomorrow: still active today")
    }

    /// The same entries count once their day has come, so the comparison above can fail.
    func testTheSameEntriesCountOnTheirDay() throws {
        let (report, site) = check(try files(future: true), today: "2026-11-30")
        let (_, plain) = check(try files(future: false), today: "2026-11-30")
        XCTAssertEqual(report.diagnostics.filter { $0.message.contains("after today") }, [])
        let json = try XCTUnwrap(site?.text("data.json"))
        XCTAssertTrue(json.contains(#""saved": "610.25""#))
        XCTAssertTrue(json.contains(#""killed_on": "2026-11-30""#))
        XCTAssertNotEqual(site?["goals/bike/jar.svg"], plain?["goals/bike/jar.svg"], "the new deposit's coins")
        XCTAssertNotEqual(site?["breathing/index.html"], plain?["breathing/index.html"])
    }

    func testEachEntryAfterTodayIsAWarningAtItsPlace() throws {
        let (report, site) = check(try files(future: true), today: "2026-11-29")
        XCTAssertNotNil(site)
        let warnings = report.diagnostics.filter { $0.message.contains("after today") }.map(\.description)
        XCTAssertEqual(
            warnings,
            [
                """
                data/goals/bike.toml:22:6: warning: deposit[3].at is after today (2026-11-29): the deposit does \
                not count until 2026-11-30
                  at = 2026-11-30T07:00:00
                       ^
                """,
                """
                data/subscriptions/main.toml:8:10: warning: subscription[1].killed is after today (2026-11-29): \
                Music stays active until 2026-11-30
                  killed = 2026-11-30
                           ^
                """,
                """
                data/practice/2026-11.toml:14:6: warning: session[3].at is after today (2026-11-29): the session \
                does not count until 2026-11-30
                  at = 2026-11-30T06:00:00
                       ^
                """,
            ])
    }

    func testStrictMakesAnEntryAfterTodayAnError() throws {
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: try files(future: true), display: "data")
        options.cache = TestSupport.temporaryFolder(self).path
        options.today = CalendarDate(iso: "2026-11-29")
        options.strict = true
        let (report, site) = SiteBuild(options: options).check()
        XCTAssertNil(site)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.count, 3)
    }
}
