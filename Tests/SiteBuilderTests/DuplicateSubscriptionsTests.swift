import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Issue 13: a subscription pasted next to the one it repeats doubled the monthly total silently.
/// `check` and `build` warn at the later of two active subscriptions to one catalogue entry or
/// with one name, and name the earlier one's place.
final class DuplicateSubscriptionsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func check(_ files: [String: String], strict: Bool = false) -> [Diagnostic] {
        let base = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base"))
        let all = base.merging(files.mapValues { Data($0.utf8) }) { $1 }
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: all.mapValues { [UInt8]($0) }, display: "data")
        options.today = .init(year: 2026, month: 11, day: 29)
        options.strict = strict
        return SiteBuild(options: options).check().0.diagnostics
    }

    private let video = """
        [[subscription]]
        name = "Netflix"
        price = 15.49
        cycle = "monthly"

        [[subscription]]
        name = "NETFLIX.COM CA"     # pasted from sandjar detect
        catalog = "netflix"
        price = 15.49
        cycle = "monthly"

        [[subscription]]
        name = "music"
        price = 5
        cycle = "monthly"

        [[subscription]]
        name = "Netflix"
        price = 9.99
        cycle = "monthly"
        killed = 2026-01-01

        [[subscription]]
        name = "Netflix"
        catalog = false
        price = 1
        cycle = "monthly"
        killed = 2026-02-01

        """

    func testTwoActiveSubscriptionsToOneServiceOrWithOneNameAreWarnedAbout() {
        let diagnostics = check(["subscriptions/video.toml": video])
        XCTAssertEqual(
            diagnostics.map(\.headline),
            [
                "data/subscriptions/video.toml:7:8: warning: 'NETFLIX.COM CA' and 'Netflix' "
                    + "(data/subscriptions/video.toml:2:8) are both netflix in the catalogue, and every total "
                    + "counts both; slay or remove one, or, if they are two different plans, add catalog = false to one of them",
                "data/subscriptions/video.toml:13:8: warning: 'music' has the same name as 'Music' "
                    + "(data/subscriptions/main.toml:2:8), and every total counts both; slay or remove one, "
                    + "or rename a different plan",
            ], "slain ones are not counted")
        XCTAssertEqual(
            diagnostics.first?.description.split(separator: "\n").dropFirst(),
            ["  name = \"NETFLIX.COM CA\"     # pasted from sandjar detect", "         ^"])
    }

    func testDifferentServicesAndOneSubscriptionAreQuiet() {
        XCTAssertEqual(
            check([
                "subscriptions/video.toml": """
                [[subscription]]
                name = "Netflix"
                price = 15.49
                cycle = "monthly"

                [[subscription]]
                name = "Disney+"
                price = 7.99
                cycle = "monthly"

                """
            ]), [])
    }

    func testStrictMakesThemErrors() {
        let diagnostics = check(["subscriptions/video.toml": video], strict: true)
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error])
    }

    /// The jars are simulated while the figures are computed; a build that fails there (these
    /// errors) writes neither a site nor a jar cache.
    func testABuildThatFailsInTheFiguresWritesNoCache() throws {
        let work = TestSupport.temporaryFolder(self)
        let base = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base"))
        XCTAssertTrue(base.keys.contains { $0.hasPrefix("goals/") }, "the base folder has goals to simulate")
        var options = BuildOptions()
        options.dataFiles = DataFolder(
            files: base.merging(["subscriptions/video.toml": Data(video.utf8)]) { $1 }.mapValues { [UInt8]($0) },
            display: "data")
        options.today = .init(year: 2026, month: 11, day: 29)
        options.strict = true
        options.output = work.appendingPathComponent("public").path
        options.cache = work.appendingPathComponent("cache").path
        let report = SiteBuild(options: options).run()
        XCTAssertEqual(report.failedStep, "compute figures")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), [], "no site, cache or lock")
    }
}
