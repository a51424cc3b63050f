import Foundation
import Jar
import XCTest

@testable import SiteBuilder
@testable import SiteData
@testable import SitePublish

/// The jar cache through the one file-system value: held in memory here, so each case says what a
/// build reads and writes without a disk.
final class JarCacheTests: XCTestCase {
    /// The base fixture read from memory (with `extraDeposit` appended to bike.toml), built with
    /// the cache `cache`; the built site.
    private func build(cache: DataFolder, extraDeposit: String = "", check: Bool = false) throws -> BuildReport {
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
        options.output = TestSupport.temporaryFolder(self).appendingPathComponent("site").path
        options.today = CalendarDateFixture.sampleToday
        let build = SiteBuild(options: options)
        let report = check ? build.check().0 : build.run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        return report
    }

    private func snapshot(_ cache: DataFolder) throws -> JarSnapshot {
        guard case .success(let file) = cache.read("jar/bike.json") else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(JarSnapshot.self, from: Data(file.bytes))
    }

    func testABuildStoresTheSettledPileAndTheNextOneContinuesFromIt() throws {
        let cache = DataFolder(files: [:], display: "cache")
        _ = try build(cache: cache)
        XCTAssertEqual(cache.allFiles(), ["jar/bike.json"])
        let first = try snapshot(cache)

        let deposit = "\n[[deposit]]\nat = 2026-11-28T09:00:00\namount = 40\n"
        _ = try build(cache: cache, extraDeposit: deposit)
        let second = try snapshot(cache)
        XCTAssertNotEqual(first, second, "the new deposit's pile replaces the old snapshot")
        XCTAssertEqual(second.states.last?.deposits, (first.states.last?.deposits ?? 0) + 1)
        XCTAssertEqual(
            second.states.dropLast().last, first.states.last, "the old pile after is the new pile before")
        let months = first.states.dropLast(2).map(\.deposits)
        XCTAssertEqual(
            Array(second.states.map(\.deposits).prefix(months.count)), months, "the month-end piles are kept")
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
