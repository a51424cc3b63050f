import Breathing
import Domain
import XCTest

/// Practice streaks and the Loop-style habit strength, against hand-computed values.
final class BreathingStreakTests: XCTestCase {
    func testStreakRunsAcrossMonthAndYearEnds() {
        let practised = days("2025-12-30", count: 4)  // Dec 30, Dec 31, Jan 1, Jan 2
        let streak = PracticeStreak(days: practised, today: d("2026-01-02"))
        XCTAssertEqual(streak, PracticeStreak(current: 4, longest: 4, practisedToday: true))
        let leap = PracticeStreak(days: [d("2024-02-28"), d("2024-02-29"), d("2024-03-01")], today: d("2024-03-01"))
        XCTAssertEqual(leap.current, 3)
        let common = PracticeStreak(days: [d("2025-02-27"), d("2025-02-28"), d("2025-03-01")], today: d("2025-03-01"))
        XCTAssertEqual(common.current, 3)
        let gap = PracticeStreak(days: [d("2024-02-28"), d("2024-03-01")], today: d("2024-03-01"))
        XCTAssertEqual(gap.current, 1, "Feb 29 2024 is a day")
    }

    func testTheStreakStaysAliveUntilTodayEnds() {
        let practised = days("2025-12-30", count: 4)
        XCTAssertEqual(
            PracticeStreak(days: practised, today: d("2026-01-03")),
            PracticeStreak(current: 4, longest: 4, practisedToday: false), "not yet today: yesterday's run counts")
        XCTAssertEqual(
            PracticeStreak(days: practised, today: d("2026-01-04")),
            PracticeStreak(current: 0, longest: 4, practisedToday: false), "a whole day missed")
    }

    func testLongestIsTheBestRunAndDuplicatesAndTheFutureDoNotCount() {
        var practised = days("2026-01-01", count: 5) + [d("2026-01-03"), d("2026-01-03")]
        practised += [d("2026-01-09"), d("2026-01-10"), d("2026-01-11"), d("2026-01-12")]
        let streak = PracticeStreak(days: practised, today: d("2026-01-10"))
        XCTAssertEqual(streak, PracticeStreak(current: 2, longest: 5, practisedToday: true))
        XCTAssertEqual(
            PracticeStreak(days: [], today: d("2026-01-10")),
            PracticeStreak(current: 0, longest: 0, practisedToday: false))
    }

    // Expected strengths from an independent loop in Python:
    //   m = 0.5 ** (1 / 13); s = 0.0
    //   for v in days: s = s * m + v * (1 - m)
    func testStrengthOfOneDayAndOfTwoWeeks() throws {
        let one = try XCTUnwrap(HabitStrength(days: [d("2026-03-01")], today: d("2026-03-01")))
        XCTAssertEqual(one.score, 0.05192248566082858, accuracy: 1e-12)  // 1 - m
        let next = try XCTUnwrap(HabitStrength(days: [d("2026-03-01")], today: d("2026-03-02")))
        XCTAssertEqual(next.score, 0.04922654114362963, accuracy: 1e-12)  // (1 - m) * m
        // 14 days in a row (across Feb 28 → Mar 1): 1 - m^14 = 1 - 0.5^(14/13).
        let fortnight = try XCTUnwrap(HabitStrength(days: days("2026-02-20", count: 14), today: d("2026-03-05")))
        XCTAssertEqual(fortnight.score, 0.5259612428304146, accuracy: 1e-12)
        XCTAssertEqual(fortnight.percent, 53)
        XCTAssertEqual(fortnight.ratio, dec("0.526"))
    }

    func testStrengthOverWeeksWithGaps() throws {
        // A week on, a week off, a week on, then 3 days without: [1]*7 + [0]*7 + [1]*7 + [0]*3
        // → 0.3912838334094262 (closed form ((1-m^7)·m^14 + 1-m^7)·m^3 agrees).
        let weeks = days("2026-01-05", count: 7) + days("2026-01-19", count: 7)
        let s = try XCTUnwrap(HabitStrength(days: weeks, today: d("2026-01-28")))
        XCTAssertEqual(s.score, 0.3912838334094262, accuracy: 1e-12)
        XCTAssertEqual(s.percent, 39)
        XCTAssertEqual(s.ratio, dec("0.3913"))
        // Every other day for four weeks, today the 28th day (no practice): 0.3773116879701609.
        let alternate = (0..<14).map { d("2026-02-01").adding(days: 2 * $0) }
        let a = try XCTUnwrap(HabitStrength(days: alternate, today: d("2026-02-28")))
        XCTAssertEqual(a.score, 0.3773116879701609, accuracy: 1e-12)
        XCTAssertEqual(a.percent, 38)
        XCTAssertEqual(a.ratio, dec("0.3773"))
    }

    func testNoStrengthBeforeTheFirstSession() {
        XCTAssertNil(HabitStrength(days: [], today: d("2026-01-01")))
        XCTAssertNil(HabitStrength(days: [d("2026-01-02")], today: d("2026-01-01")), "only a future session")
    }
}
