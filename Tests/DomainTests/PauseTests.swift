import Breathing
import Domain
import XCTest

/// `[[pause]]` (issue 22, DESIGN.md §3): a plan's periods that start inside a pause are neither
/// kept, missed nor due, and the wish schedule leaves them out; a practice day inside a pause
/// without a session neither breaks a streak nor adds to it, and habit strength stands still.
/// Every figure is worked out by hand in the comments.
final class PauseTests: XCTestCase {
    private func paused(_ g: Goal, _ pauses: [(String, String)]) -> Goal {
        var goal = g
        goal.pauses = pauses.map { Pause(from: d($0.0), to: d($0.1)) }
        return goal
    }

    /// Monthly from Jan 31, 100 a period for 12 periods (a 1,200 wish). Periods start Jan 31,
    /// Feb 28, Mar 31, Apr 30, May 31, Jun 30. A pause Mar 1 … Apr 30 holds the starts of Mar 31
    /// and Apr 30 (periods 2 and 3), not Feb 28. Deposits Jan 31, Feb 28 and Apr 5 (inside the
    /// pause, in period 2). On Jun 15 the current period is 4 (May 31).
    func testMonthlyAPauseAndADepositMadeInsideIt() {
        let g = paused(
            goal(
                target: 1200, plan: plan(100, .monthly, from: "2026-01-31", periods: 12),
                deposits: [(at("2026-01-31"), 100), (at("2026-02-28"), 100), (at("2026-04-05"), 100)]),
            [("2026-03-01", "2026-04-30")])
        let progress = GoalProgress(goal: g, today: d("2026-06-15"))
        XCTAssertEqual(progress.saved, 300, "the deposit inside the pause still counts toward saved")
        XCTAssertEqual(progress.pausedPeriods, 2, "periods 2 and 3")
        XCTAssertEqual(progress.periodsDone, 2, "periods 0 and 1; period 2 is paused, so not kept")
        XCTAssertEqual(progress.missedPeriods, 0, "paused periods are never missed")
        XCTAssertEqual(progress.nextDue, d("2026-05-31"))
        XCTAssertEqual(progress.overdueDays, 15)
        // Elapsed periods 0…4 less the 2 paused: 3 × 100 = 300 expected, 300 saved.
        XCTAssertEqual(progress.status, .onTrack)
        // Without the pause, 5 periods are expected (500) and two are missed.
        var plain = g
        plain.pauses = []
        let without = GoalProgress(goal: plain, today: d("2026-06-15"))
        XCTAssertEqual(without.status, .behind)
        XCTAssertEqual(without.missedPeriods, 1, "period 3 (Apr 30); period 2 has the Apr 5 deposit")
        XCTAssertEqual(without.pausedPeriods, 0)
    }

    /// Weekly from Mon Nov 2: weeks start Nov 2, 9, 16. A pause Nov 9 … 15 holds week 1. Only
    /// week 0 has a deposit; on Wed Nov 18 (week 2) nothing is missed and Nov 16 is due.
    func testWeeklyAPausedWeekIsNotMissed() {
        let g = paused(
            goal(mode: .free, plan: plan(50, .weekly, from: "2026-11-02"), deposits: [(at("2026-11-03"), 50)]),
            [("2026-11-09", "2026-11-15")])
        let progress = GoalProgress(goal: g, today: d("2026-11-18"))
        XCTAssertEqual(progress.periodsDone, 1)
        XCTAssertEqual(progress.missedPeriods, 0)
        XCTAssertEqual(progress.pausedPeriods, 1)
        XCTAssertEqual(progress.nextDue, d("2026-11-16"))
        XCTAssertEqual(progress.overdueDays, 2)
    }

    /// Biweekly from Oct 1: periods start Oct 1, 15, 29, Nov 12, 26. A pause Oct 20 … Nov 12 holds
    /// Oct 29 and Nov 12 (periods 2 and 3); on Nov 20 the current period (3) is paused, so the
    /// next due skips it to Nov 26, not overdue. Oct 15 has no deposit and is missed.
    func testBiweeklyAPauseOverTheCurrentPeriod() {
        let g = paused(
            goal(mode: .free, plan: plan(80, .biweekly, from: "2026-10-01"), deposits: [(at("2026-10-02"), 80)]),
            [("2026-10-20", "2026-11-12")])
        let progress = GoalProgress(goal: g, today: d("2026-11-20"))
        XCTAssertEqual(progress.pausedPeriods, 2)
        XCTAssertEqual(progress.missedPeriods, 1, "Oct 15")
        XCTAssertEqual(progress.periodsDone, 1)
        XCTAssertEqual(progress.nextDue, d("2026-11-26"))
        XCTAssertEqual(progress.overdueDays, 0)
    }

    /// A pause before the plan's start rests no period; a plan that starts inside a pause is first
    /// due once the pause is over.
    func testPausesBeforeAndOverThePlansStart() {
        let before = paused(
            goal(mode: .free, plan: plan(10, .daily, from: "2026-11-01"), deposits: []), [("2025-01-01", "2025-12-31")])
        let early = GoalProgress(goal: before, today: d("2026-11-03"))
        XCTAssertEqual(early.pausedPeriods, 0)
        XCTAssertEqual(early.missedPeriods, 2)
        XCTAssertEqual(early.nextDue, d("2026-11-03"), "today's period, the first from the current one on")
        let over = paused(
            goal(mode: .free, plan: plan(10, .daily, from: "2026-11-01"), deposits: []), [("2026-10-25", "2026-11-04")])
        let notYet = GoalProgress(goal: over, today: d("2026-10-30"))
        XCTAssertEqual(notYet.nextDue, d("2026-11-05"), "before the plan starts: its first period after the pause")
        let during = GoalProgress(goal: over, today: d("2026-11-03"))
        XCTAssertEqual(during.pausedPeriods, 3)
        XCTAssertEqual(during.missedPeriods, 0)
        XCTAssertEqual(during.nextDue, d("2026-11-05"))
    }

    /// Sessions Nov 20, 21, 22; a pause Nov 23 … 30. On Nov 29, inside it, the streak stands at 3,
    /// and 7 days have been paused.
    func testTodayInsideAPauseKeepsTheStreak() {
        let pauses = [Pause(from: d("2026-11-23"), to: d("2026-11-30"))]
        let practised = [d("2026-11-20"), d("2026-11-21"), d("2026-11-22")]
        XCTAssertEqual(
            PracticeStreak(days: practised, today: d("2026-11-29"), pauses: pauses),
            PracticeStreak(current: 3, longest: 3, practisedToday: false))
        XCTAssertEqual(
            PracticeStreak(days: practised, today: d("2026-11-29")).current, 0, "without the pause the run is over")
        XCTAssertEqual(pauses.days(from: d("2026-11-23"), through: d("2026-11-29")), 7)
        // The pause ends Nov 30: on Dec 1 the streak still waits for today, on Dec 2 it is over.
        XCTAssertEqual(PracticeStreak(days: practised, today: d("2026-12-01"), pauses: pauses).current, 3)
        XCTAssertEqual(PracticeStreak(days: practised, today: d("2026-12-02"), pauses: pauses).current, 0)
    }

    /// A pause Nov 11 … 13 with a session on Nov 12: the 12th counts as usual, the 11th and 13th
    /// are skipped, so Nov 10, 12 and 14 make one run of 3.
    func testASessionInsideAPauseCounts() {
        let pauses = [Pause(from: d("2026-11-11"), to: d("2026-11-13"))]
        let practised = [d("2026-11-10"), d("2026-11-12"), d("2026-11-14")]
        XCTAssertEqual(
            PracticeStreak(days: practised, today: d("2026-11-14"), pauses: pauses),
            PracticeStreak(current: 3, longest: 3, practisedToday: true))
        XCTAssertEqual(PracticeStreak(days: practised, today: d("2026-11-14")).longest, 1)
    }

    /// A pause at the very start, before the first session, changes nothing but the paused days;
    /// habit strength stands still on a paused day without a session.
    func testAPauseAtTheStartAndHabitStrengthStandingStill() {
        let pauses = [Pause(from: d("2026-11-01"), to: d("2026-11-05"))]
        let practised = [d("2026-11-06"), d("2026-11-07")]
        XCTAssertEqual(PracticeStreak(days: practised, today: d("2026-11-08"), pauses: pauses).current, 2)
        XCTAssertEqual(
            HabitStrength(days: practised, today: d("2026-11-08"), pauses: pauses),
            HabitStrength(days: practised, today: d("2026-11-08")), "the pause is before the first session")
        // One session on Nov 1, Nov 2 and 3 paused: s = 1 − m after the 1st, and it stays there.
        let m = HabitStrength.multiplier
        let resting = [Pause(from: d("2026-11-02"), to: d("2026-11-03"))]
        let held = HabitStrength(days: [d("2026-11-01")], today: d("2026-11-03"), pauses: resting)
        XCTAssertEqual(held?.score ?? -1, 1 - m, accuracy: 1e-12)
        let fading = HabitStrength(days: [d("2026-11-01")], today: d("2026-11-03"))
        XCTAssertEqual(fading?.score ?? -1, (1 - m) * m * m, accuracy: 1e-12)
    }
}
