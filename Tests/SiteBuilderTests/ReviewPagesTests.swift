import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder

/// `review/` and `review/<year>/` (issue 22, item 3), worked out by hand for the base fixture on
/// 2026-11-29 with one more subscription whose price rose: Streamo, $10 a month from 2025-03-01,
/// $12 from 2026-05-01, billed on the 1st.
final class ReviewPagesTests: XCTestCase {
    private static let streamo = """
        [[subscription]]
        name = "Streamo"
        catalog = false
        currency = "USD"
        cycle = "monthly"
        started = 2025-03-01
        next_billing = 2026-12-01
        prices = [{ from = 2025-03-01, price = 10 }, { from = 2026-05-01, price = 12 }]

        """

    func testEveryYearWithDataHasItsPageAndTheFiguresAddUpByHand() throws {
        let site = try TestSupport.baseSite(files: ["subscriptions/streamo.toml": Self.streamo])
        XCTAssertNotNil(site.text("review/2026/index.html"))
        XCTAssertNotNil(site.text("review/2025/index.html"), "Streamo charged in 2025")
        XCTAssertNil(site.text("review/2024/index.html"), "nothing happened in 2024")
        let index = try XCTUnwrap(site.text("review/index.html"))
        let newest = try XCTUnwrap(index.range(of: "href=\"2026/\""))
        let older = try XCTUnwrap(index.range(of: "href=\"2025/\""))
        XCTAssertLessThan(newest.lowerBound, older.lowerBound, "newest year first")

        let year = try XCTUnwrap(site.text("review/2026/index.html"))
        XCTAssertTrue(year.contains("<h1 id=\"year-heading\">2026 so far</h1>"))
        // Bike: $50 on Sep 1 and $60.25 on Oct 1.
        XCTAssertTrue(year.contains("You saved $110.25 in 2 deposits."))
        // Music: 11 charges of €9.99 × 1.08 = $10.7892 (Jan 10 … Nov 10); Streamo: Jan … Apr at
        // $10 and May … Nov at $12, 11 charges, $124. 22 charges, $118.6812 + $124 = $242.68.
        XCTAssertTrue(year.contains("Subscriptions cost $242.68 in 22 charges."), year)
        // Box × 4 cycles of 16 s and 3 minutes of calm on Nov 1 and 2: 4.07 minutes, shown to a tenth as everywhere.
        XCTAssertTrue(year.contains("You breathed for 4.1 minutes in 2 sessions; the longest streak was 2 days."), year)
        // May: Music's $10.7892 and Streamo's first $12.
        XCTAssertTrue(
            year.contains(
                "<time datetime=\"2026-05\">May 2026</time></th><td class=\"num\" data-label=\"Charges\">2</td>"
                    + "<td class=\"num\" data-label=\"Paid\">$22.79</td>"))
        XCTAssertTrue(year.contains("<strong>Streamo</strong> $10.00 → $12.00 (+20.0%)"), "the rise in May")
        XCTAssertFalse(year.contains("<time datetime=\"2026-12\">"), "December has not begun")
        XCTAssertTrue(year.contains("No subscription was slain in 2026."))

        let before = try XCTUnwrap(site.text("review/2025/index.html"))
        XCTAssertTrue(before.contains("<h1 id=\"year-heading\">2025 in review</h1>"))
        XCTAssertTrue(before.contains("No deposits in 2025."))
        // Streamo: Mar … Dec 2025 at $10.
        XCTAssertTrue(before.contains("Subscriptions cost $100.00 in 10 charges."))
        XCTAssertTrue(before.contains("No breathing sessions in 2025."))
        XCTAssertTrue(before.contains("No price went up in 2025."))
        XCTAssertTrue(before.contains("<time datetime=\"2025-12\">Dec 2025</time>"), "a past year has all 12 months")
    }

    func testASlainSubscriptionAndAReachedGoalAreSummedUpInChinese() throws {
        let site = try TestSupport.baseSite(
            language: "zh-Hans",
            appending: ["subscriptions/main.toml": "killed = 2026-06-20\n", "goals/bike.toml": ""],
            files: [
                "goals/cup.toml": """
                name = "Cup"
                mode = "wish"
                target = 5
                created = 2026-03-01

                [[deposit]]
                at = 2026-03-02
                amount = 5

                """
            ])
        let year = try XCTUnwrap(site.text("review/2026/index.html"))
        XCTAssertTrue(year.contains("<h1 id=\"year-heading\">2026 年至今</h1>"))
        XCTAssertTrue(year.contains("共存入 US$115.25，3 笔存款，达成 1 个目标。"), year)
        // Music up to the kill: Jan 10 … Jun 10, 6 × $10.7892 = $64.7352; its $10.79 a month saved.
        XCTAssertTrue(year.contains("订阅共花费 US$64.74，6 次扣费；取消 1 个订阅后每月省下 US$10.79。"), year)
        XCTAssertTrue(year.contains("练习了 2 次，共 4.1 分钟，最长连续 2 天。"))
        XCTAssertTrue(year.contains("<li><strong>Cup</strong>&nbsp;· US$5.00&nbsp;· "), "the goal reached is listed")
    }
}
