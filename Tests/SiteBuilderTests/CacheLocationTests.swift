import Foundation
import TestSupport
import XCTest

@testable import PhysicsCache
@testable import SiteBuilder

/// The cache lives under XDG_CACHE_HOME (else ~/.cache), one folder per data folder's real path.
final class CacheLocationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testXDGCacheHomeThenHome() {
        let data = TestSupport.temporaryFolder(self).path
        let xdg = CacheLocation.folder(forData: data, environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])
        XCTAssertTrue(xdg.path.hasPrefix("/x/cache/sandjar/"), xdg.path)
        let home = CacheLocation.folder(forData: data, environment: ["HOME": "/home/u"])
        XCTAssertTrue(home.path.hasPrefix("/home/u/.cache/sandjar/"), home.path)
        let relative = CacheLocation.folder(forData: data, environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])
        XCTAssertTrue(relative.path.hasPrefix("/home/u/.cache/sandjar/"), "a relative XDG_CACHE_HOME is ignored")
    }

    func testOneKeyPerRealPath() throws {
        let work = TestSupport.temporaryFolder(self)
        let a = work.appendingPathComponent("dash")
        let b = work.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
        let link = work.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: a)
        XCTAssertEqual(CacheLocation.key(forData: a.path), CacheLocation.key(forData: link.path))
        XCTAssertEqual(CacheLocation.key(forData: a.path), CacheLocation.key(forData: a.path + "/./"))
        XCTAssertNotEqual(CacheLocation.key(forData: a.path), CacheLocation.key(forData: b.path))
        XCTAssertTrue(CacheLocation.key(forData: a.path).hasPrefix("dash-"))
    }

    /// A build without --cache fills the XDG cache, and nothing appears in the data folder, the
    /// output or the working directory.
    func testABuildKeepsItsCacheOutOfTheDataAndTheOutput() throws {
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("data")
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("base"), to: data)
        let before = Set(TestSupport.snapshot(data).keys)
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("site").path
        options.today = CalendarDateFixture.sampleToday
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        let cache = CacheLocation.folder(forData: data.path)
        XCTAssertTrue(cache.path.hasPrefix(TestIsolation.cacheHome.path), cache.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.appendingPathComponent("jar/bike.json").path))
        XCTAssertEqual(Set(TestSupport.snapshot(data).keys), before)
        XCTAssertFalse(
            TestSupport.snapshot(work.appendingPathComponent("site")).keys.contains { $0.contains("jar/bike.json") })
    }
}
