import Breathing
import Domain
import XCTest

/// The 53-week practice calendar: Monday-first weeks ending with today's week, levels by minutes.
final class BreathingHeatmapTests: XCTestCase {
    private func heatmap(_ sessions: [PracticeSession], today: String) -> PracticeHeatmap {
        BreathingReport(data: breathingData(sessions), today: d(today)).heatmap
    }

    func testWeeksStartOnMondayAndEndWithTodaysWeek() {
        // 2026-11-25 is a Wednesday: its week is Mon Nov 23 … Sun Nov 29; 52 weeks earlier is
        // Mon 2025-11-24.
        let map = heatmap([], today: "2026-11-25")
        XCTAssertEqual(map.weeks.count, 53)
        XCTAssertTrue(map.weeks.allSatisfy { $0.count == 7 })
        XCTAssertEqual(map.firstDay, d("2025-11-24"))
        XCTAssertEqual(map.lastDay, d("2026-11-29"))
        XCTAssertTrue(map.weeks.allSatisfy { $0[0].date.isoWeekday == 1 })
        XCTAssertEqual(map.weeks[52].map(\.isFuture), [false, false, false, true, true, true, true])
        XCTAssertEqual(map.weeks[0..<52].flatMap { $0 }.filter(\.isFuture).count, 0)

        let sunday = heatmap([], today: "2026-11-29")
        XCTAssertEqual(sunday.firstDay, d("2025-11-24"))
        XCTAssertEqual(sunday.lastDay, d("2026-11-29"))
        XCTAssertFalse(sunday.weeks.joined().contains { $0.isFuture })

        // New Year's Day 2027 is a Friday: the week began Mon 2026-12-28, the grid on Mon 2025-12-29.
        let newYear = heatmap([], today: "2027-01-01")
        XCTAssertEqual(newYear.firstDay, d("2025-12-29"))
        XCTAssertEqual(newYear.weeks[52][4].date, d("2027-01-01"))
        XCTAssertEqual(newYear.weeks[52].filter(\.isFuture).count, 2)
    }

    func testLevelsFollowTheMinuteThresholds() {
        // equal: 10 s a cycle. 1 cycle = 0.17 min; 30 = 5 min; 59 = 9.83; 60 = 10; 120 = 20.
        let sessions = [
            breathSession("2026-11-16", "equal", cycles: 1), breathSession("2026-11-17", "equal", cycles: 29),
            breathSession("2026-11-18", "equal", cycles: 30), breathSession("2026-11-19", "equal", cycles: 59),
            breathSession("2026-11-20", "equal", cycles: 60), breathSession("2026-11-21", "equal", cycles: 119),
            breathSession("2026-11-22 08:00", "equal", cycles: 60),
            breathSession("2026-11-22 21:00", "equal", cycles: 60),
            breathSession("2024-01-01", "equal", cycles: 60),  // before the grid
            breathSession("2026-11-27", "equal", cycles: 60),  // after today
        ]
        let map = heatmap(sessions, today: "2026-11-25")
        let week = map.weeks[51]  // Mon Nov 16 … Sun Nov 22
        XCTAssertEqual(week.map(\.level), [1, 1, 2, 2, 3, 3, 4])
        XCTAssertEqual(week.map(\.sessions), [1, 1, 1, 1, 1, 1, 2])
        XCTAssertEqual(week[0].minutes, dec("0.17"))
        XCTAssertEqual(week[3].minutes, dec("9.83"))
        XCTAssertEqual(week[6].minutes, 20)
        XCTAssertEqual(map.weeks[52][4].level, 0, "a future day is never coloured")
        XCTAssertEqual(map.weeks[52][4].sessions, 0)
        XCTAssertEqual(map.weeks.joined().map(\.sessions).reduce(0, +), 8)
        XCTAssertEqual(PracticeHeatmap.level(seconds: 0, sessions: 0), 0)
    }
}
