import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Issue 15 on the pages: spend to date, the price rise, the forecast and what cancelling buys,
/// in both languages, with figures worked out by hand for the base fixture (USD site, 1 EUR =
/// 1.08 USD, today 2026-11-29) plus a shared plan whose price rose and a slain gym:
/// - Music, EUR 9.99 monthly from Jan 10: 11 charges, 118.6812 USD.
/// - Video, shared by 2, 10 USD from Feb 5 and 12 USD from Jun 5: (4 × 10 + 6 × 12) ÷ 2 = 56.00.
/// - Old gym, 36.50 USD monthly from Mar 1, slain on Sep 1: 7 charges, 255.50.
/// Spent in all 430.1812 → $430.18. The Bike goal (110.25 of 500 since Sep 1, 90 days) is due in
/// ⌈389.75 × 90 ÷ 110.25⌉ = 319 days (2027-10-14); with 36.50 a month more,
/// ⌈389.75 × 90 × 365 ÷ (110.25 × 365 + 36.5 × 12 × 90)⌉ = 161 days (2027-05-09), 158 days sooner.
/// The forecast: nothing more in November, then 10.7892 + 6 = 16.7892 → $16.79 every month.
final class SpendPagesTests: XCTestCase {
    private static let extra = """
        [[subscription]]
        name = "Video"
        currency = "USD"
        cycle = "monthly"
        started = 2026-02-05
        next_billing = 2026-12-05
        members = 2
        prices = [{ from = 2026-02-05, price = 10 }, { from = 2026-06-05, price = 12 }]

        [[subscription]]
        name = "Old gym"
        price = 36.5
        currency = "USD"
        cycle = "monthly"
        started = 2026-03-01
        killed = 2026-09-01

        """

    private func site(language: String, file: StaticString = #filePath, line: UInt = #line) throws -> SiteFiles {
        try TestSupport.baseSite(
            language: language, files: ["subscriptions/extra.toml": Self.extra], file: file, line: line)
    }

    func testDataJSONHoldsTheHandComputedFigures() throws {
        let json = try XCTUnwrap(site(language: "en").text("data.json"))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let subscriptions = try XCTUnwrap(root["subscriptions"] as? [String: Any])
        XCTAssertEqual(subscriptions["spent_to_date"] as? String, "430.18")
        let items = try XCTUnwrap(subscriptions["items"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(byName["Music"]?["charges_paid"] as? Int, 11)
        XCTAssertEqual(byName["Music"]?["spent_to_date"] as? String, "118.68")
        XCTAssertTrue(byName["Music"]?["price_change"] is NSNull)
        XCTAssertEqual(byName["Video"]?["charges_paid"] as? Int, 10)
        XCTAssertEqual(byName["Video"]?["spent_to_date"] as? String, "56.00")
        XCTAssertEqual(byName["Video"]?["price_change"] as? Double, 0.2)
        XCTAssertEqual(byName["Video"]?["price"] as? String, "12.00", "the last entry is the price now")
        XCTAssertEqual(byName["Old gym"]?["charges_paid"] as? Int, 7)
        XCTAssertEqual(byName["Old gym"]?["spent_to_date"] as? String, "255.50")
        let forecast = try XCTUnwrap(subscriptions["forecast"] as? [[String: Any]])
        XCTAssertEqual(forecast.count, 12)
        XCTAssertEqual(forecast.first?["month"] as? String, "2026-11")
        XCTAssertEqual(forecast.first?["total"] as? String, "0.00")
        XCTAssertEqual(forecast.last?["month"] as? String, "2027-10")
        XCTAssertEqual(Set(forecast.dropFirst().compactMap { $0["total"] as? String }), ["16.79"])
        let goals = try XCTUnwrap((root["savings"] as? [String: Any])?["goals"] as? [[String: Any]])
        XCTAssertEqual(goals.first?["projected_completion"] as? String, "2027-10-14")
        XCTAssertEqual(goals.first?["projected_with_slain"] as? String, "2027-05-09")
    }

    /// The base fixture's forecast is flat (nothing more in November, then $16.79 every month):
    /// a sentence says so instead of twelve equal columns, and no month is named the dearest
    /// (issue 25).
    func testThePagesShowThemInBothLanguages() throws {
        let cases = [
            (
                "en", #"<span class="figure">$430.18</span> <span class="label">spent so far</span>"#,
                "Video</strong> $10.00 → $12.00 (+20.0%) since 5 Jun 2026",
                "No surprises ahead: every month charges $16.79, $184.68 over the next 12 months.", "158 days sooner"
            ),
            (
                "zh-Hans", #"<span class="figure">US$430.18</span> <span class="label">累计花费</span>"#,
                "Video</strong> US$10.00 → US$12.00（+20.0%），2026年6月5日 起",
                "接下来没有意外：每个月都扣 US$16.79，未来 12 个月共 US$184.68。", "提前 158 天"
            ),
        ]
        for (language, spent, rise, flat, sooner) in cases {
            let site = try site(language: language)
            let page = try XCTUnwrap(site.text("subscriptions/index.html"))
            for expected in [spent, rise, flat, sooner] {
                XCTAssertTrue(page.contains(expected), "\(language): \(expected)")
            }
            XCTAssertFalse(page.contains("class=\"chart columns\""), "\(language): no twelve equal columns")
            XCTAssertFalse(page.contains("Most expensive") || page.contains("最贵"), language)
            let goal = try XCTUnwrap(site.text("goals/bike/index.html"))
            XCTAssertTrue(goal.contains(sooner), "\(language): the goal page says how much sooner")
            XCTAssertTrue(goal.contains("<time datetime=\"2027-05-09\">"), language)
            let dashboard = try XCTUnwrap(site.text("index.html"))
            XCTAssertFalse(dashboard.contains("Most expensive") || dashboard.contains("最贵"), "\(language): dashboard")
        }
    }

    /// A yearly charge in March makes the months differ: the columns, the average month's line
    /// (labelled above the columns), the dearest month, and the table behind them. March 2027 is
    /// 16.7892 + 24 = 40.79; the average month (11 × 16.7892 + 24) ÷ 12 = 17.3901 → 17.39.
    func testAForecastThatVariesIsDrawnWithItsDearestMonth() throws {
        let yearly = """
            [[subscription]]
            name = "Domain"
            price = 24
            currency = "USD"
            cycle = "yearly"
            started = 2025-03-10
            next_billing = 2027-03-10

            """
        let cases = [
            ("en", "Most expensive month ahead: Mar 2027, $40.79", "average $17.39"),
            ("zh-Hans", "未来最贵的月份：2027年3月，US$40.79", "月均 US$17.39"),
        ]
        for (language, costliest, average) in cases {
            let site = try TestSupport.baseSite(
                language: language, files: ["subscriptions/extra.toml": Self.extra + "\n" + yearly])
            let page = try XCTUnwrap(site.text("subscriptions/index.html"))
            XCTAssertTrue(page.contains(costliest), "\(language): \(costliest)")
            XCTAssertTrue(page.contains(average), "\(language): \(average)")
            XCTAssertTrue(page.contains("class=\"reference\""), "the average month's line")
            let forecastRows = page.components(separatedBy: "<tr><th scope=\"row\"><time datetime=\"202").count - 1
            XCTAssertEqual(forecastRows, 12, language)
            XCTAssertTrue(try XCTUnwrap(site.text("index.html")).contains(costliest), "\(language): the dashboard")
        }
    }

    /// Nothing slain: an invitation names the trial about to charge, the day to cancel by and
    /// what it would keep, instead of a row of zeros; nothing risky to cancel, it just says so.
    func testNothingSlainInvitesTheFirstSlay() throws {
        let trial = """
            [[subscription]]
            name = "Trial box"
            price = 5
            currency = "USD"
            cycle = "monthly"
            trial = true
            started = 2026-11-20
            next_billing = 2026-12-01

            """
        let site = try TestSupport.baseSite(files: ["subscriptions/trial.toml": trial])
        let page = try XCTUnwrap(site.text("subscriptions/index.html"))
        XCTAssertTrue(
            page.contains(
                "<p class=\"invite\">Nothing cancelled yet — cancel <span class=\"nowrap\">Trial box</span> before <span class=\"nowrap\">1 Dec</span> and keep <span class=\"nowrap\">$5.00</span> every month.</p>"
            ),
            page)
        XCTAssertFalse(page.contains("saved every month"), "no figures of nothing slain")
        let zh = try TestSupport.baseSite(language: "zh-Hans", files: ["subscriptions/trial.toml": trial])
        XCTAssertTrue(
            try XCTUnwrap(zh.text("subscriptions/index.html")).contains(
                "还没有退订过——在 <span class=\"nowrap\">12月1日</span> 前退订 <span class=\"nowrap\">Trial box</span>，每月省下 <span class=\"nowrap\">US$5.00</span>。"
            ))
        let plain = try TestSupport.baseSite()
        XCTAssertTrue(try XCTUnwrap(plain.text("subscriptions/index.html")).contains("Nothing cancelled yet"))
    }

    /// Every active subscription is a row: its price per cycle in words ("/ month"), what it costs
    /// a month when that differs, the shared part only when shared, and no "low" risk.
    func testSubscriptionsAreRowsThatSayOnlyWhatDiffers() throws {
        let page = try XCTUnwrap(site(language: "en").text("subscriptions/index.html"))
        let all = try XCTUnwrap(page.components(separatedBy: "id=\"all-heading\"").dropFirst().first)
        let music = try XCTUnwrap(all.components(separatedBy: "<li class=\"sub-row\" id=\"music\">").dropFirst().first)
            .components(separatedBy: "</li>")[0]
        XCTAssertTrue(music.contains("<strong>€9.99</strong> <span class=\"per\">/ month</span>"), music)
        XCTAssertTrue(music.contains("≈ $10.79 / month"), "another currency: what it is a month here")
        XCTAssertFalse(music.contains("my share"), "not shared")
        XCTAssertFalse(all.contains("Low"), "a low risk is not shown")
        let video = try XCTUnwrap(all.components(separatedBy: "id=\"video\">").dropFirst().first)
            .components(separatedBy: "</li>")[0]
        XCTAssertTrue(video.contains("my share $6.00 (÷2)"), video)
        XCTAssertFalse(video.contains("≈"), "monthly in the site's currency: nothing to add")
        XCTAssertFalse(page.contains("/ monthly"))
    }

    /// Nothing slain: no "what cancelling buys" and no sooner date on the goal page.
    func testWithoutSlainSavingsThereIsNothingToBuy() throws {
        let site = try TestSupport.baseSite()
        XCTAssertFalse(try XCTUnwrap(site.text("subscriptions/index.html")).contains("buys-heading"))
        XCTAssertFalse(try XCTUnwrap(site.text("goals/bike/index.html")).contains("subscriptions/#buys-heading"))
    }

    /// A price history whose last entry starts after today: by the rule it is the price now
    /// already, and the build says so at its place.
    func testAPriceFromAfterTodayIsThePriceNowWithAWarning() throws {
        var files = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        files["subscriptions/extra.toml"] = Array(
            """
            [[subscription]]
            name = "Video"
            currency = "USD"
            cycle = "monthly"
            started = 2026-02-05
            prices = [{ from = 2026-02-05, price = 10 }, { from = 2027-01-05, price = 12 }]

            """.utf8)
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cacheFiles = DataFolder(files: [:], display: "cache")
        options.today = CalendarDate(iso: "2026-11-29")
        let (report, site) = SiteBuild(options: options).check()
        XCTAssertEqual(
            report.diagnostics.filter { $0.message.contains("after today") }.map(\.description),
            [
                """
                data/subscriptions/extra.toml:6:55: warning: subscription[1].prices[2].from is after today \
                (2026-11-29): as the last entry it is Video's price now, already used for the totals and the forecast
                  prices = [{ from = 2026-02-05, price = 10 }, { from = 2027-01-05, price = 12 }]
                                                                        ^
                """
            ])
        let json = try XCTUnwrap(site?.text("data.json"))
        XCTAssertTrue(json.contains(#""price": "12.00""#))
        // Feb 5 … Nov 5 were all charged at 10: 10 charges, 100.00.
        XCTAssertTrue(json.contains(#""spent_to_date": "100.00""#))
    }
}
