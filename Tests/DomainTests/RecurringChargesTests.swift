import Domain
import Foundation
import Subscriptions
import XCTest

/// Recurring-charge detection: the rules of `RecurringCharges`, one at a time.
final class RecurringChargesTests: XCTestCase {
    private let usd = Currency(code: "USD")!

    private func charges(_ payee: String, _ list: [(String, String)], currency: Currency? = nil) -> [RecurringCharges
        .Charge]
    {
        list.map { RecurringCharges.Charge(date: d($0.0), payee: payee, amount: dec($0.1), currency: currency ?? usd) }
    }

    private func monthly(_ payee: String, _ amount: String, _ dates: [String]) -> [RecurringCharges.Charge] {
        charges(payee, dates.map { ($0, amount) })
    }

    func testMonthlyChargesBecomeASuggestion() throws {
        let found = RecurringCharges.detect(
            monthly("NETFLIX.COM 1234", "15.49", ["2026-08-02", "2026-09-02", "2026-10-02", "2026-11-02"]))
        let netflix = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(netflix.payee, "netflix.com")
        XCTAssertEqual(netflix.name, "NETFLIX.COM")
        XCTAssertEqual(netflix.price, dec("15.49"))
        XCTAssertEqual(netflix.currency, usd)
        XCTAssertEqual(netflix.cycle, .monthly)
        XCTAssertEqual(netflix.started, d("2026-08-02"))
        XCTAssertEqual(netflix.nextBilling, d("2026-12-02"))
        XCTAssertEqual(netflix.charges.count, 4)
        XCTAssertNil(netflix.priceChange)
        XCTAssertNil(netflix.skipped)
        XCTAssertFalse(netflix.lapsed)
        XCTAssertNil(netflix.catalogID)
    }

    func testPayeesAreNormalised() {
        let cases = [
            ("NETFLIX.COM 1234", "netflix.com"),
            ("Netflix.com  5678", "netflix.com"),
            ("SQ *BLUE BOTTLE #4411", "sq blue bottle"),
            ("AMZN Mktp US*2K4L90RT2", "amzn mktp us"),
            ("Spotify USA P2F8A1C9E", "spotify usa"),
            ("1PASSWORD", "1password"),
            ("HULU 877-8244858 CA", "hulu ca"),
            ("网易云音乐 订单号2026080200123", "网易云音乐 订单号"),
            ("(APPLE.COM/BILL),", "apple.com/bill"),
            ("Disney+", "disney+"),
            ("12345 678", "12345 678"),
        ]
        for (payee, key) in cases {
            XCTAssertEqual(RecurringCharges.normalisedPayee(payee), key, payee)
        }
        let found = RecurringCharges.detect(
            charges("x", [("2026-08-02", "9.99"), ("2026-09-02", "9.99"), ("2026-10-02", "9.99")]).enumerated().map {
                var charge = $0.element
                charge.payee = ["SPOTIFY P1A2B3C4", "Spotify P9Z8Y7X6", "SPOTIFY  P0Q1W2E3"][$0.offset]
                return charge
            })
        XCTAssertEqual(found.map(\.payee), ["spotify"], "reference codes that change every month do not split a payee")
        XCTAssertEqual(found.first?.name, "SPOTIFY", "the name is the latest charge's, case kept")
    }

    func testTwoChargesAreTooFewAndOneNeverCounts() {
        XCTAssertEqual(RecurringCharges.detect(monthly("HULU", "7.99", ["2026-08-08", "2026-09-08"])), [])
        XCTAssertEqual(RecurringCharges.detect(monthly("NAMECHEAP", "10.44", ["2026-07-15"])), [])
        XCTAssertEqual(RecurringCharges.detect([]), [])
    }

    func testAmountsMustStayWithin5PercentOfTheirMedian() {
        let steady = charges("GYM", [("2026-08-01", "30.00"), ("2026-09-01", "31.40"), ("2026-10-01", "28.60")])
        XCTAssertEqual(RecurringCharges.detect(steady).first?.price, dec("28.60"), "the latest amount is the price")
        let power = charges(
            "CITY POWER",
            [("2026-08-24", "64.20"), ("2026-09-24", "81.33"), ("2026-10-24", "95.10"), ("2026-11-24", "77.45")])
        XCTAssertEqual(RecurringCharges.detect(power), [], "a regular bill whose amount varies is not a subscription")
    }

    func testAPriceChangeThatStaysIsStillASubscription() throws {
        let spotify = charges(
            "SPOTIFY",
            [
                ("2026-06-12", "15.49"), ("2026-07-12", "15.49"), ("2026-08-12", "15.49"),
                ("2026-09-12", "17.99"), ("2026-10-12", "17.99"),
            ])
        let found = try XCTUnwrap(RecurringCharges.detect(spotify).first)
        XCTAssertEqual(found.price, dec("17.99"))
        XCTAssertEqual(found.started, d("2026-06-12"))
        XCTAssertEqual(found.charges.count, 5)
        XCTAssertEqual(found.priceChange, .init(from: dec("15.49"), to: dec("17.99"), on: d("2026-09-12")))
        // A step below 5 % between two fixed prices is a price change too, not mere variation.
        let small = try XCTUnwrap(
            RecurringCharges.detect(
                charges(
                    "S",
                    [
                        ("2026-06-12", "10.99"), ("2026-07-12", "10.99"), ("2026-08-12", "11.49"),
                        ("2026-09-12", "11.49"),
                    ])
            ).first)
        XCTAssertEqual(small.priceChange?.on, d("2026-08-12"))
    }

    func testAPriceThatDoesNotStayIsAnOutlier() throws {
        // 17.99 once at the end: the later run needs two charges, so the steady 15.49s are the
        // subscription and the odd charge is left out.
        let once = charges(
            "SPOTIFY",
            [("2026-06-12", "15.49"), ("2026-07-12", "15.49"), ("2026-08-12", "15.49"), ("2026-09-12", "17.99")])
        let found = try XCTUnwrap(RecurringCharges.detect(once).first)
        XCTAssertEqual(found.price, dec("15.49"))
        XCTAssertEqual(found.charges.map(\.date), [d("2026-06-12"), d("2026-07-12"), d("2026-08-12")])
        XCTAssertNil(found.priceChange)
        // Prices that go up and down are not one subscription.
        let zigzag = charges(
            "X", [("2026-06-12", "10"), ("2026-07-12", "20"), ("2026-08-12", "10"), ("2026-09-12", "20")])
        XCTAssertEqual(RecurringCharges.detect(zigzag), [])
    }

    func testOneSkippedPeriodIsToleratedTwoAreNot() throws {
        let skipped = try XCTUnwrap(
            RecurringCharges.detect(
                monthly("ICLOUD", "2.99", ["2026-06-20", "2026-07-20", "2026-09-20", "2026-10-20"])
            )
            .first)
        XCTAssertEqual(skipped.cycle, .monthly)
        XCTAssertEqual(skipped.skipped, d("2026-08-20"))
        XCTAssertEqual(
            RecurringCharges.detect(
                monthly("ICLOUD", "2.99", ["2026-05-20", "2026-06-20", "2026-08-20", "2026-10-20"])),
            [], "two skipped months")
        XCTAssertEqual(
            RecurringCharges.detect(
                monthly("ICLOUD", "2.99", ["2026-06-20", "2026-08-20", "2026-10-20", "2026-12-20"])),
            [], "every other month is not a cycle sandjar knows")
    }

    func testChargesMayLandThreeDaysOffTheirDate() {
        let late = monthly("NETFLIX", "15.49", ["2026-06-03", "2026-07-06", "2026-08-03", "2026-09-01"])
        XCTAssertEqual(RecurringCharges.detect(late).first?.cycle, .monthly)
        let tooLate = monthly("NETFLIX", "15.49", ["2026-06-03", "2026-07-07", "2026-08-03"])
        XCTAssertEqual(RecurringCharges.detect(tooLate), [])
        let weekly = charges("GYM", [("2026-09-07", "12"), ("2026-09-14", "12"), ("2026-09-23", "12")])
        XCTAssertEqual(RecurringCharges.detect(weekly).first?.cycle, .weekly, "weekly allows 2 days")
        let notWeekly = charges("CAFE", [("2026-09-07", "4.5"), ("2026-09-11", "4.5"), ("2026-09-15", "4.5")])
        XCTAssertEqual(RecurringCharges.detect(notWeekly), [], "every 4 days is not weekly")
    }

    func testEveryCycle() {
        let cases: [([String], Subscription.Cycle, String)] = [
            (["2026-09-07", "2026-09-14", "2026-09-21", "2026-09-28"], .weekly, "2026-10-05"),
            (["2026-01-31", "2026-02-28", "2026-03-31"], .monthly, "2026-04-30"),
            (["2026-03-10", "2026-06-10", "2026-09-10"], .quarterly, "2026-12-10"),
            (["2025-02-01", "2025-08-01", "2026-02-01"], .semiannual, "2026-08-01"),
            (["2024-02-29", "2025-02-28", "2026-02-28"], .yearly, "2027-02-28"),
            (["2023-02-28", "2024-02-29", "2025-02-28"], .yearly, "2026-02-28"),
        ]
        for (dates, cycle, next) in cases {
            let found = RecurringCharges.detect(monthly("P", "9", dates))
            XCTAssertEqual(found.first?.cycle, cycle, "\(dates)")
            XCTAssertEqual(found.first?.nextBilling, d(next), "\(dates)")
        }
    }

    func testNextBillingKeepsTheAnchorDay() {
        // Billed on the 31st: February clamps to the 28th, the next date returns to the 31st.
        let found = RecurringCharges.detect(monthly("P", "9", ["2025-12-31", "2026-01-31", "2026-02-28"]))
        XCTAssertEqual(found.first?.nextBilling, d("2026-03-31"))
        // Posted a day late across a month end: the schedule still counts from the first charge.
        let late = RecurringCharges.detect(monthly("P", "9", ["2026-08-30", "2026-09-30", "2026-10-30", "2026-12-01"]))
        XCTAssertEqual(late.first?.nextBilling, d("2026-12-30"))
        // A schedule that moved: one cycle after the last charge.
        let moved = RecurringCharges.detect(
            monthly("P", "9", ["2026-06-01", "2026-07-03", "2026-08-05", "2026-09-07", "2026-10-09"]))
        XCTAssertEqual(moved.first?.nextBilling, d("2026-11-09"))
    }

    func testOnePayeeBillingTwoPlansAndOneOffs() {
        let apple =
            charges("APPLE.COM/BILL", [("2026-06-20", "2.99"), ("2026-07-20", "2.99"), ("2026-08-20", "2.99")])
            + charges("APPLE.COM/BILL", [("2026-06-05", "10.99"), ("2026-07-05", "10.99"), ("2026-08-05", "10.99")])
            + charges("APPLE.COM/BILL", [("2026-07-27", "4.99")])
        let found = RecurringCharges.detect(apple)
        XCTAssertEqual(found.map(\.price), [dec("10.99"), dec("2.99")], "one payee: the earlier start first")
        XCTAssertEqual(found.map(\.cycle), [.monthly, .monthly])
    }

    func testStoppedWhenTheStatementRunsOnPastTheNextExpectedCharge() {
        // The next charge was due on 2026-09-08; three days late is still on time.
        let hulu = monthly("HULU", "7.99", ["2026-06-08", "2026-07-08", "2026-08-08"])
        let due = d("2026-08-08").adding(months: 1)
        XCTAssertEqual(due, d("2026-09-08"))
        let onTime = RecurringCharges.detect(hulu, until: due.adding(days: 3)).first
        XCTAssertEqual(onTime?.lapsed, false)
        XCTAssertNil(onTime?.stopped)
        let missing = RecurringCharges.detect(hulu, until: due.adding(days: 4)).first
        XCTAssertEqual(missing?.lapsed, true, "the statement runs past the missing charge")
        XCTAssertEqual(missing?.stopped, d("2026-08-08"), "stopped on its last charge")
        XCTAssertEqual(RecurringCharges.detect(hulu).first?.lapsed, false)
        // A suggestion that is not stopped never has its next billing before the statement's end.
        for end in stride(from: 0, through: 120, by: 1).map({ d("2026-08-08").adding(days: $0) }) {
            for found in RecurringCharges.detect(hulu, until: end) where !found.lapsed {
                XCTAssertGreaterThanOrEqual(found.nextBilling.adding(days: 3), end, "\(end)")
            }
        }
    }

    func testTheSameChargeTwiceCountsOnce() throws {
        // Two overlapping downloads joined: July's charge appears twice.
        let dates = ["2026-06-12", "2026-07-12", "2026-07-12", "2026-08-12", "2026-09-12"]
        let joined = monthly("Spotify USA", "16.99", dates)
        let found = try XCTUnwrap(RecurringCharges.detect(joined).first)
        XCTAssertEqual(found.charges.map(\.date), Array(Set(dates.map(d))).sorted())
        XCTAssertEqual(found.nextBilling, d("2026-10-12"))
        // The same with the bank's id: one id twice is one charge; two ids on one day are two
        // charges, and two charges in one day are no monthly series.
        func withIDs(_ ids: [String]) -> [RecurringCharges.Charge] {
            zip(joined, ids).map { charge, id in
                var charge = charge
                charge.id = id
                return charge
            }
        }
        XCTAssertEqual(RecurringCharges.detect(withIDs(["a", "b", "b", "c", "d"])).first?.charges.count, 4)
        XCTAssertEqual(RecurringCharges.detect(withIDs(["a", "b", "x", "c", "d"])), [])
        // A payee or an amount that differs is another charge.
        var other = joined
        other[2].amount = dec("9.99")
        XCTAssertEqual(
            RecurringCharges.detect(other).first?.charges.count, 4, "the 9.99 is no part of the 16.99 series")
    }

    func testCreditsAreIgnoredAndCurrenciesKeptApart() {
        let refunds = charges("NETFLIX", [("2026-06-03", "-15.49"), ("2026-07-03", "-15.49"), ("2026-08-03", "0")])
        XCTAssertEqual(RecurringCharges.detect(refunds), [])
        let eur = Currency(code: "EUR")!
        let mixed =
            charges("NETFLIX", [("2026-06-03", "15.49"), ("2026-07-03", "15.49")])
            + charges("NETFLIX", [("2026-08-03", "15.49")], currency: eur)
        XCTAssertEqual(RecurringCharges.detect(mixed), [])
    }

    func testSortedByPayeeAndExact() {
        let all =
            monthly("ZOOM", "14.99", ["2026-06-01", "2026-07-01", "2026-08-01"])
            + monthly("adobe", "0.1", ["2026-06-02", "2026-07-02", "2026-08-02"])
            + monthly("Medium", "5", ["2026-06-03", "2026-07-03", "2026-08-03"])
        let found = RecurringCharges.detect(all)
        XCTAssertEqual(found.map(\.payee), ["adobe", "medium", "zoom"])
        XCTAssertEqual(found.first?.price, Decimal(string: "0.1"), "amounts stay exact decimals")
    }
}
