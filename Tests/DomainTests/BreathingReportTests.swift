import Badges
import Breathing
import Domain
import XCTest

/// Totals, time of day, mood and the breathing badges of a whole data set.
final class BreathingReportTests: XCTestCase {
    func testTotalsPerPatternAndTheFutureLeftOut() throws {
        let sessions = [
            breathSession("2026-11-01 21:00", "4-7-8", cycles: 4),  // 76 s, 4 cycles
            breathSession("2026-11-02 21:00", "4-7-8", minutes: "5"),  // 300 s, 15 cycles
            breathSession("2026-11-03 07:00", "box", cycles: 3),  // 48 s
            breathSession("2026-12-01 07:00", "box", cycles: 3),  // after today
        ]
        let report = BreathingReport(data: breathingData(sessions), today: d("2026-11-30"))
        XCTAssertEqual(report.totals, PracticeTotals(sessions: 3, seconds: 424, cycles: 22))
        XCTAssertEqual(report.totals.minutes, dec("7.07"), "424 / 60 = 7.0666…")
        XCTAssertEqual(report.patterns.map(\.pattern.id), ["4-7-8", "box", "equal", "coherent", "sigh", "rounds"])
        XCTAssertEqual(
            report.patterns.map(\.totals),
            [
                PracticeTotals(sessions: 2, seconds: 376, cycles: 19),
                PracticeTotals(sessions: 1, seconds: 48, cycles: 3),
                PracticeTotals(), PracticeTotals(), PracticeTotals(), PracticeTotals(),
            ])
        XCTAssertEqual(report.streak, PracticeStreak(current: 0, longest: 3, practisedToday: false))
        XCTAssertEqual(report.programs, [])
    }

    func testTimeOfDayBucketsAtTheirEdges() {
        let times = ["04:59", "05:00", "11:59", "12:00", "16:59", "17:00", "21:59", "22:00", "00:00"]
        var sessions = times.map { breathSession("2026-11-01 \($0)", "equal", cycles: 1) }
        sessions.append(breathSession("2026-11-01", "equal", cycles: 1))
        let report = BreathingReport(data: breathingData(sessions), today: d("2026-11-01"))
        XCTAssertEqual(report.timeOfDay[.night]?.sessions, 3, "04:59, 22:00, 00:00")
        XCTAssertEqual(report.timeOfDay[.morning]?.sessions, 2, "05:00, 11:59")
        XCTAssertEqual(report.timeOfDay[.afternoon]?.sessions, 2, "12:00, 16:59")
        XCTAssertEqual(report.timeOfDay[.evening]?.sessions, 2, "17:00, 21:59")
        XCTAssertEqual(report.timeOfDay[.night]?.seconds, 30)
        XCTAssertEqual(report.untimed.sessions, 1, "a plain date has no time of day")
    }

    func testMoodChangeCountsSessionsWithBothMoods() {
        let sessions = [
            breathSession("2026-11-01", mood: (2, 4)), breathSession("2026-11-02", mood: (3, 3)),
            breathSession("2026-11-03", mood: (1, 5)),
            PracticeSession(at: at("2026-11-04"), pattern: "box", length: .cycles(1), moodBefore: 1),
        ]
        let mood = BreathingReport(data: breathingData(sessions), today: d("2026-11-30")).mood
        XCTAssertEqual(mood, MoodChange(count: 3, totalChange: 6))
        XCTAssertEqual(mood.averageChange, 2)
        XCTAssertEqual(MoodChange(count: 3, totalChange: 2).averageChange, dec("0.67"))
        XCTAssertNil(MoodChange().averageChange)
    }

    func testStrengthAndStreakOfTheReport() throws {
        let sessions =
            days("2026-01-05", count: 7).map { breathSession($0.description) }
            + days("2026-01-19", count: 7).map { breathSession($0.description) }
        let report = BreathingReport(data: breathingData(sessions), today: d("2026-01-28"))
        XCTAssertEqual(try XCTUnwrap(report.strength).score, 0.3912838334094262, accuracy: 1e-12)
        XCTAssertEqual(report.streak, PracticeStreak(current: 0, longest: 7, practisedToday: false))
        XCTAssertNil(BreathingReport(data: breathingData([]), today: d("2026-01-28")).strength)
    }

    func testBreathingBadgesUnlockOnTheRightDays() {
        XCTAssertEqual(
            BadgeDefinition.breathing.map(\.id),
            ["first_breath", "breath_streak_7", "program_complete", "hundred_minutes"])
        for badge in BadgeDefinition.breathing {
            XCTAssertEqual(badge.category, .breathing)
        }
        // A 20-second pattern: a session is 1/3 minute, so 300 sessions make exactly 100 minutes.
        let third = BreathingPattern(id: "third", name: "Third", inhale: 10, hold: 0, exhale: 10, rest: 0)
        var sessions = (0..<299).map { i in
            breathSession("2026-01-01 \(String(format: "%02d:%02d", i / 60, i % 60))", "third", cycles: 1)
        }
        sessions += days("2026-01-02", count: 7).map { breathSession($0.description, "equal", program: "calm-start") }
        sessions.append(breathSession("2026-01-09", "third", cycles: 1))  // the 300th third
        let data = breathingData(
            sessions, patterns: [third], enrollments: [Enrollment(program: "calm-start", start: d("2026-01-02"))])
        let replay = BadgeReplay.run(
            StatsEvent.breathing(from: data), definitions: BadgeDefinition.breathing, goals: [])
        XCTAssertEqual(replay.unlockedOn["first_breath"], d("2026-01-01"))
        XCTAssertEqual(replay.unlockedOn["breath_streak_7"], d("2026-01-07"), "Jan 1 … Jan 7")
        XCTAssertEqual(replay.unlockedOn["program_complete"], d("2026-01-08"))
        // 299 × 20 s = 5980 s on Jan 1, then 4 equal cycles (40 s) on Jan 2: 6020 s.
        XCTAssertEqual(replay.unlockedOn["hundred_minutes"], d("2026-01-02"))
        XCTAssertEqual(replay.summary.sessions, 307)
        XCTAssertEqual(replay.summary.programsCompleted, 1)
    }

    func testMinutesAddUpExactlyToAThreshold() {
        // 300 sessions of 20 s: the running total must be exactly 100, not 99.999….
        let third = BreathingPattern(id: "third", name: "Third", inhale: 10, hold: 0, exhale: 10, rest: 0)
        let sessions = (0..<300).map { i in
            breathSession("2026-01-01 \(String(format: "%02d:%02d", i / 60, i % 60))", "third", cycles: 1)
        }
        let events = StatsEvent.breathing(from: breathingData(sessions, patterns: [third]))
        let replay = BadgeReplay.run(events, definitions: BadgeDefinition.breathing, goals: [])
        XCTAssertEqual(replay.summary.minutesPractised, 100)
        XCTAssertEqual(replay.unlockedOn["hundred_minutes"], d("2026-01-01"))
        let fewer = BadgeReplay.run(Array(events.dropLast()), definitions: BadgeDefinition.breathing, goals: [])
        XCTAssertEqual(fewer.summary.minutesPractised, dec("99.6666"), "5980 s / 60 truncated to 4 decimals")
        XCTAssertNil(fewer.unlockedOn["hundred_minutes"])
        // Whole and fractional seconds mixed: 10 s, 0.3 s, 10 s → totals 0.1666, 0.1716, 0.3383
        // (10/60 = 0.16666…, 10.3/60 = 0.171666…, 20.3/60 = 0.338333…, truncated).
        let tenths = BreathingPattern(id: "tenths", name: "T", inhale: dec("0.1"), hold: 0, exhale: dec("0.2"), rest: 0)
        let mixed = StatsEvent.breathing(
            from: breathingData(
                [
                    breathSession("2026-01-01 07:00", "equal", cycles: 1),
                    breathSession("2026-01-01 08:00", "tenths", cycles: 1),
                    breathSession("2026-01-01 09:00", "equal", cycles: 1),
                ], patterns: [tenths]))
        XCTAssertEqual(
            mixed,
            [
                .session(at: at("2026-01-01", "07:00"), minutes: dec("0.1666")),
                .session(at: at("2026-01-01", "08:00"), minutes: dec("0.005")),
                .session(at: at("2026-01-01", "09:00"), minutes: dec("0.1667")),
            ])
        let cut = StatsEvent.breathing(from: breathingData(sessions, patterns: [third]), through: d("2025-12-31"))
        XCTAssertEqual(cut, [])
    }
}
