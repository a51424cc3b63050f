import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar today` (DESIGN.md §6), in-process, on a temporary copy of `Tests/Fixtures/base`: its
/// bike plan asks $50 on the 1st of each month (paid Sep 1 and Oct 1), Music renews Dec 10,
/// breathing sessions on Nov 1 and 2 (the first unlocks first_breath).
final class TodayTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-today-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["today"] + words + ["--data", data.path], console: captured.console())
        return (status, captured)
    }

    private func append(_ text: String, to relative: String) throws {
        let url = data.appendingPathComponent(relative)
        let before = try Data(contentsOf: url)
        try (before + Data(text.utf8)).write(to: url)
    }

    func testTheTextIsATitleAndALineForEachThingInOrder() throws {
        try append(
            """

            [[subscription]]
            name = "Trial TV"
            catalog = false
            price = 8
            cycle = "monthly"
            trial = true
            started = 2026-11-20
            next_billing = 2026-12-01

            [[subscription]]
            name = "Gym"
            catalog = false
            price = 30
            cycle = "monthly"
            started = 2026-01-05
            next_billing = 2026-12-05
            ends = 2027-01-04
            notice_days = 31

            """, to: "subscriptions/main.toml")
        let (status, out) = run(["--today", "2026-11-29"])
        XCTAssertEqual(status, 0, out.err)
        // Nov's $50 was due Nov 1; the trial charges Dec 1 (2 days); the gym's notice is due
        // Jan 4 − 31 days = Dec 4 (5 days) and it renews Dec 5 (6 days); Music (Dec 10) is 11 days off.
        XCTAssertEqual(
            out.out,
            """
            Base fixture · Sunday, 29 Nov: 4 things need you
            - Put $50.00 into Bike — overdue by 28 days
            - Trial TV: the free trial turns into a $8.00 charge — in 2 days
            - Give notice for Gym by 4 Dec, or the contract renews — in 5 days
            - Gym renews for $30.00 — in 6 days

            """)
        XCTAssertEqual(out.err, "")
    }

    /// Issue 39: a forgotten trial 4 days before its first charge (the seed's Peacock Premium,
    /// $5.99) is listed, in the text and in the JSON (DESIGN.md §6: within 7 days); one 8 days
    /// away is not yet.
    func testATrialThatTurnsIntoAChargeWithinAWeekIsListed() throws {
        try append(
            """

            [[subscription]]
            name = "Peacock Premium"
            price = 5.99
            cycle = "monthly"
            trial = true
            started = 2026-11-26
            next_billing = 2026-12-03

            [[subscription]]
            name = "Far Trial"
            catalog = false
            price = 4
            cycle = "monthly"
            trial = true
            started = 2026-11-20
            next_billing = 2026-12-07

            """, to: "subscriptions/main.toml")
        let (status, out) = run(["--today", "2026-11-29"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertTrue(
            out.out.contains("- Peacock Premium: the free trial turns into a $5.99 charge — in 4 days\n"), out.out)
        XCTAssertFalse(out.out.contains("Far Trial"), out.out)

        let (jsonStatus, json) = run(["--today", "2026-11-29", "--format", "json"])
        XCTAssertEqual(jsonStatus, 0, json.err)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let items = try XCTUnwrap(document["items"] as? [[String: Any]])
        let trials = items.filter { $0["kind"] as? String == "trial" }
        XCTAssertEqual(trials.count, 1, json.out)
        XCTAssertEqual(trials.first?["when"] as? String, "2026-12-03")
        XCTAssertEqual(trials.first?["days"] as? Int, 4)
        XCTAssertEqual(trials.first?["amount"] as? String, "5.99")
    }

    func testJSONIsTheShapeDesignSays() throws {
        try append("base_url = \"https://example.org/dash/\"\n", to: "site.toml")
        let (status, out) = run(["--today", "2026-11-03", "--format", "json"])
        XCTAssertEqual(status, 0, out.err)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.out.utf8)) as? [String: Any])
        XCTAssertEqual(Set(document.keys), ["title", "date", "items"])
        XCTAssertEqual(document["date"] as? String, "2026-11-03")
        XCTAssertEqual(document["title"] as? String, "Base fixture · Tuesday, 3 Nov: 2 things need you")
        let items = try XCTUnwrap(document["items"] as? [[String: Any]])
        for item in items {
            XCTAssertEqual(Set(item.keys), ["kind", "title", "when", "days", "amount", "url"])
        }
        // Nov 3: the Nov deposit is 2 days overdue; sessions on Nov 1 and 2 and none yet today, so
        // the 2-day streak ends tonight; first_breath was earned on Nov 1, two days ago: not news.
        XCTAssertEqual(items.map { $0["kind"] as? String }, ["deposit", "streak"])
        XCTAssertEqual(items.map { $0["when"] as? String }, ["2026-11-01", "2026-11-03"])
        XCTAssertEqual(items.map { $0["days"] as? Int }, [-2, 0])
        XCTAssertEqual(items[0]["amount"] as? String, "50.00")
        XCTAssertTrue(items[1]["amount"] is NSNull)
        XCTAssertEqual(
            items.map { $0["url"] as? String },
            ["https://example.org/dash/goals/bike/", "https://example.org/dash/breathing/"])
        XCTAssertEqual(items[1]["title"] as? String, "Breathe today, or your 2-day streak ends tonight")
    }

    func testABadgeEarnedYesterdayIsNewsAndComesLast() {
        // Nov 2: the session at 21:00 is today's, so no streak item; first_breath (Nov 1) is news.
        let (status, out) = run(["--today", "2026-11-02"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.out,
            "Base fixture · Monday, 2 Nov: 2 things need you\n- Put $50.00 into Bike — overdue by 1 day\n"
                + "- Badge earned: First breath — yesterday\n")
    }

    func testIfAnyIsSilentOnADayWithNothing() {
        // Sep 15: September's deposit is paid, the next is due Oct 1; nothing renews this week.
        let (status, out) = run(["--today", "2026-09-15", "--if-any"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(out.out, "")
        XCTAssertEqual(out.err, "")
        let (plain, said) = run(["--today", "2026-09-15"])
        XCTAssertEqual(plain, 0)
        XCTAssertEqual(said.out, "Base fixture · Tuesday, 15 Sep: nothing needs you today\n")
        let (json, document) = run(["--today", "2026-09-15", "--format", "json"])
        XCTAssertEqual(json, 0)
        XCTAssertTrue(document.out.contains("\"items\": []"), document.out)
        // With something due, --if-any says it all.
        let (busy, told) = run(["--today", "2026-11-29", "--if-any"])
        XCTAssertEqual(busy, 0)
        XCTAssertTrue(told.out.hasPrefix("Base fixture · Sunday, 29 Nov: 1 thing needs you\n"), told.out)
    }

    func testTheSitesLanguageAndItsFolder() throws {
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "language = \"en\"", with: "language = \"zh-Hans\"\nlanguages = [\"zh-Hans\", \"en\"]"
            )
            .utf8
        ).write(to: site)
        let (status, out) = run(["--today", "2026-11-29"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "Base fixture · 11月29日 星期日：有 1 件事要处理\n- Bike：存入 US$50.00（已逾期 28 天）\n")
        let (_, json) = run(["--today", "2026-11-29", "--format", "json"])
        XCTAssertTrue(json.out.contains("\"url\": \"zh-hans/goals/bike/\""), json.out)
    }

    func testBadDataIsALocatedErrorAndExit1() throws {
        try append("\n[[subscription]]\nname = \"Broken\"\nprice = -3\n", to: "subscriptions/main.toml")
        let (status, out) = run(["--today", "2026-11-29"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.out, "")
        XCTAssertTrue(
            out.err.contains("subscriptions/main.toml:11:9: error: subscription[2].price must be ≥ 0"), out.err)
        XCTAssertTrue(out.err.contains("price = -3\n          ^"), out.err)
    }

    func testUsageErrorsExit2() {
        for words in [["--format", "xml"], ["--today", "2026-02-30"], ["--if"], ["a", "b"]] {
            let (status, out) = run(words)
            XCTAssertEqual(status, 2, "\(words)")
            XCTAssertTrue(out.err.contains("usage: sandjar today"), out.err)
        }
    }
}
