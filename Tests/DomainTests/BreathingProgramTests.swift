import Breathing
import Domain
import XCTest

/// Self-paced programs: day k is done on the k-th distinct day with a tagged session.
final class BreathingProgramTests: XCTestCase {
    private func progress(_ sessions: [PracticeSession], enrollments: [Enrollment], today: String)
        -> [ProgramProgress]
    {
        ProgramProgress.all(data: breathingData(sessions, enrollments: enrollments), today: d(today))
    }

    func testGapsAndExtraSessionsOnOneDay() throws {
        let sessions = [
            breathSession("2026-11-19 21:00", "equal", program: "calm-start"),  // before the start
            breathSession("2026-11-20 07:00", "equal", program: "calm-start"),  // day 1
            breathSession("2026-11-20 22:00", "box", program: "calm-start"),  // same day: still day 1
            breathSession("2026-11-21 22:00", "equal", program: "calm-start"),  // day 2
            breathSession("2026-11-25 22:00", "coherent", program: "calm-start"),  // day 3 after a gap
            breathSession("2026-11-26 22:00", "equal"),  // not tagged
        ]
        let all = progress(
            sessions, enrollments: [Enrollment(program: "calm-start", start: d("2026-11-20"))], today: "2026-11-28")
        let p = try XCTUnwrap(all.first)
        XCTAssertEqual(all.count, 1)
        XCTAssertEqual(p.completedOn, [d("2026-11-20"), d("2026-11-21"), d("2026-11-25")])
        XCTAssertEqual(p.totalDays, 7)
        XCTAssertEqual(p.completedDays, 3)
        XCTAssertEqual(p.currentDay, 4)
        XCTAssertEqual(p.completionRate, dec("0.4286"), "3/7 = 0.428571…")
        XCTAssertNil(p.finishedOn)
        XCTAssertEqual(p.nextDay, ProgramProgress.NextDay(day: 4, pattern: "box", cycles: 4))
    }

    func testFinishingAndPractisingOn() throws {
        let sessions = days("2026-11-20", count: 9).map {
            breathSession($0.description, "equal", program: "calm-start")
        }
        let enrollment = Enrollment(program: "calm-start", start: d("2026-11-20"))
        let done = try XCTUnwrap(progress(sessions, enrollments: [enrollment], today: "2026-12-31").first)
        XCTAssertEqual(done.completedDays, 7)
        XCTAssertEqual(done.currentDay, 7, "min(completed + 1, total)")
        XCTAssertEqual(done.completionRate, 1)
        XCTAssertEqual(done.finishedOn, d("2026-11-26"))
        XCTAssertNil(done.nextDay)

        let halfway = try XCTUnwrap(progress(sessions, enrollments: [enrollment], today: "2026-11-25").first)
        XCTAssertEqual(halfway.completedDays, 6, "sessions after today do not count yet")
        XCTAssertEqual(halfway.nextDay, ProgramProgress.NextDay(day: 7, pattern: "4-7-8", cycles: 4))
        XCTAssertNil(halfway.finishedOn)
    }

    func testEnrollingAgainStartsOver() {
        let sessions = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-11-01", "2026-11-05"].map {
            breathSession($0, "equal", program: "calm-start")
        }
        let enrollments = [
            Enrollment(program: "calm-start", start: d("2026-11-01")),
            Enrollment(program: "calm-start", start: d("2026-10-01")),
            Enrollment(program: "calm-start", start: d("2026-10-01")),  // the same enrollment twice
        ]
        let all = progress(sessions, enrollments: enrollments, today: "2026-11-30")
        XCTAssertEqual(all.map(\.start), [d("2026-11-01"), d("2026-10-01")], "written order, duplicate dropped")
        XCTAssertEqual(all.map(\.completedDays), [2, 3], "October's run ends the day before November's starts")
    }

    func testSessionsForAnotherProgramDoNotCount() {
        let short = BreathingProgram(id: "short", name: "Short", days: [.init(pattern: "box", cycles: 2)])
        let data = breathingData(
            [
                breathSession("2026-11-02", "box", program: "short"),
                breathSession("2026-11-03", "box", program: "calm-start"),
            ],
            programs: [short],
            enrollments: [
                Enrollment(program: "short", start: d("2026-11-01")),
                Enrollment(program: "calm-start", start: d("2026-11-01")),
            ])
        let all = ProgramProgress.all(data: data, today: d("2026-11-30"))
        XCTAssertEqual(all.map(\.finishedOn), [d("2026-11-02"), nil])
        XCTAssertEqual(all.map(\.completedDays), [1, 1])
        XCTAssertEqual(all[0].currentDay, 1)
        XCTAssertNil(all[0].nextDay)
    }
}
