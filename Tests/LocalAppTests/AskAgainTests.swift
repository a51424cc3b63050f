import Foundation
import SiteServer
import XCTest

@testable import LocalApp

/// Every form that adds asks "again?" (DESIGN.md §6, "What a form refuses or asks first"; issue
/// 39): a subscription whose name is already active, with no catalogue entry to match it by, and
/// a goal whose name an existing goal has answer 409 with the page asking, the data folder
/// byte for byte as it was; sent again with `confirm=1`, they are written.
final class AskAgainTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    private func post(_ form: String, _ fields: [String: String]) -> WebResponse? { fixture.post(form, fields) }

    /// The fixture's Music (no catalogue entry) is active: "music" again is asked about.
    func testASubscriptionWhoseNameIsActiveIsAskedAbout() throws {
        let before = fixture.snapshot()
        let again = post("subscription", ["name": "music", "price": "4"])
        XCTAssertEqual(again?.status, 409)
        XCTAssertTrue(
            again?.text.contains("Music is already active. Add it again, as a second subscription?") ?? false,
            again?.text ?? "")
        XCTAssertTrue(again?.text.contains("name=\"confirm\" value=\"1\"") ?? false)
        XCTAssertTrue(again?.text.contains("Yes, write it again") ?? false)
        XCTAssertEqual(fixture.snapshot(), before, "nothing written")

        XCTAssertEqual(post("subscription", ["name": "music", "price": "4", "confirm": "1"])?.status, 303)
        XCTAssertTrue(try fixture.text("subscriptions/subscriptions.toml").contains("name = \"music\""))
        // Another name is no slip.
        XCTAssertEqual(post("subscription", ["name": "Local paper", "price": "3"])?.status, 303)
    }

    /// The fixture's goal "Bike": a new goal named "bike" is asked about; confirmed, it is written
    /// under the next free id.
    func testAGoalWhoseNameAnExistingGoalHasIsAskedAbout() throws {
        let before = fixture.snapshot()
        let fields = ["name": "bike", "mode": "wish", "target": "100"]
        let again = post("goal", fields)
        XCTAssertEqual(again?.status, 409)
        XCTAssertTrue(
            again?.text.contains("You already have a goal called Bike. Start another one with the same name?") ?? false,
            again?.text ?? "")
        XCTAssertTrue(again?.text.contains("name=\"confirm\" value=\"1\"") ?? false)
        XCTAssertTrue(again?.text.contains("Yes, write it again") ?? false)
        XCTAssertEqual(fixture.snapshot(), before, "nothing written")

        let written = post("goal", fields.merging(["confirm": "1"]) { $1 })
        XCTAssertEqual(written?.status, 303, written?.text ?? "")
        XCTAssertEqual(written?.location, "/goals/bike-2/?done=1")
        XCTAssertTrue(try fixture.text("goals/bike-2.toml").contains("name = \"bike\""))
        XCTAssertEqual(try fixture.text("goals/bike.toml"), String(decoding: before["goals/bike.toml"]!, as: UTF8.self))
    }

    /// Another name whose id is taken ("Bike!" makes bike, the fixture's Bike's id) is no question
    /// and no refusal: nobody typed that id, so the goal gets the next free one. A typed id that is
    /// taken is refused.
    func testANewNameWhoseIdIsTakenGetsTheNextFreeID() throws {
        let written = post("goal", ["name": "Bike — road", "mode": "wish", "target": "100", "id": "bike"])
        XCTAssertEqual(written?.status, 422, "a typed id that is taken is refused")
        let before = fixture.snapshot()
        let made = post("goal", ["name": "Bike!", "mode": "wish", "target": "100"])
        XCTAssertEqual(made?.status, 303, made?.text ?? "")
        XCTAssertEqual(made?.location, "/goals/bike-2/?done=1")
        XCTAssertTrue(try fixture.text("goals/bike-2.toml").contains("name = \"Bike!\""))
        XCTAssertEqual(fixture.snapshot().filter { $0.key != "goals/bike-2.toml" }, before)
    }

    /// The questions in Chinese, on a site in Chinese.
    func testTheQuestionsAreAskedInTheSitesLanguage() throws {
        try fixture.write(
            try fixture.text("site.toml").replacingOccurrences(of: "language = \"en\"", with: "language = \"zh-Hans\"")
                .replacingOccurrences(of: "locale = \"en-US\"", with: "locale = \"zh-Hans-CN\"\ncurrency = \"USD\""),
            to: "site.toml")
        XCTAssertTrue(fixture.app.site.lookForChanges())
        let before = fixture.snapshot()
        let subscription = post("subscription", ["name": "Music", "price": "4"])
        XCTAssertEqual(subscription?.status, 409)
        XCTAssertTrue(subscription?.text.contains("Music 已经在订阅中。要再添加一个吗？") ?? false, subscription?.text ?? "")
        let goal = post("goal", ["name": "Bike", "mode": "wish", "target": "100"])
        XCTAssertEqual(goal?.status, 409)
        XCTAssertTrue(goal?.text.contains("已经有一个叫 Bike 的目标了。要再开始一个同名的吗？") ?? false, goal?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), before, "nothing written")
    }
}
