import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteRender

/// The badge wall and the spend report say figures as a person checks them by hand: a locked
/// badge's progress in its own unit, money in the base currency, and every category by its name.
final class BadgeWallTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// The base fixture (deposits of 50 and 60.25 USD, 4.1 minutes of breathing on two days in a
    /// row) with one subscription slain that saves 46 USD a month and two active ones with categories.
    private func build(language: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String]
    {
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        try "title = \"Wall\"\nlanguage = \"\(language)\"\ncurrency = \"USD\"\n".write(
            to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        try """
        [[subscription]]
        name = "Gym"
        catalog = false
        price = 46
        started = 2026-01-01
        killed = 2026-11-01

        [[subscription]]
        name = "Corner shop"
        catalog = false
        price = 3
        category = "diy & co"
        next_billing = 2026-12-03

        [[subscription]]
        name = "Warehouse club"
        catalog = false
        price = 5
        category = "shopping"
        next_billing = 2026-12-05
        """.write(to: data.appendingPathComponent("subscriptions/more.toml"), atomically: true, encoding: .utf8)
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return TestSupport.snapshot(work.appendingPathComponent("public")).mapValues {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The `<li>` of one badge on the wall.
    private func badge(_ id: String, in site: [String: String], file: StaticString = #filePath, line: UInt = #line)
        -> String
    {
        let page = site["badges/index.html"] ?? ""
        guard let start = page.range(of: "id=\"\(id)\"") else {
            XCTFail("no badge \(id)", file: file, line: line)
            return ""
        }
        let rest = page[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
    }

    func testLockedProgressIsWrittenInTheBadgesUnit() throws {
        let site = try build(language: "en")
        XCTAssertTrue(
            badge("saver_100", in: site).contains("<span class=\"progress-text\">$46.00 / $100.00 a month</span>"))
        XCTAssertTrue(badge("saved_1k", in: site).contains("<span class=\"progress-text\">$110.25 / $1,000.00</span>"))
        XCTAssertTrue(badge("big_day", in: site).contains("<span class=\"progress-text\">$60.25 / $1,000.00</span>"))
        XCTAssertTrue(badge("hundred_minutes", in: site).contains("<span class=\"progress-text\">4.1 / 100 min</span>"))
        XCTAssertTrue(badge("breath_streak_7", in: site).contains("<span class=\"progress-text\">2 / 7 days</span>"))
        XCTAssertTrue(badge("ten_deposits", in: site).contains("<span class=\"progress-text\">2 / 10</span>"))
    }

    func testAmountsInDescriptionsAreInTheBaseCurrency() throws {
        let site = try build(language: "en")
        XCTAssertTrue(badge("saved_1k", in: site).contains(">Save $1,000.00 in total.</p>"))
        XCTAssertTrue(badge("saved_10k", in: site).contains(">Save $10,000.00 in total.</p>"))
        XCTAssertTrue(badge("big_day", in: site).contains(">Deposit $1,000.00 or more on a single day.</p>"))
        XCTAssertTrue(badge("saver_100", in: site).contains(">Cancelled subscriptions save $100.00 a month.</p>"))
        let first = badge("first_slay", in: site)
        XCTAssertTrue(first.contains("<h3>First slay</h3>"), first)
        XCTAssertTrue(site["feed.xml"]?.contains("Badge earned: First slay") == true)
    }

    func testTheChineseWallUsesTheChineseTableAndUnits() throws {
        let site = try build(language: "zh-Hans")
        let saver = badge("saver_100", in: site)
        XCTAssertTrue(saver.contains("<h3>月省一百</h3>"), saver)
        XCTAssertTrue(saver.contains(">取消的订阅每月共省下 US$100.00。</p>"), saver)
        XCTAssertTrue(saver.contains("<span class=\"progress-text\">每月 US$46.00 / US$100.00</span>"), saver)
        XCTAssertTrue(badge("hundred_minutes", in: site).contains("<span class=\"progress-text\">4.1 / 100 分钟</span>"))
        XCTAssertTrue(badge("breath_streak_7", in: site).contains("<span class=\"progress-text\">2 / 7 天</span>"))
    }

    func testEarnedBadgesShowTheirMedalAndLockedOnesASilhouette() throws {
        let site = try build(language: "en")
        // Earned: first_coin (2026-09-01), first_breath and first_slay (both 2026-11-01).
        let coin = badge("first_coin", in: site)
        XCTAssertTrue(coin.hasPrefix("id=\"first_coin\">"), coin)
        XCTAssertTrue(coin.contains(BadgeMedal.svg(id: "first_coin", category: .savings)))
        let slay = badge("first_slay", in: site)
        XCTAssertTrue(slay.contains("<svg class=\"medal medal-subscriptions\""), slay)
        let page = try XCTUnwrap(site["badges/index.html"])
        XCTAssertTrue(page.contains("<li class=\"medal-cell locked\" id=\"saved_1k\">"))
        // Its silhouette fills to its progress: $110.25 of $1,000 is 64 × 0.11025 = 7.06 of 64 units.
        let locked = badge("saved_1k", in: site)
        XCTAssertTrue(locked.contains("<svg class=\"medal medal-savings\""), locked)
        XCTAssertTrue(
            locked.contains(
                "<clipPath id=\"medal-fill-saved_1k\"><rect x=\"0\" y=\"56.94\" width=\"64\" height=\"7.06\"/>"),
            locked)
        XCTAssertTrue(locked.contains("<g class=\"medal-progress\" clip-path=\"url(#medal-fill-saved_1k)\">"))
        XCTAssertFalse(coin.contains("clipPath"), "an earned medal is whole")
        XCTAssertTrue(badge("hundred_minutes", in: site).contains("<svg class=\"medal medal-breathing\""))
        XCTAssertEqual(page.components(separatedBy: "<svg class=\"medal ").count - 1, 21)
        let dashboard = try XCTUnwrap(site["index.html"])
        XCTAssertTrue(dashboard.contains("<svg class=\"medal medal-"), "the dashboard's recent badges have medals")
    }

    func testTheBadgesEarnedOnTheLatestDayAreMarkedNewest() throws {
        let site = try build(language: "en")
        let page = try XCTUnwrap(site["badges/index.html"])
        let newest = page.components(separatedBy: "<li class=\"medal-cell newest\" id=\"").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
        // The first session and the Gym's slaying were both on 2026-11-01, the first coin in September.
        XCTAssertEqual(newest, ["first_breath", "first_slay"], page)
        XCTAssertEqual(page.components(separatedBy: "<span class=\"tag\">Newest</span>").count - 1, newest.count)
        XCTAssertFalse(page.contains("badge locked newest"))
    }

    /// Issue 25: the three locked badges closest to being earned come first, sorted by how far
    /// along they are, then the medals earned, then the rest still to earn, closest first.
    func testTheNextThreeComeFirstSortedByProgress() throws {
        let site = try build(language: "en")
        let page = try XCTUnwrap(site["badges/index.html"])
        let next = try XCTUnwrap(page.range(of: "id=\"next-heading\""))
        let earned = try XCTUnwrap(page.range(of: "id=\"unlocked-heading\""))
        let rest = try XCTUnwrap(page.range(of: "id=\"locked-heading\""))
        XCTAssertLessThan(next.lowerBound, earned.lowerBound)
        XCTAssertLessThan(earned.lowerBound, rest.lowerBound)
        func shares(_ from: Range<String.Index>, _ to: String.Index) -> [Double] {
            page[from.upperBound..<to].components(separatedBy: "aria-valuenow=\"").dropFirst()
                .compactMap { Double($0.prefix { $0 != "\"" }) }
        }
        let nextUp = shares(next, earned.lowerBound)
        let later = shares(rest, page.endIndex)
        XCTAssertEqual(nextUp.count, 3)
        XCTAssertEqual(nextUp, nextUp.sorted(by: >), "next up, closest first")
        XCTAssertEqual(later, later.sorted(by: >), "the rest, closest first")
        XCTAssertGreaterThanOrEqual(nextUp.last ?? 0, later.first ?? 0)
        // $46 of $100 a month is the furthest along: first.
        XCTAssertLessThan(
            try XCTUnwrap(page.range(of: "id=\"saver_100\"")).lowerBound, earned.lowerBound, "saver_100 is next up")
    }

    func testCategoriesShowTheirNameAndAnUnknownOneAsWrittenEscaped() throws {
        let chinese = try XCTUnwrap(try build(language: "zh-Hans")["subscriptions/index.html"])
        XCTAssertTrue(chinese.contains("<th scope=\"row\">购物</th>"))
        XCTAssertFalse(chinese.contains(">shopping<"))
        XCTAssertTrue(chinese.contains("<th scope=\"row\">diy &amp; co</th>"))
        let english = try XCTUnwrap(try build(language: "en")["subscriptions/index.html"])
        XCTAssertTrue(english.contains("<th scope=\"row\">Shopping</th>"))
    }
}
