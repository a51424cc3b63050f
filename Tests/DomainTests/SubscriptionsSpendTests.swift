import Domain
import Subscriptions
import XCTest

/// Price history, charges paid and spend to date, the 12-month forecast, price rises and slain
/// savings at work (docs/figures.md, "Price history" and "Spent to date"), each checked against figures
/// worked out by hand in the comments.
final class SubscriptionsSpendTests: XCTestCase {
    typealias F = SubscriptionFixture

    private func item(_ subscription: Subscription, today: String) -> SubscriptionItem {
        F.report([subscription], today: today).items[0]
    }

    func testBillingDatesReachBackWithTheAnchorDayRule() {
        let schedule = BillingSchedule(anchor: d("2026-03-31"), cycle: .monthly)
        XCTAssertEqual(
            (-3...0).map { schedule.date($0) }, ["2025-12-31", "2026-01-31", "2026-02-28", "2026-03-31"].map(d))
        XCTAssertEqual(schedule.index(reachingBackTo: d("2026-02-01")), -1)
        XCTAssertEqual(schedule.index(reachingBackTo: d("2026-02-28")), -1)
        XCTAssertEqual(schedule.index(reachingBackTo: d("2026-03-01")), 0)
        XCTAssertEqual(schedule.index(reachingBackTo: d("2026-04-01")), 1)
        let leap = BillingSchedule(anchor: d("2024-03-31"), cycle: .monthly)
        XCTAssertEqual(leap.date(-1), d("2024-02-29"))
        let weekly = BillingSchedule(anchor: d("2026-11-02"), cycle: .weekly)
        XCTAssertEqual(weekly.index(reachingBackTo: d("2026-10-26")), -1)
        XCTAssertEqual(weekly.index(reachingBackTo: d("2026-10-27")), 0)
        XCTAssertEqual(weekly.count(reachingBack: d("2026-10-05"), through: d("2026-11-29")), 8)
    }

    /// Anchored on the 31st: Jan 31, Feb 28, Mar 31, Apr 30 are paid on May 30; May 31 is the next
    /// billing date, so on May 31 itself it is still to be paid.
    func testChargesPaidAtMonthEnds() {
        let s = F.sub("Box", price: "10", started: "2026-01-31", next: "2026-05-31")
        XCTAssertEqual(item(s, today: "2026-05-30").chargesPaid, 4)
        XCTAssertEqual(item(s, today: "2026-05-30").spentToDate?.shown, 40)
        XCTAssertEqual(item(s, today: "2026-05-31").chargesPaid, 4, "today's charge is the next billing, not paid")
        XCTAssertEqual(item(s, today: "2026-06-01").chargesPaid, 5)
        XCTAssertEqual(item(s, today: "2026-01-30").chargesPaid, 0, "before it started")
    }

    /// Yearly from Feb 29, 2024: billed Feb 28 in 2025, 2026 and 2027, Feb 29 again in 2028.
    func testChargesPaidAcrossLeapDays() {
        let s = F.sub("Yearly", price: "120", currency: F.usd, cycle: .yearly, started: "2024-02-29")
        let paid = item(s, today: "2026-12-01")
        XCTAssertEqual(paid.chargesPaid, 3)
        XCTAssertEqual(paid.spentToDate?.shown, dec("2563.20"), "3 × 120 × 7.12")
        XCTAssertEqual(item(s, today: "2026-02-28").chargesPaid, 2, "2026-02-28 is the next billing date that day")
        XCTAssertEqual(item(s, today: "2026-03-01").chargesPaid, 3)
        // Written as next billing on Feb 29, 2028 and read back from it: Feb 28 of 2027, 2026 and
        // 2025, and Feb 29, 2024, all before that next billing date.
        let back = F.sub("Yearly", price: "120", cycle: .yearly, started: "2024-02-29", next: "2028-02-29")
        XCTAssertEqual(item(back, today: "2027-03-01").chargesPaid, 4)
        XCTAssertEqual(item(back, today: "2024-02-29").chargesPaid, 1, "paid on the day it started")
    }

    /// A trial's dates before the first charge written in next_billing were free.
    func testTrialChargesStartAtTheWrittenFirstCharge() {
        let s = F.sub("Trial", price: "2189", currency: F.jpy, trial: true, started: "2026-10-31", next: "2026-12-01")
        XCTAssertEqual(item(s, today: "2026-11-29").chargesPaid, 0)
        XCTAssertEqual(item(s, today: "2026-11-29").spentToDate?.shown, 0)
        XCTAssertEqual(item(s, today: "2026-12-01").chargesPaid, 0, "the first charge is due today")
        // Dec 1, Jan 1 and Feb 1 paid: 3 × 2189 JPY × 0.048 = 315.216 CNY.
        let later = item(s, today: "2027-02-15")
        XCTAssertEqual(later.chargesPaid, 3)
        XCTAssertEqual(later.spentToDate?.shown, dec("315.22"))
        XCTAssertNil(item(F.sub("No date", trial: true, started: "2026-10-31"), today: "2026-11-29").chargesPaid)
    }

    /// Killed on a billing day: that charge was paid (and is not an avoided one).
    func testAKillOnABillingDayPaysThatCharge() {
        let s = F.sub("Gym", price: "199", started: "2026-01-15", killed: "2026-04-15")
        let killed = item(s, today: "2026-06-01")
        XCTAssertEqual(killed.chargesPaid, 4, "Jan 15, Feb 15, Mar 15, Apr 15")
        XCTAssertEqual(killed.spentToDate?.shown, 796)
        XCTAssertEqual(killed.avoidedCharges, 1, "May 15")
        let dayBefore = item(
            F.sub("Gym", price: "199", started: "2026-01-15", killed: "2026-04-14"), today: "2026-06-01")
        XCTAssertEqual(dayBefore.chargesPaid, 3)
    }

    /// A shared plan in USD whose price changed on Mar 15: Jan 15 and Feb 15 at 10, Mar 15 to
    /// Jun 15 at 12 (4 charges); (2 × 10 + 4 × 12) ÷ 2 members = 34 USD = 242.08 CNY.
    func testSpentToDateFollowsThePriceInForceOnEachCharge() {
        let s = F.sub(
            "Shared", price: "12", currency: F.usd, started: "2026-01-15", next: "2026-07-15", members: 2,
            prices: [("2025-12-20", "10"), ("2026-03-15", "12")])
        let shared = item(s, today: "2026-06-30")
        XCTAssertEqual(shared.chargesPaid, 6)
        XCTAssertEqual(shared.spentToDate?.exact, dec("242.08"))
        XCTAssertEqual(shared.priceChange, dec("0.2"))
        XCTAssertEqual(s.price(on: d("2026-03-14")), 10)
        XCTAssertEqual(s.price(on: d("2026-03-15")), 12)
        XCTAssertEqual(s.price(on: d("2020-01-01")), 10, "before the history, its first price")
    }

    func testUnknownWithoutStartedOrPrice() {
        let noStart = item(F.sub("No start", next: "2026-12-01"), today: "2026-11-29")
        XCTAssertNil(noStart.chargesPaid)
        XCTAssertNil(noStart.spentToDate)
        XCTAssertNil(noStart.priceChange, "no history")
        let noPrice = item(F.sub("No price", price: nil, started: "2026-09-01"), today: "2026-11-29")
        XCTAssertEqual(noPrice.chargesPaid, 3)
        XCTAssertNil(noPrice.spentToDate)
        let report = F.report([F.sub("No start", next: "2026-12-01")], today: "2026-11-29")
        XCTAssertNil(report.spentToDate, "known for no item")
    }

    /// The report's total is the items' total; the shown items add up to it to the cent.
    func testSpentToDateTotalAddsUp() {
        let report = F.report(
            [
                F.sub("A", price: "10.99", currency: F.eur, started: "2026-01-07"),
                F.sub("B", price: "9.99", currency: F.usd, started: "2026-01-05"),
                F.sub("C", price: "1", started: "2026-11-01", killed: "2026-11-01"),
            ], today: "2026-11-29")
        // A: 11 × 10.99 × 7.70 = 930.853; B: 11 × 9.99 × 7.12 = 782.4168; C: 1.
        XCTAssertEqual(report.items.map(\.chargesPaid), [11, 11, 1])
        XCTAssertEqual(report.spentToDate?.shown, dec("1714.27"))
        XCTAssertEqual(report.items.compactMap(\.spentToDate?.shown).reduce(0, +), dec("1714.27"))
    }

    /// Today Nov 29: a monthly plan on the 30th shared by 2 bills 5 on Nov 30 (counted) and every
    /// month after (Feb 28 in February); one on the 15th bills nothing more in November; a weekly
    /// one from Monday Nov 30 bills once in November and 4 times in December; a yearly USD plan on
    /// Mar 15; a trial from its first charge on Jan 10; a killed one never.
    func testForecastOfTheCurrentMonthAndTheNext11() {
        let report = F.report(
            [
                F.sub("30th", price: "10", next: "2026-11-30", members: 2),
                F.sub("15th", price: "20", next: "2026-11-15"),
                F.sub("Weekly", price: "1", cycle: .weekly, next: "2026-11-30"),
                F.sub("Yearly", price: "120", currency: F.usd, cycle: .yearly, next: "2027-03-15"),
                F.sub("Killed", price: "500", next: "2026-12-01", killed: "2026-11-20"),
                F.sub("Trial", price: "3", trial: true, next: "2027-01-10"),
            ], today: "2026-11-29")
        let forecast = report.forecast
        XCTAssertEqual(forecast.count, 12)
        XCTAssertEqual(forecast.map { "\($0.year)-\($0.month)" }.first, "2026-11")
        XCTAssertEqual(forecast.map { "\($0.year)-\($0.month)" }.last, "2027-10")
        XCTAssertEqual(forecast[0].total.shown, 6, "5 + 1")
        XCTAssertEqual(forecast[0].charges, 2)
        XCTAssertEqual(forecast[1].total.shown, 29, "5 + 20 + 4 × 1")
        XCTAssertEqual(forecast[2].total.shown, 32, "5 + 20 + 4 × 1 (Jan 4, 11, 18, 25) + the trial's first 3")
        XCTAssertEqual(forecast[4].total.shown, dec("887.40"), "5 + 20 + 5 × 1 (Mar 1 … 29) + 120 × 7.12 + 3")
        XCTAssertEqual(report.costliestMonth.map { "\($0.year)-\($0.month)" }, "2027-3")
    }

    /// Twelve equal months have no most expensive one; a month above the average is named.
    func testTheCostliestMonthIsAboveTheAverage() {
        let equal = F.report([F.sub("1st", price: "10", next: "2026-12-01")], today: "2026-12-01")
        XCTAssertEqual(Set(equal.forecast.map(\.total.shown)), [10])
        XCTAssertNil(equal.costliestMonth)
        let yearly = F.report(
            [
                F.sub("1st", price: "10", next: "2026-12-01"),
                F.sub("Y", price: "60", cycle: .yearly, next: "2027-05-20"),
            ],
            today: "2026-12-01")
        XCTAssertEqual(yearly.costliestMonth.map { "\($0.year)-\($0.month)" }, "2027-5")
        XCTAssertEqual(yearly.costliestMonth?.total.shown, 70)
    }

    /// Rises are measured against the price in force on the same day a year ago.
    func testPriceRisesOfTheLastTwelveMonths() {
        let report = F.report(
            [
                F.sub(
                    "Recent", price: nil, started: "2024-01-01", prices: [("2024-01-01", "10"), ("2026-03-01", "12")]),
                F.sub("Old", price: nil, started: "2024-01-01", prices: [("2024-01-01", "10"), ("2025-01-15", "15")]),
                F.sub("Down", price: nil, started: "2024-01-01", prices: [("2024-01-01", "10"), ("2026-03-01", "8")]),
                F.sub(
                    "Killed", price: nil, started: "2024-01-01", killed: "2026-10-01",
                    prices: [("2024-01-01", "10"), ("2026-03-01", "20")]),
            ], today: "2026-11-29")
        XCTAssertEqual(report.priceRises.map(\.item.subscription.name), ["Recent"])
        XCTAssertEqual(report.priceRises.first?.before, 10)
        XCTAssertEqual(report.priceRises.first?.now, 12)
        XCTAssertEqual(report.priceRises.first?.change, dec("0.2"))
        XCTAssertEqual(report.priceRises.first?.since, d("2026-03-01"))
        XCTAssertEqual(report.items.map(\.priceChange), [dec("0.2"), dec("0.5"), dec("-0.2"), 1])
    }

    /// A USD goal of 1,000 with 100 on Nov 1 and 100 on Nov 30 (today): 200 ÷ 30 days a day, 800
    /// to go, so ⌈800 ÷ 6.67⌉ = 120 days → Mar 30. With 259.88 CNY (36.50 USD) a month of slain
    /// savings, 1.20 USD a day more: ⌈800 ÷ 7.8667⌉ = 102 days → Mar 12.
    func testSlainSavingsAtWorkBringsAWishGoalForward() {
        let goal = Goal(
            id: "trip", name: "Trip", mode: .wish, currency: F.usd, target: 1000, created: nil, icon: nil, note: nil,
            plan: nil,
            deposits: [
                Deposit(at: EventTime(date: d("2026-11-01")), amount: 100, note: nil),
                Deposit(at: EventTime(date: d("2026-11-30")), amount: 100, note: nil),
            ])
        var data = F.dataSet([])
        data.goals = [goal]
        let savings = SavingsReport(data: data, today: d("2026-11-30"))
        XCTAssertEqual(savings.entries[0].progress.projectedCompletion, d("2027-03-30"))
        let sooner = SlainSavingsAtWork.projections(
            savings, monthlySavings: dec("259.88"), rates: F.rates, today: d("2026-11-30"))
        XCTAssertEqual(sooner["trip"], d("2027-03-12"))
        let none = SlainSavingsAtWork.projections(savings, monthlySavings: 0, rates: F.rates, today: d("2026-11-30"))
        XCTAssertEqual(none["trip"], d("2027-03-30"), "without slain savings, the plain projection")
    }
}
