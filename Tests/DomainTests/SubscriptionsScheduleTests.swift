import Domain
import Subscriptions
import XCTest

/// Billing dates: roll-forward with the anchor-day rule, cycle-to-month normalisation, reminders.
final class SubscriptionsScheduleTests: XCTestCase {
    private func rolled(_ anchor: String, _ cycle: Subscription.Cycle, today: String) -> CalendarDate {
        BillingSchedule(anchor: d(anchor), cycle: cycle).first(onOrAfter: d(today))
    }

    func testMonthlyFromThe31stClampsToMonthEndAndNeverDrifts() {
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2026-02-15"), d("2026-02-28"))
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2026-03-01"), d("2026-03-31"))
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2026-04-01"), d("2026-04-30"))
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2026-05-01"), d("2026-05-31"), "back to the 31st")
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2028-02-01"), d("2028-02-29"), "leap February")
        XCTAssertEqual(rolled("2026-01-31", .monthly, today: "2026-01-31"), d("2026-01-31"), "today itself is ≥ today")
        let schedule = BillingSchedule(anchor: d("2026-01-31"), cycle: .monthly)
        XCTAssertEqual(
            (0..<5).map { schedule.date($0) },
            ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"].map(d))
    }

    func testYearlyFromLeapDayGoesToFeb28ThenBackToFeb29() {
        XCTAssertEqual(rolled("2024-02-29", .yearly, today: "2025-01-01"), d("2025-02-28"))
        XCTAssertEqual(rolled("2024-02-29", .yearly, today: "2025-03-01"), d("2026-02-28"))
        XCTAssertEqual(rolled("2024-02-29", .yearly, today: "2027-03-01"), d("2028-02-29"))
        XCTAssertEqual(rolled("2024-02-29", .yearly, today: "2100-01-01"), d("2100-02-28"), "2100 is no leap year")
    }

    func testOtherCyclesRollByWholeCycles() {
        XCTAssertEqual(rolled("2026-11-02", .weekly, today: "2026-11-29"), d("2026-11-30"), "Mondays")
        XCTAssertEqual(rolled("2026-11-02", .weekly, today: "2026-11-30"), d("2026-11-30"))
        XCTAssertEqual(rolled("2025-11-30", .quarterly, today: "2026-02-27"), d("2026-02-28"))
        XCTAssertEqual(rolled("2025-11-30", .quarterly, today: "2026-03-01"), d("2026-05-30"))
        XCTAssertEqual(rolled("2025-08-31", .semiannual, today: "2026-01-01"), d("2026-02-28"))
        XCTAssertEqual(rolled("2026-12-02", .monthly, today: "2026-11-29"), d("2026-12-02"), "future stays")
    }

    func testCountOfBillingDatesInARange() {
        let schedule = BillingSchedule(anchor: d("2026-01-31"), cycle: .monthly)
        XCTAssertEqual(schedule.count(from: d("2026-01-31"), through: d("2026-06-15")), 5)
        XCTAssertEqual(schedule.count(from: d("2026-02-01"), through: d("2026-02-27")), 0)
        XCTAssertEqual(schedule.count(from: d("2026-06-15"), through: d("2026-01-01")), 0)
    }

    func testMonthlyNormalisationOfEachCycle() {
        typealias F = SubscriptionFixture
        let cycles: [Subscription.Cycle] = [.weekly, .monthly, .quarterly, .semiannual, .yearly]
        let report = F.report(cycles.map { F.sub($0.rawValue, price: "120", cycle: $0) }, today: "2026-11-29")
        // 120 × 52/12, × 1, × 1/3, × 1/6, × 1/12.
        XCTAssertEqual(report.items.map { $0.monthlyInBase?.shown }, [520, 120, 40, 20, 10])
        XCTAssertEqual(report.items.map { $0.yearlyInBase?.shown }, [6240, 1440, 480, 240, 120])

        let weekly = F.report([F.sub("w", price: "10", cycle: .weekly)], today: "2026-11-29").items[0]
        XCTAssertEqual(weekly.monthlyInBase?.exact.rounded(scale: 10), dec("43.3333333333"), "520/12")
        XCTAssertEqual(weekly.monthlyInBase?.shown, dec("43.33"))
        XCTAssertEqual(weekly.yearlyInBase?.shown, 520)
        XCTAssertEqual(weekly.price, 10, "the price is kept as entered")
        XCTAssertEqual(weekly.cycle, .weekly)
    }

    func testRemindersAreBeforeTheRolledDateAndNotInThePast() {
        typealias F = SubscriptionFixture
        let item = F.report([F.sub("a", next: "2026-12-02", remind: [7, 3, 1])], today: "2026-11-29").items[0]
        // 12-02 − 7 = 11-25 (past, dropped), − 3 = 11-29 (today, kept), − 1 = 12-01.
        XCTAssertEqual(item.reminders, [d("2026-11-29"), d("2026-12-01")])

        let rolled = F.report([F.sub("b", next: "2026-10-31", remind: [7, 3, 1, 0])], today: "2026-11-29").items[0]
        XCTAssertEqual(rolled.nextBilling, d("2026-11-30"))
        XCTAssertEqual(rolled.daysUntilBilling, 1)
        XCTAssertEqual(rolled.reminders, [d("2026-11-29"), d("2026-11-30")])
    }

    func testAnActiveSubscriptionWithoutNextBillingBillsFromItsStart() {
        typealias F = SubscriptionFixture
        let report = F.report(
            [
                F.sub("started", started: "2026-01-10"),
                F.sub("trial", trial: true, started: "2026-11-20"),
            ], today: "2026-11-29")
        XCTAssertEqual(report.items[0].nextBilling, d("2026-12-10"))
        XCTAssertNil(report.items[1].nextBilling, "a trial's first charge cannot be guessed")
        XCTAssertEqual(report.upcoming.map(\.id), ["started"])
    }
}
