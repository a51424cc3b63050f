import Domain
import Subscriptions
import XCTest

/// Contracts (DESIGN.md §3): the notice deadline, the risk it raises, a term that ends and one that
/// renews — each figure worked out by hand in the comments.
final class SubscriptionsContractTests: XCTestCase {
    typealias F = SubscriptionFixture

    /// A monthly phone plan billed on the 1st, a year's term from 2026-07-01 to 2027-06-30.
    private func phone(
        ends: String = "2027-06-30", notice: Int? = 30, autoRenew: Bool = true, started: String? = "2026-07-01",
        trial: Bool = false, next: String? = "2026-07-01", killed: String? = nil
    ) -> Subscription {
        var s = F.sub("Phone", price: "20", started: started, next: next, killed: killed)
        s.trial = trial
        s.ends = d(ends)
        s.noticeDays = notice
        s.autoRenew = autoRenew
        return s
    }

    private func item(_ s: Subscription, today: String) -> SubscriptionItem {
        F.report([s], today: today).items[0]
    }

    func testTheTermIsWholeMonthsWhenTheDatesSaySo() {
        XCTAssertEqual(Contract.term(started: d("2026-07-01"), ends: d("2027-06-30")), .months(12, lastDayBefore: true))
        XCTAssertEqual(
            Contract.term(started: d("2026-07-01"), ends: d("2027-07-01")), .months(12, lastDayBefore: false))
        XCTAssertEqual(Contract.term(started: d("2026-01-31"), ends: d("2026-02-28")), .months(1, lastDayBefore: false))
        XCTAssertEqual(Contract.term(started: d("2026-03-01"), ends: d("2026-03-31")), .months(1, lastDayBefore: true))
        // 2026-01-10 → 2026-03-01: 50 days, no whole number of months.
        XCTAssertEqual(Contract.term(started: d("2026-01-10"), ends: d("2026-03-01")), .days(50))
        XCTAssertEqual(Contract.term(started: nil, ends: d("2027-06-30")), .months(12, lastDayBefore: false))
    }

    func testTheNoticeDeadlineIsTheEndLessTheNoticeDays() throws {
        // 2027-06-30 − 30 days = 2027-05-31.
        let contract = try XCTUnwrap(Contract(phone(), today: d("2026-11-29")))
        XCTAssertEqual(contract.ends, d("2027-06-30"))
        XCTAssertEqual(contract.noticeBy, d("2027-05-31"))
        XCTAssertEqual(contract.renewals, 0)
        XCTAssertFalse(contract.isOver)
        // Without notice_days the deadline is the end itself.
        XCTAssertEqual(Contract(phone(notice: nil), today: d("2026-11-29"))?.noticeBy, d("2027-06-30"))
        XCTAssertNil(Contract(F.sub("No term"), today: d("2026-11-29")))
    }

    func testRiskIsHighFromFourteenDaysBeforeTheDeadlineUntilIt() {
        // Deadline 2027-05-31: 15 days before is 2027-05-16 (low), 14 days before 2027-05-17 (high).
        var s = phone()
        s.lastTouched = d("2027-05-01")
        XCTAssertEqual(item(s, today: "2027-05-16").risk?.level, .low)
        XCTAssertEqual(item(s, today: "2027-05-17").risk, SubscriptionRisk(level: .high, reason: .noticeDue(days: 14)))
        XCTAssertEqual(item(s, today: "2027-05-31").risk, SubscriptionRisk(level: .high, reason: .noticeDue(days: 0)))
        // The day after, the notice for this term is missed: the next is 2028-06-30 − 30 = 2028-05-31.
        let after = item(s, today: "2027-06-01")
        XCTAssertEqual(after.risk?.level, .low)
        XCTAssertEqual(after.contract?.noticeBy, d("2028-05-31"))
        XCTAssertEqual(after.contract?.ends, d("2027-06-30"), "the term in force still ends in June")
    }

    func testAContractThatDoesNotRenewRaisesNoNoticeRisk() {
        var s = phone(autoRenew: false)
        s.lastTouched = d("2027-05-01")
        let before = item(s, today: "2027-05-20")
        XCTAssertEqual(before.risk?.level, .low)
        XCTAssertNil(before.contract?.noticeBy)
    }

    func testAnEndedContractWithoutAutoRenewHasNoChargeNorReminder() {
        let s = phone(autoRenew: false)
        // Last day of the term: still running, but the next charge (2027-07-01) falls after it.
        let lastDay = item(s, today: "2027-06-30")
        XCTAssertEqual(lastDay.status, .active)
        XCTAssertNil(lastDay.nextBilling)
        XCTAssertEqual(lastDay.reminders, [])
        // Mid-June the next charge is after the end too; in May it is 2027-06-01, before the end.
        XCTAssertNil(item(s, today: "2027-06-15").nextBilling)
        XCTAssertEqual(item(s, today: "2027-05-20").nextBilling, d("2027-06-01"))
        XCTAssertEqual(item(s, today: "2027-05-20").reminders, ["2027-05-25", "2027-05-29", "2027-05-31"].map(d))

        let ended = item(s, today: "2027-07-01")
        XCTAssertEqual(ended.status, .ended)
        XCTAssertNil(ended.nextBilling)
        XCTAssertNil(ended.daysUntilBilling)
        XCTAssertNil(ended.risk)
        XCTAssertEqual(ended.reminders, [])
        XCTAssertNil(ended.monthlyInBase)
        // Charges paid: the 1st of each month from 2026-07-01 to 2027-06-01, 12 of them, none after.
        XCTAssertEqual(ended.chargesPaid, 12)
        XCTAssertEqual(item(s, today: "2028-01-01").chargesPaid, 12)

        let report = F.report(
            [s, F.sub("Other", price: "10", started: "2026-01-05", next: "2026-01-05")], today: "2027-07-01")
        XCTAssertEqual(report.monthlyTotal.shown, 10, "an ended contract costs nothing a month")
        XCTAssertEqual(report.upcoming.map(\.subscription.name), ["Other"])
        XCTAssertEqual(report.forecast.map(\.charges), Array(repeating: 1, count: 12))
    }

    func testTheForecastStopsAtTheEndOfAContractThatDoesNotRenew() {
        // From 2027-01-15: charges on 2027-02-01 … 2027-06-01 (5), then none.
        let report = F.report([phone(autoRenew: false)], today: "2027-01-15")
        XCTAssertEqual(report.forecast.map(\.charges), [0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
        let renewing = F.report([phone()], today: "2027-01-15")
        XCTAssertEqual(renewing.forecast.map(\.charges), [0] + Array(repeating: 1, count: 11))
    }

    func testARenewingContractRollsItsEndForwardByWholeTerms() throws {
        // Term 12 months ending the day before the start's anniversary: 2028-06-30, 2029-06-30.
        let s = phone()
        let next = try XCTUnwrap(item(s, today: "2027-07-01").contract)
        XCTAssertEqual(next.ends, d("2028-06-30"))
        XCTAssertEqual(next.renewals, 1)
        XCTAssertEqual(next.noticeBy, d("2028-05-31"))
        XCTAssertEqual(item(s, today: "2029-03-01").contract?.ends, d("2029-06-30"))
        XCTAssertEqual(item(s, today: "2027-07-01").status, .active)
        XCTAssertEqual(item(s, today: "2027-07-01").nextBilling, d("2027-07-01"), "charges go on")

        // A term from Jan 31 of one month keeps the month's last day: Feb 28, Mar 31, Apr 30.
        var monthly = F.sub("Gym", started: "2026-01-31", next: "2026-01-31")
        monthly.ends = d("2026-02-28")
        XCTAssertEqual(Contract(monthly, today: d("2026-03-01"))?.ends, d("2026-03-31"))
        XCTAssertEqual(Contract(monthly, today: d("2026-04-01"))?.ends, d("2026-04-30"))

        // A term of 50 days (2026-01-10 → 2026-03-01) renews to 2026-04-20.
        var odd = F.sub("Odd", started: "2026-01-10")
        odd.ends = d("2026-03-01")
        XCTAssertEqual(Contract(odd, today: d("2026-03-02"))?.ends, d("2026-04-20"))

        // Without started a term is a year, from ends.
        var yearly = F.sub("Insurance", started: nil)
        yearly.ends = d("2026-03-31")
        yearly.noticeDays = 90
        let contract = try XCTUnwrap(Contract(yearly, today: d("2026-04-01")))
        XCTAssertEqual(contract.ends, d("2027-03-31"))
        // 2027-03-31 − 90 days = 2026-12-31.
        XCTAssertEqual(contract.noticeBy, d("2026-12-31"))
    }

    func testASlainContractIsNoContract() {
        let slain = item(phone(killed: "2026-10-03"), today: "2026-11-29")
        XCTAssertEqual(slain.status, .killed)
        XCTAssertNil(slain.contract)
    }
}
