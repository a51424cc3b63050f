import Foundation
import XCTest

@testable import LocalApp

/// serve's writes and undos are stamped in the undo journal by serve's own clock — the one its
/// entries are dated by and tests inject — not by the wall clock (issue 40).
final class JournalClockTests: XCTestCase {
    func testAWriteAndItsUndoAreStampedByTheInjectedClock() throws {
        let clock = Clock(Date(timeIntervalSince1970: 1_700_000_000))
        let fixture = try AppFixture(self, clock: { clock.now })
        XCTAssertEqual(fixture.post("deposit", ["goal": "bike", "amount": "5"])?.status, 303)
        let written = try XCTUnwrap(fixture.journal.entries().last)
        XCTAssertEqual(written.time, Date(timeIntervalSince1970: 1_700_000_000))

        clock.now = Date(timeIntervalSince1970: 1_700_000_090)
        XCTAssertEqual(fixture.post("undo", ["id": String(written.id)])?.status, 303)
        let undone = try XCTUnwrap(fixture.journal.entry(written.id))
        XCTAssertEqual(undone.time, Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(undone.undone, Date(timeIntervalSince1970: 1_700_000_090))
    }
}

/// A clock a test moves.
private final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    var now: Date {
        get { lock.withLock { date } }
        set { lock.withLock { date = newValue } }
    }
}
