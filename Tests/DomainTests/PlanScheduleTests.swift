import Domain
import XCTest

/// Periods, executed and missed periods, next_due, status and projected completion.
final class PlanScheduleTests: XCTestCase {
    func testMonthlyPeriodBoundariesFollowTheAnchor() {
        let schedule = PlanSchedule(start: d("2023-01-31"), frequency: .monthly)
        XCTAssertNil(schedule.periodIndex(containing: d("2023-01-30")))
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-01-31")), 0)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-02-27")), 0)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-02-28")), 1)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-03-30")), 1)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-03-31")), 2)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-04-29")), 2)
        XCTAssertEqual(schedule.periodIndex(containing: d("2023-04-30")), 3)
        XCTAssertEqual(schedule.periodStart(3), d("2023-04-30"))
    }

    func testDailyWeeklyBiweeklySteps() {
        XCTAssertEqual(
            PlanSchedule(start: d("2026-11-02"), frequency: .weekly).periodIndex(containing: d("2026-11-15")), 1)
        XCTAssertEqual(
            PlanSchedule(start: d("2026-11-02"), frequency: .weekly).periodIndex(containing: d("2026-11-16")), 2)
        XCTAssertEqual(PlanSchedule(start: d("2026-11-02"), frequency: .biweekly).periodStart(2), d("2026-11-30"))
        XCTAssertEqual(
            PlanSchedule(start: d("2025-12-30"), frequency: .daily).periodIndex(containing: d("2026-01-02")), 3)
        XCTAssertEqual(PlanSchedule(start: d("2026-01-01"), frequency: .biweekly).periodsPerYear, 26)
    }

    /// Weekly from Mon 2 Nov; deposits in weeks 0 and 2; week 1 missed.
    func testExecutedMissedAndNextDueAtPeriodBoundaries() {
        let g = goal(
            mode: .free, plan: plan(100, .weekly, from: "2026-11-02"),
            deposits: [(at("2026-11-02"), 100), (at("2026-11-18"), 100)])
        // Last day of week 2, which has its deposit: next due is the start of week 3.
        let sunday = GoalProgress(goal: g, today: d("2026-11-22"))
        XCTAssertEqual(sunday.periodsDone, 2)
        XCTAssertEqual(sunday.missedPeriods, 1)
        XCTAssertEqual(sunday.nextDue, d("2026-11-23"))
        // First day of week 3: not yet missed (it is the current period) and due today.
        let monday = GoalProgress(goal: g, today: d("2026-11-23"))
        XCTAssertEqual(monday.periodsDone, 2)
        XCTAssertEqual(monday.missedPeriods, 1)
        XCTAssertEqual(monday.nextDue, d("2026-11-23"))
        // A week later week 3 is missed and week 4 is due.
        let later = GoalProgress(goal: g, today: d("2026-11-30"))
        XCTAssertEqual(later.missedPeriods, 2)
        XCTAssertEqual(later.nextDue, d("2026-11-30"))
        // Before the plan starts nothing is done or missed; the start is due.
        let before = GoalProgress(goal: g, today: d("2026-10-01"))
        XCTAssertEqual(before.periodsDone, 0)
        XCTAssertEqual(before.missedPeriods, 0)
        XCTAssertEqual(before.nextDue, d("2026-11-02"))
    }

    func testSeveralDepositsInOnePeriodCountOnce() {
        let g = goal(
            mode: .free, plan: plan(100, .monthly, from: "2026-01-31"),
            deposits: [(at("2026-01-31"), 50), (at("2026-02-27"), 50), (at("2026-02-28"), 100)])
        let p = GoalProgress(goal: g, today: d("2026-03-30"))
        XCTAssertEqual(p.periodsDone, 2, "periods 0 (Jan 31–Feb 27) and 1 (Feb 28–Mar 30)")
        XCTAssertEqual(p.missedPeriods, 0)
        XCTAssertEqual(p.nextDue, d("2026-03-31"))
    }

    /// Wish: expected by now = amount × elapsed periods (current included, capped at `periods`).
    func testWishScheduleStatus() {
        let p = plan(300, .monthly, from: "2026-08-01", periods: 10)
        let today = d("2026-11-29")  // period 3 of 0…9: 4 elapsed, expected 1200
        func status(_ saved: Decimal) -> GoalProgress.Status? {
            GoalProgress(goal: goal(target: 2999, plan: p, deposits: [(at("2026-08-01"), saved)]), today: today).status
        }
        XCTAssertEqual(status(1199), .behind)
        XCTAssertEqual(status(1200), .onTrack)
        XCTAssertEqual(status(1499), .onTrack)
        XCTAssertEqual(status(1500), .ahead, "a whole period ahead")
        // After the last planned period the expectation stops growing.
        let late = GoalProgress(
            goal: goal(target: 5000, plan: p, deposits: [(at("2026-08-01"), 3000)]), today: d("2028-01-01"))
        XCTAssertEqual(late.status, .onTrack)
        XCTAssertEqual(late.missedPeriods, 9, "periods 1…9 had no deposit; later ones are not planned")
        XCTAssertNil(late.nextDue, "past the last planned period")
    }

    /// Reached on Mar 10 (period 2 of a biweekly plan): later periods are neither missed nor due,
    /// and the expectation stops at the target.
    func testAReachedWishGoalStopsCountingPeriods() {
        let p = plan(250, .biweekly, from: "2026-02-01")
        let g = goal(target: 500, plan: p, deposits: [(at("2026-02-01"), 250), (at("2026-03-10"), 300)])
        let progress = GoalProgress(goal: g, today: d("2026-11-29"))
        XCTAssertEqual(progress.reachedOn, d("2026-03-10"))
        XCTAssertEqual(progress.missedPeriods, 1, "only period 1 (Feb 15–28), before the goal was reached")
        XCTAssertNil(progress.nextDue)
        XCTAssertEqual(progress.status, .onTrack, "550 against an expectation capped at the 500 target")
    }

    /// 600 saved over 30 days (20 a day); 400 to go takes 20 more days.
    func testProjectedCompletionFromTheAverageDailyRate() {
        let g = goal(target: 1000, deposits: [(at("2026-11-01"), 300), (at("2026-11-20"), 300)])
        let p = GoalProgress(goal: g, today: d("2026-11-30"))
        XCTAssertEqual(p.projectedCompletion, d("2026-12-20"))
        // 401 to go at 20 a day needs 21 days (rounded up).
        let q = GoalProgress(goal: goal(target: 1001, deposits: [(at("2026-11-01"), 600)]), today: d("2026-11-30"))
        XCTAssertEqual(q.projectedCompletion, d("2026-12-21"))
    }

    func testReachedOnIsTheDepositThatCrossedTheTarget() {
        let g = goal(
            target: 100,
            deposits: [(at("2026-03-05"), 60), (at("2026-03-01"), 30), (at("2026-03-09"), 10), (at("2026-03-20"), 5)])
        let p = GoalProgress(goal: g, today: d("2026-04-01"))
        XCTAssertEqual(p.reachedOn, d("2026-03-09"), "in time order, not file order")
        XCTAssertEqual(p.progress, dec("1.05"), "progress is not capped")
        XCTAssertNil(p.projectedCompletion)
    }

    /// The case: monthly from Aug 15, deposits through Oct; on Dec 1 the period that began
    /// Nov 15 still has none, so the deposit due Nov 15 is 16 days overdue (Nov has 30 days).
    func testOverdueDaysCountFromTheUnpaidPeriodsStart() {
        let g = goal(
            target: 3000, plan: plan(300, .monthly, from: "2026-08-15"),
            deposits: [(at("2026-08-15"), 300), (at("2026-09-20"), 300), (at("2026-10-15"), 300)])
        let p = GoalProgress(goal: g, today: d("2026-12-01"))
        XCTAssertEqual(p.nextDue, d("2026-11-15"))
        XCTAssertEqual(p.overdueDays, 16)
        XCTAssertEqual(GoalProgress(goal: g, today: d("2026-11-15")).overdueDays, 0, "due today is not overdue")
        XCTAssertEqual(GoalProgress(goal: g, today: d("2026-11-16")).overdueDays, 1)
        XCTAssertEqual(GoalProgress(goal: g, today: d("2026-10-20")).overdueDays, 0, "next due Nov 15 is ahead")
        XCTAssertEqual(GoalProgress(goal: g, today: d("2026-10-20")).nextDue, d("2026-11-15"))
    }

    /// Month ends: from Jan 31 the second period starts Feb 28 (Feb 29 in a leap year); on Mar 15
    /// that is 15 days ago either way. From Oct 31 the period due Nov 30 is 1 day overdue on Dec 1.
    func testOverdueDaysAcrossMonthEnds() {
        let common = goal(
            mode: .free, plan: plan(100, .monthly, from: "2026-01-31"), deposits: [(at("2026-01-31"), 100)])
        XCTAssertEqual(GoalProgress(goal: common, today: d("2026-03-15")).nextDue, d("2026-02-28"))
        XCTAssertEqual(GoalProgress(goal: common, today: d("2026-03-15")).overdueDays, 15)
        let leap = goal(mode: .free, plan: plan(100, .monthly, from: "2024-01-31"), deposits: [(at("2024-01-31"), 100)])
        XCTAssertEqual(GoalProgress(goal: leap, today: d("2024-03-15")).nextDue, d("2024-02-29"))
        XCTAssertEqual(GoalProgress(goal: leap, today: d("2024-03-15")).overdueDays, 15)
        let october = goal(
            mode: .free, plan: plan(100, .monthly, from: "2026-10-31"), deposits: [(at("2026-10-31"), 100)])
        XCTAssertEqual(GoalProgress(goal: october, today: d("2026-12-01")).nextDue, d("2026-11-30"))
        XCTAssertEqual(GoalProgress(goal: october, today: d("2026-12-01")).overdueDays, 1)
        // A weekly plan across the year's end: due Mon Dec 28, 2026; on Jan 3, 2027, 6 days late.
        let weekly = goal(mode: .free, plan: plan(20, .weekly, from: "2026-12-21"), deposits: [(at("2026-12-21"), 20)])
        XCTAssertEqual(GoalProgress(goal: weekly, today: d("2027-01-03")).overdueDays, 6)
    }

    /// No plan, a reached goal or a finished plan has no next deposit, so nothing is overdue.
    func testNoNextDueMeansNoOverdueDays() {
        XCTAssertNil(GoalProgress(goal: goal(deposits: [(at("2026-01-01"), 10)]), today: d("2026-12-01")).overdueDays)
        let reached = goal(
            target: 100, plan: plan(50, .monthly, from: "2026-01-01"), deposits: [(at("2026-01-01"), 100)])
        XCTAssertNil(GoalProgress(goal: reached, today: d("2026-12-01")).overdueDays)
        let finished = goal(target: 900, plan: plan(50, .monthly, from: "2026-01-01", periods: 2), deposits: [])
        XCTAssertNil(GoalProgress(goal: finished, today: d("2026-12-01")).overdueDays)
    }
}
