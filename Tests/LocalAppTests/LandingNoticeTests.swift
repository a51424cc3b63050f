import DataEdit
import Foundation
import SiteServer
import XCTest

@testable import LocalApp

/// The page a write lands on says what was done and offers Undo only while that write is still
/// the news (issue 39): the latest write in the undo journal, standing. A `?done=N` page reloaded
/// or gone Back to after another write, or after the write was undone, is the page as it is.
final class LandingNoticeTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    private func post(_ form: String, _ fields: [String: String]) -> WebResponse? { fixture.post(form, fields) }

    /// The page at `location` (`/goals/bike/?done=1`), as a reload asks for it.
    private func landing(_ location: String?) throws -> String {
        let parts = try XCTUnwrap(location).split(separator: "#")[0].split(separator: "?", maxSplits: 1).map(
            String.init)
        let request = WebRequest(
            method: "GET", path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: ["host": AppFixture.host])
        if let answered = fixture.app.handle(request) { return answered.text }
        return try XCTUnwrap(fixture.page(parts[0]))
    }

    func testAnOldLandingReloadedNoLongerOffersUndo() throws {
        let first = post("deposit", ["goal": "bike", "amount": "5"])?.location
        XCTAssertEqual(first, "/goals/bike/?done=1")
        XCTAssertTrue(try landing(first).contains("form-undo-1"), "the landing offers Undo")
        XCTAssertTrue(try landing(first).contains("Added $5.00 to Bike"), "and, reloaded at once, still does")

        let second = post("deposit", ["goal": "bike", "amount": "6"])?.location
        XCTAssertEqual(second, "/goals/bike/?done=2")
        let old = try landing(first)
        XCTAssertFalse(old.contains("form-undo-1"), "write 1 is no longer the latest: no Undo for it")
        XCTAssertFalse(old.contains("Added $5.00 to Bike"))
        XCTAssertTrue(try landing(second).contains("form-undo-2"))

        // A write from the command line makes it old news too.
        _ = try DepositEntry(amount: "7", note: "cli").add(
            to: "bike", data: fixture.data.path, now: AppFixture.clock, journal: fixture.journal)
        XCTAssertFalse(try landing(second).contains("form-undo-2"))
    }

    func testAWriteUndoneNoLongerOffersUndoWhereItLanded() throws {
        let added = post("deposit", ["goal": "bike", "amount": "5"])?.location
        let undone = post("undo", ["id": "1"])
        XCTAssertEqual(undone?.location, added, "the undo lands where the write did")
        let page = try landing(undone?.location)
        XCTAssertTrue(page.contains("Undone: Added $5.00 to Bike"), page)
        XCTAssertFalse(page.contains("form-undo-1"), "no Undo for what was undone")
        // Written again after the undo, the old address says nothing of either.
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "8"])?.location, "/goals/bike/?done=2")
        let later = try landing(added)
        XCTAssertFalse(later.contains("Undone: Added $5.00 to Bike"))
        XCTAssertFalse(later.contains("form-undo-1"))
    }

    /// Undo of a write that never was says so, and changes nothing (issue 39).
    func testUndoOfAWriteThatNeverWasSaysSo() throws {
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "5"])?.status, 303)
        let before = fixture.snapshot()
        let refused = post("undo", ["id": "99999"])
        XCTAssertEqual(refused?.status, 422)
        XCTAssertTrue(
            refused?.text.contains("there is no write 99999 in the undo journal (its latest is write 1)") ?? false,
            refused?.text ?? "")
        XCTAssertFalse(refused?.text.contains("no longer holds") ?? true)
        XCTAssertEqual(fixture.snapshot(), before, "nothing written")
    }
}
