import Foundation
import TestSupport
import XCTest

@testable import FixtureGenerator
@testable import SiteData

/// The synthetic data folder for benchmarks: deterministic, valid, and the documented size.
final class FixtureGeneratorTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testScaleOneIsDeterministicValidAndTheDocumentedSize() throws {
        let files = FixtureGenerator(scale: 1).files()
        XCTAssertEqual(files, FixtureGenerator(scale: 1).files(), "same scale, same bytes")
        let folder = TestSupport.temporaryFolder(self).appendingPathComponent("data")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        let log = DiagnosticLog(strict: true)
        let loaded = try XCTUnwrap(DataLoader(folder: DataFolder(path: folder.path), log: log).load(), "\(log.entries)")
        XCTAssertEqual(log.entries, [])
        let deposits = loaded.data.goals.reduce(0) { $0 + $1.deposits.count }
        XCTAssertEqual(loaded.data.goals.count, 10)
        XCTAssertTrue((9_000...11_000).contains(deposits), "about 10,000 deposits, got \(deposits)")
        XCTAssertEqual(loaded.data.subscriptions.count, 100)
        XCTAssertTrue((1_300...1_700).contains(loaded.data.sessions.count), "about 1,500 sessions")
        XCTAssertEqual(loaded.pages.count, 500)
        let pageSizes = files.filter { $0.key.hasPrefix("pages/") }.map(\.value.utf8.count)
        XCTAssertTrue(pageSizes.allSatisfy { (4_000...4_400).contains($0) }, "pages of about 4 KB")
    }

    func testScaleMultipliesTheCounts() {
        let two = FixtureGenerator(scale: 2).files()
        XCTAssertEqual(two.keys.filter { $0.hasPrefix("goals/") }.count, 20)
        XCTAssertEqual(two.keys.filter { $0.hasPrefix("pages/") }.count, 1000)
    }
}
