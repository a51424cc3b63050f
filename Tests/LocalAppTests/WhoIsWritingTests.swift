import DataEdit
import Foundation
import SiteServer
import TOML
import XCTest

@testable import LocalApp

/// serve's "who is writing" (DESIGN.md §6 "A household in serve"): with `[[person]]`s, every form
/// that adds a deposit or a session carries a choice of the site's people, written as `by`,
/// remembered per browser in a cookie holding only the id; an unknown id is a 422 and no file
/// changes.
final class WhoIsWritingTests: XCTestCase {
    private static let site = """
        title = "Base fixture"
        language = "en"
        locale = "en-US"
        timezone = "America/New_York"

        [[person]]
        id = "lin"
        name = "Lin"
        [[person]]
        id = "zhou"
        name = "Zhou"

        """

    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self, files: ["site.toml": Self.site])
    }

    private func get(_ path: String, cookie: String? = nil) -> String? {
        var headers = ["host": AppFixture.host]
        if let cookie { headers["cookie"] = cookie }
        let request = WebRequest(method: "GET", path: path, headers: headers)
        return fixture.app.handle(request).map(\.text) ?? fixture.page(path)
    }

    private func cookie(_ response: WebResponse?) -> String? {
        response?.headers.first { $0.name == "Set-Cookie" }?.value
    }

    func testTheDepositAndSessionFormsOfferThePeople() throws {
        let goal = try XCTUnwrap(fixture.page("/goals/bike/"))
        XCTAssertTrue(goal.contains("<select id=\"form-deposit-bike-by\" name=\"by\">"), goal)
        XCTAssertTrue(goal.contains("<option value=\"lin\">Lin</option>"))
        XCTAssertTrue(goal.contains("<option value=\"zhou\">Zhou</option>"))
        let pacer = try XCTUnwrap(fixture.page("/breathing/box/"))
        XCTAssertTrue(pacer.contains("<select id=\"form-session-box-by\" name=\"by\">"), pacer)
    }

    func testTheChoiceIsWrittenAsByAndRememberedByTheBrowser() throws {
        let before = try fixture.text("goals/bike.toml")
        let response = fixture.post("deposit", ["goal": "bike", "amount": "20", "note": "", "at": "", "by": "zhou"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(
            try fixture.text("goals/bike.toml"),
            before + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 20\nby = \"zhou\"\n")
        let set = try XCTUnwrap(cookie(response))
        XCTAssertTrue(set.hasPrefix("sandjar_person=zhou; Path=/;"), set)
        XCTAssertTrue(set.contains("SameSite=Strict"))
        // The browser that remembers zhou gets the forms with zhou chosen; another, the page as built.
        let remembered = try XCTUnwrap(get("/goals/bike/", cookie: "sandjar_person=zhou"))
        XCTAssertTrue(remembered.contains("<option value=\"zhou\" selected>Zhou</option>"), remembered)
        XCTAssertFalse(remembered.contains("<option value=\"lin\" selected>"))
        XCTAssertFalse(try XCTUnwrap(get("/goals/bike/")).contains(" selected>"))
        XCTAssertFalse(try XCTUnwrap(get("/goals/bike/", cookie: "sandjar_person=wang")).contains(" selected>"))
        // A one-tap amount sends no choice: the browser's person writes it.
        let quick = fixture.post(
            "deposit", ["goal": "bike", "amount": "5"], headers: ["cookie": "sandjar_person=lin"])
        XCTAssertEqual(quick?.status, 303, quick?.text ?? "")
        XCTAssertTrue(try fixture.text("goals/bike.toml").hasSuffix("amount = 5\nby = \"lin\"\n"))
        // A session from the pacer.
        let session = fixture.post(
            "session", ["pattern": "box", "cycles": "4", "by": "lin", "mood_before": "", "mood_after": ""])
        XCTAssertEqual(session?.status, 303, session?.text ?? "")
        XCTAssertTrue(try fixture.text("practice/2026-11.toml").hasSuffix("cycles = 4\nby = \"lin\"\n"))
    }

    /// An id that is no one's — typed into a forged form, or a person since removed — is a 422
    /// naming the field, the form sent back; not a byte of the data folder changes, no cookie.
    func testAnUnknownPersonIsA422AndNothingChanges() throws {
        let before = fixture.snapshot()
        for (form, fields) in [
            ("deposit", ["goal": "bike", "amount": "20", "by": "wang"]),
            ("deposit", ["goal": "bike", "amount": "20", "by": "Lin"]),
            ("session", ["pattern": "box", "cycles": "4", "by": "zhuo"]),
        ] {
            let response = fixture.post(form, fields)
            XCTAssertEqual(response?.status, 422, "\(fields)")
            XCTAssertNil(cookie(response))
            XCTAssertTrue(response?.text.contains("unknown person") ?? false, response?.text ?? "")
            XCTAssertEqual(fixture.snapshot(), before, "\(fields)")
        }
        let typo = fixture.post("session", ["pattern": "box", "cycles": "4", "by": "zhuo"])
        XCTAssertTrue(typo?.text.contains("did you mean &#39;zhou&#39;?") ?? false, typo?.text ?? "")
        // A forged cookie is ignored, never written: the deposit is the household's alone.
        let forged = fixture.post(
            "deposit", ["goal": "bike", "amount": "7"], headers: ["cookie": "sandjar_person=x\"; evil"])
        XCTAssertEqual(forged?.status, 303)
        XCTAssertTrue(try fixture.text("goals/bike.toml").hasSuffix("amount = 7\n"))
    }

    /// Today leads with the remembered person's own figures, beside the household's.
    func testTodayLeadsWithTheRememberedPerson() throws {
        let plain = try XCTUnwrap(get("/"))
        let lead = { (page: String) -> String? in
            page.components(separatedBy: "<ul class=\"household-people\">\n").dropFirst().first?
                .components(separatedBy: "\n").first
        }
        XCTAssertTrue(lead(plain)?.hasPrefix("    <li data-person=\"lin\"><strong>Lin</strong>") ?? false, plain)
        let zhou = try XCTUnwrap(get("/", cookie: "sandjar_person=zhou"))
        XCTAssertTrue(lead(zhou)?.hasPrefix("    <li data-person=\"zhou\"><strong>Zhou</strong>") ?? false, zhou)
        XCTAssertEqual(zhou.components(separatedBy: "<li data-person=").count, 3, "each person once")
        XCTAssertTrue(zhou.contains("<li><strong>All</strong>"), "beside the household's")
    }

    /// A person renamed in site.toml is renamed on a goal's page at the next rebuild, though the
    /// goal did not change (the page is kept between rebuilds only while its people are the same).
    func testARenamedPersonIsRenamedOnAKeptGoalPage() throws {
        XCTAssertTrue(try XCTUnwrap(fixture.page("/goals/bike/")).contains("<option value=\"zhou\">Zhou</option>"))
        try fixture.write(
            Self.site.replacingOccurrences(of: "name = \"Zhou\"", with: "name = \"Xiao Zhou\""), to: "site.toml")
        fixture.app.site.catchUp(with: fixture.app.site.wrote(nil, journalID: nil))
        let page = try XCTUnwrap(fixture.page("/goals/bike/"))
        XCTAssertTrue(page.contains("<option value=\"zhou\">Xiao Zhou</option>"), page)
    }

    func testWithoutPeopleThereIsNoChoiceAndByIsRefused() throws {
        let plain = try AppFixture(self)
        XCTAssertFalse(try XCTUnwrap(plain.page("/goals/bike/")).contains("name=\"by\""))
        let before = plain.snapshot()
        let response = plain.post("deposit", ["goal": "bike", "amount": "20", "by": "lin"])
        XCTAssertEqual(response?.status, 422)
        XCTAssertEqual(plain.snapshot(), before)
    }

    func testServePersonChoosesThatPerson() throws {
        let mine = try AppFixture(self, files: ["site.toml": Self.site], person: "lin")
        let page = try XCTUnwrap(mine.page("/goals/bike/"))
        XCTAssertTrue(page.contains("<option value=\"lin\" selected>Lin</option>"), page)
    }
}
