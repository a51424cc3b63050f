import DataEdit
import Foundation
import SiteData
import SiteServer
import TOML
import XCTest

@testable import LocalApp

/// serve's forms (DESIGN.md §6) on a copy of `Tests/Fixtures/base`, served by the real owner: every
/// form writes its entry and nothing else, the site is rebuilt before the answer, and the page the
/// browser lands on says what was done and offers Undo.
final class LocalAppTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    private func post(_ form: String, _ fields: [String: String], headers: [String: String] = [:]) -> WebResponse? {
        fixture.post(form, fields, headers: headers)
    }

    private func text(_ relative: String) throws -> String { try fixture.text(relative) }

    // MARK: - Each form writes its entry, and only that, and says so where it lands

    func testADepositAddsOnlyItsEntryLandsOnItsGoalAndSaysSoWithUndo() throws {
        let before = try text("goals/bike.toml")
        let builds = fixture.app.site.buildCount
        let response = post("deposit", ["goal": "bike", "amount": "20", "note": "from the phone", "at": ""])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(response?.location, "/goals/bike/?done=1")
        XCTAssertEqual(
            try text("goals/bike.toml"),
            before + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 20\nnote = \"from the phone\"\n")
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1, "the site is rebuilt once, before the answer")
        let landing = try XCTUnwrap(fixture.follow(response))
        // Issue 34: the coins it dropped and when the next deposit is due, after what was done.
        XCTAssertTrue(
            landing.contains("<p class=\"notice-text\">Added $20.00 to Bike · 4 coins · next due 1 Dec</p>"), landing)
        XCTAssertEqual(AppFixture.field("id", inForm: "form-undo-1", of: landing), "1")
        XCTAssertTrue(fixture.page("/goals/bike/")?.contains("+$20.00") ?? false, "the served site shows it")
        XCTAssertFalse(fixture.page("/goals/bike/")?.contains("notice-text") ?? true, "only the landing says it")
        XCTAssertEqual(fixture.journal.entries().map(\.action.summary), ["added 20 to bike"])
    }

    /// Issue 44: the retention pacer's form sends the holds it measured; they are written as the
    /// CLI's `--holds` writes them, and the landing says them.
    func testARetentionSessionFromThePacerWritesItsHolds() throws {
        let before = try text("practice/2026-11.toml")
        XCTAssertTrue(fixture.page("/breathing/rounds/")?.contains("name=\"holds\"") ?? false, "the form asks holds")
        let response = post(
            "session", ["pattern": "rounds", "holds": "62,75,91", "program": "", "mood_after": "", "at": "2026-11-29"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(
            try text("practice/2026-11.toml"),
            before + "\n[[session]]\nat = 2026-11-29\npattern = \"rounds\"\nholds = [62, 75, 91]\n")
        XCTAssertTrue(
            fixture.follow(response)?.contains("Logged Holds 62 · 75 · 91 s of Retention rounds") ?? false)
    }

    func testASessionFromThePacerAppendsToTheMonthsPracticeFile() throws {
        let before = try text("practice/2026-11.toml")
        let response = post(
            "session",
            ["pattern": "box", "cycles": "4", "program": "", "mood_before": "2", "mood_after": "", "at": "2026-11-29"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(response?.location, "/breathing/?done=1")
        XCTAssertEqual(
            try text("practice/2026-11.toml"),
            before + "\n[[session]]\nat = 2026-11-29\npattern = \"box\"\ncycles = 4\nmood_before = 2\n")
        XCTAssertTrue(fixture.follow(response)?.contains("Logged 4 cycles of Box") ?? false)
    }

    /// A session refused (cycles no one breathes) comes back with the moods that were tapped still
    /// chosen, before and after, and nothing written.
    func testARefusedSessionKeepsTheMoodsThatWereTapped() throws {
        let before = try text("practice/2026-11.toml")
        let response = post(
            "session",
            ["pattern": "box", "cycles": "0", "program": "", "mood_before": "2", "mood_after": "4", "at": "2026-11-29"])
        XCTAssertEqual(response?.status, 422, response?.text ?? "")
        let page = try XCTUnwrap(response?.text)
        XCTAssertTrue(
            page.contains("name=\"mood_after\" id=\"form-session-box-after-4\" value=\"4\" checked>"), page)
        XCTAssertFalse(page.contains("id=\"form-session-box-after-3\" value=\"3\" checked"))
        XCTAssertTrue(page.contains("id=\"pacer-mood-2\" value=\"2\" checked>"), "the mood before, at the top")
        XCTAssertTrue(page.contains("<input type=\"hidden\" name=\"mood_before\" value=\"2\">"))
        XCTAssertEqual(try text("practice/2026-11.toml"), before)
        // A page that was not sent back has no chip chosen.
        let fresh = try XCTUnwrap(fixture.page("/breathing/box/"))
        XCTAssertFalse(fresh.contains("id=\"form-session-box-after-4\" value=\"4\" checked"))
        XCTAssertFalse(fresh.contains("id=\"pacer-mood-2\" value=\"2\" checked"))
    }

    func testSlayingAddsKilledToItsEntryAndAFutureOneEndsOnItsDay() throws {
        let before = try text("subscriptions/main.toml")
        let response = post("slay", ["id": "music", "on": "2026-11-29"])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(response?.location, "/subscriptions/?done=1", "the victory, at the page's top (issue 43)")
        XCTAssertEqual(
            try text("subscriptions/main.toml"),
            before.replacingOccurrences(
                of: "next_billing = 2026-12-10\n", with: "next_billing = 2026-12-10\nkilled = 2026-11-29\n"))
        XCTAssertTrue(fixture.follow(response)?.contains("<del class=\"name\">Music</del>") ?? false)
        // Undone, then slain from a day ahead: the row says when it ends, offers Revive, not Slay.
        XCTAssertEqual(post("undo", ["id": "1"])?.status, 303)
        XCTAssertEqual(try text("subscriptions/main.toml"), before)
        let ahead = post("slay", ["id": "music", "on": "2026-12-20"])
        XCTAssertEqual(ahead?.location, "/subscriptions/?done=2#music")
        XCTAssertTrue(fixture.follow(ahead)?.contains("Music ends on 20 Dec 2026") ?? false)
        let page = try XCTUnwrap(fixture.page("/subscriptions/"))
        XCTAssertTrue(page.contains("ends on 20 Dec 2026"), page)
        XCTAssertFalse(page.contains("id=\"form-slay-music\""), "no Slay for one that is slain already")
        XCTAssertTrue(page.contains("id=\"form-revive-music\""))
        // More than a year ahead is a typo.
        XCTAssertEqual(post("undo", ["id": "2"])?.status, 303)
        let typo = post("slay", ["id": "music", "on": "9999-12-31"])
        XCTAssertEqual(typo?.status, 422)
        XCTAssertTrue(typo?.text.contains("more than a year ahead") ?? false)
        XCTAssertEqual(try text("subscriptions/main.toml"), before)
    }

    /// What is left empty comes from the catalogue entry the name matches, in the site currency.
    func testANewSubscriptionIsFilledInFromTheCatalogueAndAskedAboutTwice() throws {
        let response = post(
            "subscription",
            [
                "name": "Netflix", "price": "", "currency": "", "cycle": "", "next_billing": "2026-12-15",
                "members": "", "category": "",
            ])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        let written = try text("subscriptions/streaming.toml")
        XCTAssertTrue(written.hasPrefix("# Subscriptions (streaming): one [[subscription]] block each"), written)
        let entry = try XCTUnwrap(
            try TOMLParser.parse(Array(written.utf8))["subscription"]?.arrayValue?.first?.tableValue)
        XCTAssertEqual(entry["catalog"]?.stringValue, "netflix")
        XCTAssertEqual(entry["cycle"]?.stringValue, "monthly")
        XCTAssertEqual(entry["category"]?.stringValue, "streaming")
        XCTAssertEqual(entry["started"]?.dateTimeValue?.description, "2026-11-29")
        // The same service again is asked about, and written only when confirmed.
        let again = post("subscription", ["name": "netflix", "price": "7"])
        XCTAssertEqual(again?.status, 409)
        XCTAssertTrue(again?.text.contains("is already active") ?? false, again?.text ?? "")
        XCTAssertTrue(again?.text.contains("name=\"confirm\" value=\"1\"") ?? false)
        XCTAssertEqual(try text("subscriptions/streaming.toml"), written)
        XCTAssertEqual(post("subscription", ["name": "netflix", "price": "7", "confirm": "1"])?.status, 303)
        XCTAssertEqual(try text("subscriptions/streaming.toml").components(separatedBy: "\n[[subscription]]").count, 3)
        // A category is matched to the one the data uses, whatever its case.
        XCTAssertEqual(
            post("subscription", ["name": "Local paper", "price": "3", "category": "STREAMING"])?.status, 303)
        XCTAssertTrue(try text("subscriptions/streaming.toml").contains("name = \"Local paper\""))
        XCTAssertFalse(try text("subscriptions/streaming.toml").contains("\"STREAMING\""))
    }

    func testANewGoalIsAFileWithTheCommentsInitWritesAndItsIdKeepsItsLetters() throws {
        let response = post(
            "goal",
            [
                "id": "camera", "name": "A camera", "mode": "wish", "target": "900", "currency": "", "icon": "📷",
                "plan_amount": "100", "frequency": "monthly",
            ])
        XCTAssertEqual(response?.status, 303, response?.text ?? "")
        XCTAssertEqual(response?.location, "/goals/camera/?done=1")
        let written = try text("goals/camera.toml")
        XCTAssertTrue(written.hasPrefix("# A \"wish\" goal: something you want"), written)
        XCTAssertTrue(written.contains("\nperiods = 9 "), "900 at 100 a month takes 9 periods: \(written)")
        let before = fixture.snapshot()
        XCTAssertEqual(post("goal", ["id": "camera", "name": "Another", "mode": "wish", "target": "5"])?.status, 422)
        XCTAssertEqual(fixture.snapshot(), before)
        // Without an id, one is made from the name, accents folded; a name without Latin letters
        // gets goal-N and keeps its name.
        for (name, id) in [
            ("Café crème", "cafe-creme"), ("Ünïcödé 旅行", "unicode"), ("京都之旅", "goal-1"), ("旅行", "goal-2"),
        ] {
            let made = post("goal", ["name": name, "mode": "wish", "target": "100"])
            XCTAssertEqual(made?.location, "/goals/\(id)/?done=\(fixture.journal.entries().count)", name)
            XCTAssertTrue(try text("goals/\(id).toml").contains("name = \"\(name)\""), name)
        }
    }

    // MARK: - Undo and corrections

    func testUndoTakesTheWriteBackAndASecondUndoIsRefused() throws {
        let before = fixture.snapshot()
        let added = post("deposit", ["goal": "bike", "amount": "5"])
        XCTAssertEqual(added?.status, 303)
        let undone = post("undo", ["id": "1"])
        XCTAssertEqual(undone?.status, 303, undone?.text ?? "")
        XCTAssertEqual(undone?.location, "/goals/bike/?done=1")
        XCTAssertEqual(fixture.snapshot(), before)
        let landing = try XCTUnwrap(fixture.follow(undone))
        XCTAssertTrue(landing.contains("Undone: Added $5.00 to Bike"), landing)
        XCTAssertFalse(landing.contains("form-undo-1"), "no Undo for what was undone")
        let again = post("undo", ["id": "1"])
        XCTAssertEqual(again?.status, 422)
        XCTAssertTrue(again?.text.contains("was already taken back") ?? false, again?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), before)
        // A write whose file changed since is not taken back: that would lose what came after.
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "6"])?.status, 303)
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "7"])?.status, 303)
        let changed = fixture.snapshot()
        let stale = post("undo", ["id": "2"])
        XCTAssertEqual(stale?.status, 422)
        XCTAssertTrue(stale?.text.contains("has changed since write 2") ?? false, stale?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), changed)
    }

    func testADepositIsEditedAndRemovedFromItsRowAndAStaleFingerprintIsA409() throws {
        let list = try XCTUnwrap(fixture.page("/goals/bike/"))
        XCTAssertFalse(list.contains("action=\"/_sandjar/edit\""), "rows carry an Edit link, not forms")
        let fingerprint = try XCTUnwrap(AppFixture.firstEdit(in: list))
        let page = try XCTUnwrap(fixture.editPage("/goals/bike/", fingerprint))
        let id = "form-edit-\(fingerprint)"
        let at = try XCTUnwrap(AppFixture.field("at", inForm: id, of: page))
        XCTAssertEqual(AppFixture.field("fingerprint", inForm: id, of: page), fingerprint)
        XCTAssertTrue(page.contains("value=\"birthday\""), "its note is filled in")
        XCTAssertEqual(at, "2026-10-01", "the newest deposit is listed first")
        let fields = ["entry": "deposit", "goal": "bike", "at": at, "fingerprint": fingerprint]
        let before = try text("goals/bike.toml")
        let edited = post("edit", fields.merging(["amount": "61", "note": "birthday!", "new_at": ""]) { $1 })
        XCTAssertEqual(edited?.status, 303, edited?.text ?? "")
        XCTAssertEqual(edited?.location, "/goals/bike/?done=1#deposits-heading")
        XCTAssertEqual(
            try text("goals/bike.toml"),
            before.replacingOccurrences(
                of: "amount = 60.25\nnote = \"birthday\"", with: "amount = 61\nnote = \"birthday!\""))
        XCTAssertTrue(fixture.follow(edited)?.contains("Changed the deposit in Bike to $61.00") ?? false)
        // The page it was sent from is stale now: its fingerprint names what the entry held.
        let afterEdit = fixture.snapshot()
        let stale = post("remove", fields)
        XCTAssertEqual(stale?.status, 409)
        XCTAssertTrue(stale?.text.contains("was changed since this page was made") ?? false, stale?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), afterEdit)
        // From the page as it is now, Remove takes the entry out; Undo puts it back.
        let fresh = try XCTUnwrap(fixture.page("/goals/bike/"))
        let newPrint = try XCTUnwrap(AppFixture.firstEdit(in: fresh))
        XCTAssertNotEqual(newPrint, fingerprint)
        let removed = post("remove", ["entry": "deposit", "goal": "bike", "at": "2026-10-01", "fingerprint": newPrint])
        XCTAssertEqual(removed?.status, 303, removed?.text ?? "")
        XCTAssertFalse(try text("goals/bike.toml").contains("2026-10-01"))
        XCTAssertTrue(fixture.follow(removed)?.contains("Removed $61.00 from Bike") ?? false)
        XCTAssertEqual(post("undo", ["id": "2"])?.status, 303)
        XCTAssertEqual(fixture.snapshot(), afterEdit)
    }

    func testASessionIsEditedAndRemovedFromTheBreathingPage() throws {
        XCTAssertTrue(fixture.page("/breathing/")?.contains("href=\"../practice/\"") ?? false, "it links to them")
        let page = try XCTUnwrap(fixture.page("/practice/"))
        XCTAssertTrue(page.contains("Recent sessions"), page)
        let fingerprint = try XCTUnwrap(AppFixture.firstEdit(in: page))
        let forms = try XCTUnwrap(fixture.editPage("/practice/", fingerprint))
        XCTAssertEqual(AppFixture.field("at", inForm: "form-edit-\(fingerprint)", of: forms), "2026-11-02T21:00:00")
        let before = try text("practice/2026-11.toml")
        let fields = ["entry": "session", "goal": "", "at": "2026-11-02T21:00:00", "fingerprint": fingerprint]
        let edited = post("edit", fields.merging(["minutes": "5", "mood_before": "2", "mood_after": ""]) { $1 })
        XCTAssertEqual(edited?.status, 303, edited?.text ?? "")
        XCTAssertEqual(
            try text("practice/2026-11.toml"),
            before.replacingOccurrences(
                of: "minutes = 3\nmood_before = 2\nmood_after = 4\n", with: "minutes = 5\nmood_before = 2\n"))
        let fresh = try XCTUnwrap(AppFixture.firstEdit(in: try XCTUnwrap(fixture.page("/practice/"))))
        let removed = post(
            "remove", ["entry": "session", "goal": "", "at": "2026-11-02T21:00:00", "fingerprint": fresh])
        XCTAssertEqual(removed?.status, 303, removed?.text ?? "")
        XCTAssertEqual(
            try text("practice/2026-11.toml"),
            "[[session]]\nat = 2026-11-01T21:00:00\npattern = \"box\"\ncycles = 4\n")
    }

    func testReviveAndChangePrice() throws {
        XCTAssertEqual(post("slay", ["id": "music", "on": "2026-11-20"])?.status, 303)
        let revived = post("revive", ["id": "music"])
        XCTAssertEqual(revived?.status, 303, revived?.text ?? "")
        XCTAssertFalse(try text("subscriptions/main.toml").contains("killed"))
        XCTAssertTrue(fixture.follow(revived)?.contains("Music is active again") ?? false)
        let priced = post("price", ["id": "music", "price": "10.99", "from": "2026-12-01"])
        XCTAssertEqual(priced?.status, 303, priced?.text ?? "")
        let written = try text("subscriptions/main.toml")
        XCTAssertTrue(
            written.contains(
                "price = 10.99\nprices = [{ from = 2026-01-10, price = 9.99 }, { from = 2026-12-01, price = 10.99 }]\n"),
            written)
        XCTAssertTrue(fixture.follow(priced)?.contains("Music costs €10.99 from 1 Dec 2026") ?? false)
    }

    /// The same deposit or session sent again within two minutes (Back and send again) is asked
    /// about, and written only when confirmed.
    func testTheSameEntryAgainWithinTwoMinutesIsAskedAbout() throws {
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "7", "note": "lunch"])?.status, 303)
        let after = try text("goals/bike.toml")
        let again = post("deposit", ["goal": "bike", "amount": "7", "note": "lunch"])
        XCTAssertEqual(again?.status, 409)
        XCTAssertTrue(
            again?.text.contains("You added $7.00 · lunch at 21:14. Add the same again?") ?? false, again?.text ?? "")
        XCTAssertTrue(again?.text.contains("Yes, write it again") ?? false)
        XCTAssertEqual(try text("goals/bike.toml"), after, "nothing written")
        XCTAssertEqual(post("deposit", ["goal": "bike", "amount": "7", "note": "lunch", "confirm": "1"])?.status, 303)
        XCTAssertEqual(
            post("deposit", ["goal": "bike", "amount": "8", "note": "lunch"])?.status, 303, "another amount is no slip")
        XCTAssertEqual(post("session", ["pattern": "box", "cycles": "4"])?.status, 303)
        let session = post("session", ["pattern": "box", "cycles": "4"])
        XCTAssertEqual(session?.status, 409)
        XCTAssertTrue(
            session?.text.contains("You logged 4 cycles of Box breathing at 21:14. Log it again?") ?? false,
            session?.text ?? "")
    }

    /// A write that unlocks a badge says so where it lands.
    func testTheLandingNamesTheBadgesAWriteUnlocked() throws {
        let response = post("deposit", ["goal": "bike", "amount": "1000"])
        let landing = try XCTUnwrap(fixture.follow(response))
        XCTAssertTrue(landing.contains("class=\"notice-badges\""), landing)
        XCTAssertTrue(landing.contains("<strong>"), landing)
    }
}
