import DataEdit
import Foundation
import SiteBuilder
import SiteServer
import TestSupport
import XCTest

@testable import LocalApp

/// serve's forms on a data folder held in memory (issue 40): the same `LocalApp`, its edits
/// written through one editor into a `DataFolder` in memory, its undo journal and jar cache kept
/// in memory, every write dated by the injected clock, and nothing put on the disk.
final class InMemoryAppTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testRefusedAndForgedRequestsLeaveTheFolderInMemoryByteForByte() throws {
        let fixture = try AppFixture(self, inMemory: true)
        let before = fixture.snapshot()
        XCTAssertFalse(before.isEmpty)
        let good = ["goal": "bike", "amount": "20"]
        let wrongToken = String(repeating: "0", count: 32)
        let attempts: [(what: String, status: Int, response: WebResponse?)] = [
            ("no token", 403, fixture.post("deposit", good.merging(["token": "\u{0}omit"]) { _, new in new })),
            ("a wrong token", 403, fixture.post("deposit", good.merging(["token": wrongToken]) { _, new in new })),
            ("another origin", 403, fixture.post("deposit", good, headers: ["origin": "http://evil.example"])),
            (
                "another site's referer", 403,
                fixture.post("deposit", good, headers: ["origin": "", "referer": "http://evil.example/x"])
            ),
            ("another host", 403, fixture.post("deposit", good, headers: ["host": "evil.example:8080"])),
            ("a bad amount", 422, fixture.post("deposit", ["goal": "bike", "amount": "-3"])),
        ]
        for (what, status, response) in attempts {
            XCTAssertEqual(response?.status, status, what)
            XCTAssertEqual(fixture.snapshot(), before, "\(what): the folder in memory is as it was")
        }
        XCTAssertNil(fixture.journal.latestID(), "nothing was journalled")
        try assertNothingOnDisk(fixture)
    }

    func testADepositIsDatedByTheInjectedClockInTheSitesTimeZone() throws {
        let fixture = try AppFixture(self, inMemory: true)
        let before = try fixture.text("goals/bike.toml")
        let response = fixture.post("deposit", ["goal": "bike", "amount": "20", "note": "from the phone"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(response?.location, "/goals/bike/?done=1")
        XCTAssertEqual(
            try fixture.text("goals/bike.toml"),
            before + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 20\nnote = \"from the phone\"\n")
        XCTAssertEqual(fixture.journal.entry(1)?.time, AppFixture.clock, "the journal is stamped by the same clock")
        // The rebuild before the answer read the folder in memory: the page shows the deposit.
        XCTAssertTrue(try XCTUnwrap(fixture.follow(response)).contains("from the phone"))
        try assertNothingOnDisk(fixture)
    }

    func testSuccessiveWritesAreStampedAsTheClockMoves() throws {
        let clock = MovingClock(AppFixture.clock)
        let fixture = try AppFixture(self, inMemory: true, clock: clock.read)
        let before = try fixture.text("goals/bike.toml")
        var expected = before
        for (step, minute) in ["14", "24", "34", "44"].enumerated() {
            clock.set(AppFixture.clock.addingTimeInterval(Double(step) * 600))
            let response = fixture.post("deposit", ["goal": "bike", "amount": String(step + 1)])
            XCTAssertEqual(response?.status, 303, response?.text ?? "")
            expected += "\n[[deposit]]\nat = 2026-11-29T21:\(minute):05-05:00\namount = \(step + 1)\n"
        }
        XCTAssertEqual(try fixture.text("goals/bike.toml"), expected)
        XCTAssertEqual(
            fixture.journal.entries().map { $0.time },
            [0.0, 600, 1200, 1800].map { AppFixture.clock.addingTimeInterval($0) })
        try assertNothingOnDisk(fixture)
    }

    func testUndoRestoresTheBytesAndIsStampedByTheClock() throws {
        let clock = MovingClock(AppFixture.clock)
        let fixture = try AppFixture(self, inMemory: true, clock: clock.read)
        let before = fixture.snapshot()
        XCTAssertEqual(fixture.post("deposit", ["goal": "bike", "amount": "20"])?.status, 303)
        XCTAssertNotEqual(fixture.snapshot(), before)
        clock.set(AppFixture.clock.addingTimeInterval(90))
        let response = fixture.post("undo", ["id": "1"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), before, "the folder in memory is byte for byte as before the write")
        let entry = try XCTUnwrap(fixture.journal.entry(1))
        XCTAssertEqual(entry.time, AppFixture.clock)
        XCTAssertEqual(entry.undone, AppFixture.clock.addingTimeInterval(90))
        try assertNothingOnDisk(fixture)
    }

    /// The watch looks at the folder in memory's count of writes, not at the disk: a file changed
    /// by hand is seen once and built once.
    func testTheWatchSeesAChangeToTheFolderInMemory() throws {
        let fixture = try AppFixture(self, inMemory: true)
        XCTAssertFalse(fixture.app.site.lookForChanges(), "nothing changed since the first build")
        let bike = try fixture.text("goals/bike.toml")
        try fixture.write(
            bike + "\n[[deposit]]\nat = 2026-11-28\namount = 7\nnote = \"by hand\"\n", to: "goals/bike.toml")
        XCTAssertTrue(fixture.app.site.lookForChanges())
        XCTAssertFalse(fixture.app.site.lookForChanges())
        XCTAssertTrue(try XCTUnwrap(fixture.page("/goals/bike/")).contains("by hand"))
        try assertNothingOnDisk(fixture)
    }

    /// The fixture's folder is still empty; the data folder it names, its journal and its jar cache
    /// where the environment would put them were never made; the jars were kept in memory.
    private func assertNothingOnDisk(_ fixture: AppFixture, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path), [], file: file, line: line)
        let options = fixture.app.site.options
        for path in [options.data, UndoJournal(forData: options.data).folder.path, options.cachePath] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) was made", file: file, line: line)
        }
        XCTAssertFalse(
            options.cacheFiles?.allFiles().isEmpty ?? true, "the jars are cached in memory", file: file, line: line)
    }
}
