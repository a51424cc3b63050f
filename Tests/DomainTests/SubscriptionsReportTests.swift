import Domain
import Subscriptions
import XCTest

/// The subscription report: shares and currencies, risk, totals to the cent, the slain list.
final class SubscriptionsReportTests: XCTestCase {
    typealias F = SubscriptionFixture

    func testAJapanesePlanSharedByThree() {
        let report = F.report([F.sub("Nintendo", price: "1490", currency: F.jpy, members: 3)], today: "2026-11-29")
        let item = report.items[0]
        // my_share = 1490 / 3 = 496.67 yen, shown with no minor digits; × 0.048 = 23.84 CNY a month.
        XCTAssertEqual(item.myShare?.rounded(scale: 0), 497)
        XCTAssertEqual(item.monthlyInBase, Apportioned(exact: dec("23.84"), shown: dec("23.84")))
        XCTAssertEqual(item.yearlyInBase?.shown, dec("286.08"))
        XCTAssertEqual(report.byCurrency.map(\.currency), [F.jpy])
        XCTAssertEqual(report.byCurrency[0].monthlyInCurrency.rounded(scale: 0), 497)
    }

    func testTotalsEqualTheSumOfTheirShownParts() {
        // Three plans of 10 shared by 3: each exactly 3.333…; rounded one by one they would show
        // 3.33 × 3 = 9.99 under a total of 10.00. The largest remainder (the first, on a tie) gets
        // the missing cent.
        let report = F.report(
            [
                F.sub("a", members: 3, category: "x"), F.sub("b", members: 3, category: "y"),
                F.sub("c", members: 3, category: "y"),
            ], today: "2026-11-29")
        XCTAssertEqual(report.items.map { $0.monthlyInBase?.shown }, [dec("3.34"), dec("3.33"), dec("3.33")])
        XCTAssertEqual(report.monthlyTotal.shown, dec("10.00"))
        XCTAssertEqual(report.byCategory.map(\.category), ["y", "x"])
        XCTAssertEqual(report.byCategory.map(\.monthlyInBase.shown), [dec("6.66"), dec("3.34")])
        XCTAssertEqual(report.byCategory.map(\.monthlyInBase.shown).reduce(0, +), report.monthlyTotal.shown)
        XCTAssertEqual(report.yearlyTotal.shown, 120, "the sum of the yearly amounts, 40 each")

        // USD 15.49 × 7.12 = 110.2888; EUR 9.99 × 7.70 / 4 = 19.23075; 1.005 CNY weekly: × 52/12
        // = 4.355; total 133.87455 → 133.87. Cut to the cent they sum to 133.86; of the remainders
        // .0088, .00075 and .005 the USD plan's is largest, so it gets the missing cent.
        let mixed = F.report(
            [
                F.sub("u", price: "15.49", currency: F.usd), F.sub("e", price: "9.99", currency: F.eur, members: 4),
                F.sub("w", price: "1.005", cycle: .weekly),
            ], today: "2026-11-29")
        XCTAssertEqual(mixed.monthlyTotal.exact, dec("133.87455"))
        XCTAssertEqual(mixed.monthlyTotal.shown, dec("133.87"))
        XCTAssertEqual(mixed.items.map { $0.monthlyInBase!.shown }, [dec("110.29"), dec("19.23"), dec("4.35")])
        XCTAssertEqual(mixed.items.map { $0.monthlyInBase!.shown }.reduce(0, +), mixed.monthlyTotal.shown)
        XCTAssertEqual(mixed.byCurrency.map(\.monthlyInBase.shown).reduce(0, +), mixed.monthlyTotal.shown)
        XCTAssertEqual(mixed.items.map { $0.yearlyInBase!.shown }.reduce(0, +), mixed.yearlyTotal.shown)
    }

    func testApportionmentGivesMissingCentsToTheLargestRemainders() {
        let (parts, total) = Apportionment.apportion([dec("0.333"), dec("0.333"), dec("0.334")], scale: 2)
        XCTAssertEqual(total.shown, dec("1.00"))
        XCTAssertEqual(parts.map(\.shown), [dec("0.33"), dec("0.33"), dec("0.34")])
        let yen = Apportionment.apportion([dec("0.5"), dec("0.5"), dec("0.5")], scale: 0)
        XCTAssertEqual(yen.total.shown, 2, "1.5 rounds half away from zero")
        XCTAssertEqual(yen.parts.map(\.shown), [1, 1, 0])
        XCTAssertEqual(Apportionment.apportion([], scale: 2).total, .zero)
    }

    func testHighRiskAtExactlyThreeDaysAndNotAtFour() {
        let report = F.report(
            [
                F.sub("today", trial: true, next: "2026-11-29", touched: "2026-11-01"),
                F.sub("three", trial: true, next: "2026-12-02", touched: "2026-11-01"),
                F.sub("four", trial: true, next: "2026-12-03", touched: "2026-11-01"),
                F.sub("paid", next: "2026-11-30", touched: "2026-11-01"),
            ], today: "2026-11-29")
        XCTAssertEqual(
            report.items.map { $0.risk },
            [
                SubscriptionRisk(level: .high, reason: .trialChargesSoon(days: 0)),
                SubscriptionRisk(level: .high, reason: .trialChargesSoon(days: 3)),
                SubscriptionRisk(level: .low, reason: .reviewedOn(d("2026-11-01"))),
                SubscriptionRisk(level: .low, reason: .reviewedOn(d("2026-11-01"))),
            ])
        XCTAssertEqual(report.alerts.map(\.id), ["today", "three"])
        XCTAssertEqual(report.items.map(\.inTrial), [true, true, true, false])
    }

    func testMediumRiskBeyondSixCalendarMonths() {
        let report = F.report(
            [
                F.sub("on-the-line", next: "2026-12-20", touched: "2026-05-29"),
                F.sub("a-day-over", next: "2026-12-20", touched: "2026-05-28"),
                F.sub("from-started", started: "2026-01-20"),
                F.sub("unknown", next: "2026-12-20"),
            ], today: "2026-11-29")
        XCTAssertEqual(
            report.items.map { $0.risk },
            [
                SubscriptionRisk(level: .low, reason: .reviewedOn(d("2026-05-29"))),
                SubscriptionRisk(level: .medium, reason: .notReviewedSince(d("2026-05-28"))),
                SubscriptionRisk(level: .medium, reason: .notReviewedSince(d("2026-01-20"))),
                SubscriptionRisk(level: .medium, reason: .neverReviewed),
            ])
        // Month ends: Feb 28 + 6 months is Aug 28, so on Aug 28 it is not yet over and on Aug 29 it is.
        let edge = { (today: String) in
            SubscriptionRisk.assess(trial: false, daysUntilBilling: 9, lastReviewed: d("2026-02-28"), today: d(today))
                .level
        }
        XCTAssertEqual(edge("2026-08-28"), .low)
        XCTAssertEqual(edge("2026-08-29"), .medium)
    }

    func testSavedToDateCountsAvoidedChargesUpToToday() {
        let report = F.report(
            [
                // Monthly 30 shared by 2, killed before its 15th: 3-15 … 11-15 = 9 charges × 15.
                F.sub("halves", price: "30", next: "2026-03-15", members: 2, killed: "2026-03-10"),
                // No next_billing: killed Jan 31 + one cycle = Feb 28, then Mar 31, Apr 30, May 31.
                F.sub("month-end", price: "10", killed: "2026-01-31"),
                // A stale next_billing before the kill: the first weekly date after it, 10-22, then
                // 10-29 and 11-05 — 3 charges of USD 2 × 7.12.
                F.sub("weekly", price: "2", currency: F.usd, cycle: .weekly, next: "2026-10-01", killed: "2026-10-20"),
            ], today: "2026-06-15")
        XCTAssertEqual(report.items[1].firstAvoidedCharge, d("2026-02-28"))
        XCTAssertEqual(report.items[1].avoidedCharges, 4)
        XCTAssertEqual(report.items[1].savedToDate?.shown, 40)
        XCTAssertEqual(report.items[0].avoidedCharges, 4, "3-15, 4-15, 5-15, 6-15")
        XCTAssertEqual(report.items[0].savedToDate?.shown, 60)
        XCTAssertEqual(report.items[2].avoidedCharges, 0, "killed after today: nothing avoided yet")

        let later = F.report(report.items.map(\.subscription), today: "2026-11-29")
        XCTAssertEqual(later.items[0].savedToDate?.shown, 135)
        XCTAssertEqual(later.items[2].firstAvoidedCharge, d("2026-10-22"))
        XCTAssertEqual(later.items[2].avoidedCharges, 6, "10-22 … 11-26")
        XCTAssertEqual(later.items[2].savedToDate?.shown, dec("85.44"), "6 × 2 × 7.12")
        XCTAssertEqual(later.items[1].avoidedCharges, 9, "2-28 … 10-31; 11-30 is still ahead")
        XCTAssertEqual(later.slain.savedToDate.shown, dec("310.44"), "135 + 90 + 85.44")
    }

    func testSlainListNewestFirstWithMonthAndYearCounts() {
        let report = F.report(
            [
                F.sub("a", price: "30", killed: "2026-11-03"),
                F.sub("b", price: "12", cycle: .yearly, killed: "2026-10-01"),
                F.sub("c", price: "20", killed: "2026-11-20"), F.sub("d", price: "5", killed: "2025-12-31"),
                F.sub("alive", price: "99"),
            ], today: "2026-11-29")
        XCTAssertEqual(report.slain.items.map(\.id), ["c", "a", "b", "d"])
        XCTAssertEqual(report.slain.thisMonth, 2)
        XCTAssertEqual(report.slain.thisYear, 3)
        XCTAssertEqual(report.slain.monthlySavings.shown, 56, "30 + 1 + 20 + 5")
        XCTAssertEqual(report.monthlyTotal.shown, 99, "killed ones are not spend")
        XCTAssertEqual(report.items.map(\.status), [.killed, .killed, .killed, .killed, .active])
        XCTAssertNil(report.items[0].risk)
        XCTAssertNil(report.items[0].nextBilling)
    }

    func testCatalogueFillsOnlyWhatTheDataLeavesOut() {
        let report = F.report(
            [
                F.sub("Netflix", price: nil, cycle: nil, catalog: .automatic),
                F.sub("netflx", price: "20", category: "fun", catalog: .automatic),
                F.sub("Netflix", price: nil, cycle: .yearly, catalog: .automatic),
                F.sub("Netflix", price: nil, currency: F.eur, catalog: .automatic),
                F.sub("Netflix", price: nil, catalog: .disabled),
                F.sub("家庭影视", price: nil, catalog: .entry("netflix")),
                F.sub("Office 365", price: nil, cycle: nil, catalog: .automatic, unsubscribe: "https://example.org/x"),
                F.sub("某某", catalog: .entry("nope")),
            ], today: "2026-11-29", catalog: F.catalog)
        let items = report.items
        // Nothing written but the name: price and currency, cycle, category and link from the entry.
        XCTAssertEqual(items[0].price, dec("15.49"))
        XCTAssertEqual(items[0].currency, F.usd)
        XCTAssertEqual(items[0].cycle, .monthly)
        XCTAssertEqual(items[0].category, "streaming")
        XCTAssertEqual(items[0].unsubscribe, "https://www.netflix.com/cancelplan")
        XCTAssertEqual(items[0].fromCatalog, [.price, .currency, .cycle, .category, .unsubscribe])
        XCTAssertEqual(items[0].monthlyInBase?.shown, dec("110.29"), "15.49 × 7.12 = 110.2888")
        XCTAssertEqual(items[0].icon, "🎬")
        XCTAssertTrue(items[0].shareable)
        // What the data says wins.
        XCTAssertEqual(items[1].match?.kind, .typo)
        XCTAssertEqual(items[1].price, 20)
        XCTAssertEqual(items[1].currency, F.cny)
        XCTAssertEqual(items[1].category, "fun")
        XCTAssertEqual(items[1].fromCatalog, [.unsubscribe])
        // A catalogue price is for its own cycle only, and never changes a currency the data chose.
        XCTAssertNil(items[2].price)
        XCTAssertNil(items[2].monthlyInBase)
        XCTAssertNil(items[3].price)
        XCTAssertEqual(items[3].currency, F.eur)
        // `catalog = false` and pins.
        XCTAssertNil(items[4].match)
        XCTAssertEqual(items[5].match?.kind, .pinned)
        XCTAssertEqual(items[5].id, "netflix-6", "pinned: the catalogue id, made unique")
        XCTAssertEqual(items[5].price, dec("15.49"))
        XCTAssertEqual(items[6].price, 398)
        XCTAssertEqual(items[6].cycle, .yearly)
        XCTAssertEqual(items[6].unsubscribe, "https://example.org/x")
        XCTAssertEqual(items[6].monthlyInBase?.exact.rounded(scale: 2), dec("33.17"))
        XCTAssertEqual(items[7].unknownCatalogPin, "nope")
        XCTAssertEqual(items[7].id, "sub-8ea02ff9", "an unknown pin matches nothing: SHA-256 of 某某")
        XCTAssertEqual(report.unpriced.map(\.id), ["netflix-3", "netflix-4", "netflix-5"])
        XCTAssertEqual(
            items.map(\.id),
            [
                "netflix", "netflix-2", "netflix-3", "netflix-4", "netflix-5", "netflix-6", "microsoft-365",
                "sub-8ea02ff9",
            ])
    }

    /// DESIGN.md §5: the catalogue id; else the slug of an all-ASCII name; else `sub-` and 8 hex
    /// digits of SHA-256 (hashes from `printf %s NAME | sha256sum`); made unique in data order.
    func testIDsAreCatalogueIDsSlugsOrHashesMadeUnique() {
        let names = [
            "Netflix", "My Netflix", "爱奇艺", "家庭", "Disney+", "京东PLUS会员", "plus", "sub a70a77c7", "!!!", "家庭",
        ]
        let catalogIDs: [String?] = ["netflix", "netflix", "iqiyi", nil, nil, nil, nil, nil, nil, nil]
        XCTAssertEqual(
            SubscriptionID.make(for: names.map { F.sub($0) }, catalogIDs: catalogIDs),
            [
                "netflix", "netflix-2", "iqiyi", "sub-a70a77c7", "disney-plus", "sub-aaa2789e", "plus",
                "sub-a70a77c7-2", "sub-e84c538e", "sub-a70a77c7-3",
            ])
        XCTAssertEqual(SubscriptionID.slug("  Apple TV+ (4K) "), "apple-tv-plus-4k")
        XCTAssertEqual(SubscriptionID.base(forName: "B站大会员"), "sub-b9d7655b", "never `b`")
    }

    /// FIPS 180-4 / NIST examples.
    func testSHA256TestVectors() {
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "the 448-bit message")
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million a: many blocks")
        // Padding at the block edges: 55 bytes fit one block, 56 need two.
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: 0x61, count: 55)),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: 0x61, count: 56)),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    /// Issue 13: shares of 42.4, 39.4, 15.4 and 2.8 % rounded one by one show 42 + 39 + 15 + 3 =
    /// 99 %. Cut down to 42, 39, 15, 2 (98), the two missing points go to the largest remainders:
    /// .8 (the 2.8 row), then .4 — a three-way tie, won by the earliest row.
    func testSharesAddToExactly100ByLargestRemainder() {
        XCTAssertEqual(
            Apportionment.percentages([dec("42.4"), dec("39.4"), dec("15.4"), dec("2.8")]), [43, 39, 15, 3])
        XCTAssertEqual(Apportionment.percentages([1, 1, 1]), [34, 33, 33], "ties to the earlier row")
        XCTAssertEqual(Apportionment.percentages([dec("0.01"), 1000]), [0, 100])
        XCTAssertEqual(Apportionment.percentages([5]), [100])
        XCTAssertEqual(Apportionment.percentages([0, 0]), [0, 0], "nothing spent: no shares")
        XCTAssertEqual(Apportionment.percentages([]), [])

        let report = F.report(
            [
                F.sub("a", price: "42.4", category: "a"), F.sub("b", price: "39.4", category: "b"),
                F.sub("c", price: "15.4", category: "c"), F.sub("d", price: "2.8", category: "d"),
            ], today: "2026-11-29")
        XCTAssertEqual(report.byCategory.map(\.category), ["a", "b", "c", "d"])
        XCTAssertEqual(report.byCategory.map(\.percent), [43, 39, 15, 3])

        // By currency: 110.2888, 19.23075 and 4.355 of 133.87455 are 82.38 %, 14.37 % and 3.25 %;
        // rounded one by one 82 + 14 + 3 = 99, so the USD row's .38 takes the missing point.
        let mixed = F.report(
            [
                F.sub("u", price: "15.49", currency: F.usd), F.sub("e", price: "9.99", currency: F.eur, members: 4),
                F.sub("w", price: "1.005", cycle: .weekly),
            ], today: "2026-11-29")
        XCTAssertEqual(mixed.byCurrency.map(\.currency), [F.usd, F.eur, F.cny])
        XCTAssertEqual(mixed.byCurrency.map(\.percent), [83, 14, 3])
        XCTAssertEqual(mixed.byCategory.map(\.percent), [100])
    }

    func testUpcomingRenewalsSoonestFirst() {
        let report = F.report(
            [
                F.sub("z", next: "2026-12-05"), F.sub("y", next: "2026-11-30"), F.sub("x", next: "2026-12-05"),
                F.sub("gone", next: "2026-11-30", killed: "2026-11-01"),
            ], today: "2026-11-29")
        XCTAssertEqual(report.upcoming.map(\.id), ["y", "x", "z"])
        XCTAssertEqual(report.upcoming(within: 3).map(\.id), ["y"])
    }
}
