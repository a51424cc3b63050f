import Foundation
import Jar
import TestSupport
import XCTest

@testable import PhysicsCache
@testable import SiteBuilder
@testable import SiteData

/// The jar cache through the one file-system value: held in memory here, so each case says what a
/// build reads and writes without a disk.
final class JarCacheTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// The base fixture read from memory (with `extraDeposit` appended to bike.toml), built with
    /// the cache `cache` into `site` (a new temporary folder when nil); the build's report.
    @discardableResult
    private func build(
        cache: DataFolder, extraDeposit: String = "", check: Bool = false, site: URL? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> BuildReport {
        var files: [String: [UInt8]] = [:]
        let base = TestSupport.fixtures.appendingPathComponent("base")
        for relative in DataFolder(path: base.path).allFiles() {
            files[relative] = [UInt8](try Data(contentsOf: base.appendingPathComponent(relative)))
        }
        files["goals/bike.toml", default: []] += Array(extraDeposit.utf8)
        var options = BuildOptions()
        options.data = base.path
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cacheFiles = cache
        options.output =
            (site ?? TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("site")).path
        options.today = CalendarDateFixture.sampleToday
        let build = SiteBuild(options: options)
        let report = check ? build.check().0 : build.run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return report
    }

    private func snapshot(_ cache: DataFolder) throws -> JarSnapshot {
        guard case .success(let file) = cache.read("jar/bike.json") else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(JarSnapshot.self, from: Data(file.bytes))
    }

    /// bike.toml holds a deposit on September 1 and one on October 1: the cache keeps September's
    /// end, the pile October's deposit fell onto. A deposit in November keeps it and adds October's
    /// end; a second one in November keeps both and adds the pile of November's first deposit.
    func testABuildStoresTheSettledPileAndTheNextOneContinuesFromIt() throws {
        let cache = DataFolder(files: [:], display: "cache")
        try build(cache: cache)
        XCTAssertEqual(cache.allFiles(), ["jar/bike.json"])
        let first = try snapshot(cache)
        XCTAssertEqual(first.states.map(\.deposits), [1])

        let november = "\n[[deposit]]\nat = 2026-11-02T09:00:00\namount = 40\n"
        try build(cache: cache, extraDeposit: november)
        let second = try snapshot(cache)
        XCTAssertEqual(second.states.map(\.deposits), [1, 2], "September's and October's ends")
        XCTAssertEqual(second.states.first, first.states.first, "September's end is kept as it was")

        try build(cache: cache, extraDeposit: november + "\n[[deposit]]\nat = 2026-11-20T09:00:00\namount = 25\n")
        let third = try snapshot(cache)
        XCTAssertEqual(third.states.map(\.deposits), [1, 2, 3])
        XCTAssertEqual(Array(third.states.prefix(2)), second.states, "the month-end piles are kept")
    }

    /// The jar is a pure function of the deposits (DESIGN.md §7): a goal built night after night,
    /// one deposit more each time and each build continuing from the cache the one before left,
    /// across the end of October and into November, publishes the bytes a build from an empty
    /// cache publishes.
    func testNightlyBuildsAcrossAMonthPublishTheBytesOfAColdBuild() throws {
        let nights = ["2026-10-20T21:00:00", "2026-10-31T23:59:00", "2026-11-01T00:01:00", "2026-11-15T08:30:00"]
        let warmCache = DataFolder(files: [:], display: "cache")
        let warmSite = TestSupport.temporaryFolder(self).appendingPathComponent("site")
        var added = ""
        for (night, at) in nights.enumerated() {
            added += "\n[[deposit]]\nat = \(at)\namount = \(15 + 10 * night)\n"
            try build(cache: warmCache, extraDeposit: added, site: warmSite)
            let coldSite = TestSupport.temporaryFolder(self).appendingPathComponent("site")
            try build(cache: DataFolder(files: [:], display: "cache"), extraDeposit: added, site: coldSite)
            let jar = "goals/bike"
            let files = DataFolder(path: coldSite.appendingPathComponent(jar).path).allFiles()
            XCTAssertTrue(files.contains("jar.svg") && files.contains("frames/0001.svg"), "\(files)")
            XCTAssertEqual(DataFolder(path: warmSite.appendingPathComponent(jar).path).allFiles(), files)
            for file in files {
                let warm = try Data(contentsOf: warmSite.appendingPathComponent(jar).appendingPathComponent(file))
                let cold = try Data(contentsOf: coldSite.appendingPathComponent(jar).appendingPathComponent(file))
                XCTAssertTrue(warm == cold, "night \(night + 1): \(jar)/\(file) differs between warm and cold")
            }
        }
        let kept = try snapshot(warmCache).states.map(\.deposits)
        XCTAssertEqual(kept, [1, 4, 5], "September's and October's ends, then November 1")
    }

    func testCheckReadsTheCacheButNeverWritesIt() throws {
        let cache = DataFolder(files: [:], display: "cache")
        _ = try build(cache: cache, check: true)
        XCTAssertEqual(cache.allFiles(), [], "check writes no cache")
    }

    func testACorruptSnapshotMeansAFullReplayAndIsReplaced() throws {
        let clean = DataFolder(files: [:], display: "cache")
        _ = try build(cache: clean)
        let corrupt = DataFolder(files: ["jar/bike.json": Array("{\"not\": \"a pile\"".utf8)], display: "cache")
        _ = try build(cache: corrupt)
        XCTAssertEqual(try snapshot(corrupt), try snapshot(clean))
    }
}
