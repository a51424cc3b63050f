import DataEdit
import Foundation
import SiteServer
import TestSupport
import XCTest

@testable import LocalApp

/// "A slain subscription becomes coins" (DESIGN.md §6, issue 43): after a slay the landing leads
/// with the victory and offers, in one tap, the freed monthly amount to each open goal — a deposit
/// through the same checks, lock, writer and journal as every form, whose note names the slain
/// service. The amounts are checked against the subscription's monthly cost worked out in whole
/// cents with integers, over hand-made and random subscriptions.
final class SlainCoinsTests: XCTestCase {
    private var fixture: AppFixture!

    override func setUpWithError() throws {
        fixture = try AppFixture(self)
    }

    private func post(_ form: String, _ fields: [String: String], headers: [String: String] = [:]) -> WebResponse? {
        fixture.post(form, fields, headers: headers)
    }

    /// The victory's one tap for `goal`, as its form on `landing` carries it.
    private func freedFields(_ goal: String, on landing: String) -> [String: String]? {
        let form = "form-freed-\(goal)"
        var fields: [String: String] = [:]
        for name in ["goal", "amount", "note", "slain"] {
            guard let value = AppFixture.field(name, inForm: form, of: landing) else { return nil }
            fields[name] = value
        }
        return fields
    }

    func testTheVictoryLeadsAndItsOneTapPutsTheFreedMonthInTheGoal() throws {
        let bike = try fixture.text("goals/bike.toml")
        let slain = post("slay", ["id": "music", "on": "2026-11-29"])
        XCTAssertEqual(slain?.location, "/subscriptions/?done=1", "the landing opens at its top, the victory")
        let landing = try XCTUnwrap(fixture.follow(slain))
        // Music: €9.99 a month at 1.08 → $10.7892: $10.79 a month, $129.4704 → $129.47 a year.
        let victory = try XCTUnwrap(landing.range(of: "class=\"notice done victory\""), landing)
        let heading = try XCTUnwrap(landing.range(of: "<h1"))
        XCTAssertLessThan(victory.lowerBound, heading.lowerBound, "the victory comes before the page's own title")
        XCTAssertTrue(landing.contains("<del class=\"name\">Music</del>"), landing)
        XCTAssertTrue(landing.contains("<p class=\"victory-yearly\">$129.47 a year</p>"), landing)
        XCTAssertTrue(landing.contains("<p class=\"victory-monthly\">+$10.79 a month</p>"), landing)
        XCTAssertFalse(landing.contains("Slain: Music."), "the victory says nothing twice")
        let tap = try XCTUnwrap(freedFields("bike", on: landing), landing)
        XCTAssertEqual(tap, ["goal": "bike", "amount": "10.79", "note": "Freed by slaying Music", "slain": "music"])

        let deposit = post("deposit", tap)
        XCTAssertEqual(deposit?.status, 303, deposit?.text ?? "")
        XCTAssertEqual(deposit?.location, "/goals/bike/?done=2")
        XCTAssertEqual(
            try fixture.text("goals/bike.toml"),
            bike + "\n[[deposit]]\nat = 2026-11-29T21:14:05-05:00\namount = 10.79\nnote = \"Freed by slaying Music\"\n")
        let goal = try XCTUnwrap(fixture.follow(deposit))
        XCTAssertTrue(goal.contains("Added $10.79 to Bike"), goal)
        XCTAssertTrue(goal.contains("data-count-from=\"$110.25\""), "the total counts up while the coins fall")
        XCTAssertTrue(goal.contains("src=\"drop.svg\""), "the page plays the new coins' fall")
        XCTAssertEqual(fixture.journal.entries().count, 2, "the slay and the deposit, each undoable")

        // Sent twice (Back, tap again): asked about, as any deposit; written once confirmed.
        let again = post("deposit", tap)
        XCTAssertEqual(again?.status, 409, again?.text ?? "")
        XCTAssertTrue(again?.text.contains("Add the same again?") ?? false)
        XCTAssertEqual(fixture.journal.entries().count, 2)
        XCTAssertEqual(post("deposit", tap.merging(["confirm": "1"]) { $1 })?.status, 303)
        XCTAssertEqual(fixture.journal.entries().count, 3)
    }

    /// A goal saved in another currency than the base is not offered (the rates would choose its
    /// amount), and cannot be sent by hand; nor is one already reached offered.
    func testOnlyOpenGoalsInTheBaseCurrencyAreOffered() throws {
        try fixture.write("name = \"Trip\"\nmode = \"wish\"\ntarget = 900\ncurrency = \"EUR\"\n", to: "goals/trip.toml")
        try fixture.write(
            "name = \"Lamp\"\nmode = \"wish\"\ntarget = 10\n\n[[deposit]]\nat = 2026-10-01\namount = 10\n",
            to: "goals/lamp.toml")
        XCTAssertTrue(fixture.app.site.lookForChanges(), "rebuilt with the files written")
        let landing = try XCTUnwrap(fixture.follow(post("slay", ["id": "music", "on": "2026-11-29"])))
        XCTAssertNotNil(freedFields("bike", on: landing))
        XCTAssertNil(freedFields("trip", on: landing), "a goal in euros is not offered")
        XCTAssertNil(freedFields("lamp", on: landing), "a reached goal is not offered")
        let before = fixture.snapshot()
        let forged = ["goal": "trip", "amount": "10.79", "note": "Freed by slaying Music", "slain": "music"]
        XCTAssertEqual(post("deposit", forged)?.status, 422)
        XCTAssertEqual(fixture.snapshot(), before)
    }

    /// Every forged or broken one tap is refused and leaves the files and the journal as they were.
    func testARefusedOneTapWritesNothing() throws {
        let landing = try XCTUnwrap(fixture.follow(post("slay", ["id": "music", "on": "2026-11-29"])))
        let tap = try XCTUnwrap(freedFields("bike", on: landing))
        let cases: [(String, [String: String], [String: String], Int)] = [
            ("no token", ["token": ""], [:], 403),
            ("a wrong token", ["token": String(AppFixture.token.reversed())], [:], 403),
            ("another origin", [:], ["origin": "http://evil.example"], 403),
            ("another host", [:], ["host": "evil.example:8080"], 403),
            ("a goal id that is a path", ["goal": "../../etc/passwd"], [:], 400),
            ("a goal that is not there", ["goal": "car"], [:], 422),
            ("an amount a cent more", ["amount": "10.80"], [:], 422),
            ("an amount a hundred times", ["amount": "1079"], [:], 422),
            ("a negative amount", ["amount": "-10.79"], [:], 422),
            ("no amount", ["amount": ""], [:], 422),
            ("an amount in words", ["amount": "ten"], [:], 422),
            ("a subscription not slain", ["slain": "netflix"], [:], 422),
            ("a slain id that is a path", ["slain": "../music"], [:], 422),
            ("a control character in the note", ["note": "Freed\u{7}"], [:], 422),
        ]
        for (name, fields, headers, status) in cases {
            let before = fixture.snapshot()
            let journal = fixture.journal.entries()
            let response = post("deposit", tap.merging(fields) { $1 }, headers: headers)
            XCTAssertEqual(response?.status, status, name)
            XCTAssertEqual(fixture.snapshot(), before, "\(name) changed the data")
            XCTAssertEqual(fixture.journal.entries(), journal, "\(name) wrote to the journal")
        }
        // The slay undone, the same tap names a subscription no longer slain.
        XCTAssertEqual(post("undo", ["id": "1"])?.status, 303)
        let before = fixture.snapshot()
        let refused = post("deposit", tap)
        XCTAssertEqual(refused?.status, 422)
        XCTAssertTrue(refused?.text.contains("names no slain subscription") ?? false, refused?.text ?? "")
        XCTAssertEqual(fixture.snapshot(), before)
    }

    /// Random subscriptions (price, members, cycle, currency): the victory's year and month and the
    /// one tap's amount are the monthly cost worked out in integers — cents × the cycle's months as a
    /// fraction × the rate in hundredths ÷ members, rounded half up to the cent — and the deposit
    /// written holds exactly that amount.
    func testTheFreedAmountIsTheMonthlyCostOverRandomSubscriptions() throws {
        var random = SplitMix64(seed: 43)
        // Cycle → (numerator, denominator) of its months (DESIGN.md §4: weekly 52/12 …).
        let cycles: [(String, Int, Int)] = [
            ("weekly", 52, 12), ("monthly", 1, 1), ("quarterly", 1, 3), ("semiannual", 1, 6), ("yearly", 1, 12),
        ]
        var cases: [(cents: Int, members: Int, cycle: (String, Int, Int), euro: Bool)] = [
            (999, 1, cycles[1], true), (1, 3, cycles[4], false), (50, 4, cycles[0], true),
        ]
        for _ in 0..<9 {
            cases.append(
                (
                    Int.random(in: 1...250_000, using: &random), Int.random(in: 1...5, using: &random),
                    cycles[Int.random(in: 0..<cycles.count, using: &random)], Bool.random(using: &random)
                ))
        }
        for (cents, members, cycle, euro) in cases {
            fixture = try AppFixture(self)
            let price = "\(cents / 100).\(String(cents % 100).leftPadded(2))"
            try fixture.write(
                """
                [[subscription]]
                name = "Music"
                price = \(price)
                currency = "\(euro ? "EUR" : "USD")"
                cycle = "\(cycle.0)"
                members = \(members)
                started = 2026-01-10
                next_billing = 2026-12-10

                """, to: "subscriptions/main.toml")
            XCTAssertTrue(fixture.app.site.lookForChanges(), "rebuilt with the files written")
            // cents × num × rate / (den × members × 100), the rate 1.08 as 108/100 or 1 as 100/100.
            let top = cents * cycle.1 * (euro ? 108 : 100)
            let bottom = cycle.2 * members * 100
            let monthly = (2 * top + bottom) / (2 * bottom)
            let yearly = (2 * 12 * top + bottom) / (2 * bottom)
            let what = "\(price) \(euro ? "EUR" : "USD") \(cycle.0) ÷ \(members)"
            let landing = try XCTUnwrap(fixture.follow(post("slay", ["id": "music", "on": "2026-11-29"])), what)
            guard monthly > 0 else {
                XCTAssertNil(freedFields("bike", on: landing), "\(what): nothing freed, nothing offered")
                continue
            }
            XCTAssertTrue(landing.contains("<p class=\"victory-monthly\">+\(Self.dollars(monthly)) a month</p>"), what)
            XCTAssertTrue(landing.contains("<p class=\"victory-yearly\">\(Self.dollars(yearly)) a year</p>"), what)
            let tap = try XCTUnwrap(freedFields("bike", on: landing), what)
            XCTAssertEqual(Decimal(string: tap["amount"] ?? ""), Decimal(monthly) / 100, what)
            let bike = try fixture.text("goals/bike.toml")
            XCTAssertEqual(post("deposit", tap)?.status, 303, what)
            let written = try fixture.text("goals/bike.toml").dropFirst(bike.count)
            let amount = written.split(separator: "\n").first { $0.hasPrefix("amount = ") }?.dropFirst(9)
            XCTAssertEqual(amount.flatMap { Decimal(string: String($0)) }, Decimal(monthly) / 100, what)
            XCTAssertTrue(written.contains("note = \"Freed by slaying Music\""), what)
        }
    }

    /// "$1,234.56" from whole cents, with thousands separators.
    static func dollars(_ cents: Int) -> String {
        let whole = String(cents / 100)
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "$\(grouped).\(String(cents % 100).leftPadded(2))"
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
