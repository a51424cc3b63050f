import Charts
import Domain
import TestSupport
import XCTest

@testable import SiteRender

/// The goal page's curve: where its years fall and how the saved line steps.
final class GoalCurveTests: XCTestCase {
    private func d(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    func testYearsOnThePlanLandAnniversariesOnTheirTicks() {
        XCTAssertEqual(GoalPages.years(from: d("2025-12-01"), to: d("2025-12-01")), 0)
        XCTAssertEqual(GoalPages.years(from: d("2025-12-01"), to: d("2026-12-01")), 1)
        XCTAssertEqual(GoalPages.years(from: d("2025-12-01"), to: d("2026-06-01")), 182.0 / 365.0, accuracy: 1e-12)
        XCTAssertEqual(GoalPages.years(from: d("2024-02-29"), to: d("2026-03-01")), 2 + 1.0 / 365.0, accuracy: 1e-12)
    }

    func testSavedLineStepsOnDepositDaysAndEndsToday() {
        let deposits = [
            Deposit(at: EventTime(date: d("2026-01-05")), amount: 500, note: nil),
            Deposit(at: EventTime(date: d("2025-11-20")), amount: 100, note: nil),
            Deposit(at: EventTime(date: d("2026-01-05")), amount: dec("20.50"), note: nil),
        ]
        let points = GoalPages.savedSteps(deposits, start: d("2025-12-01"), today: d("2026-12-01"))
        let jan5 = 35.0 / 365.0
        XCTAssertEqual(
            points,
            [
                .init(x: 0, value: 0), .init(x: 0, value: 0), .init(x: 0, value: 100), .init(x: jan5, value: 100),
                .init(x: jan5, value: dec("620.50")), .init(x: 1, value: dec("620.50")),
            ])
    }
}

/// Issue 25: a grid of cards never leaves one card alone on its last row.
final class GridColumnsTests: XCTestCase {
    func testNoCardIsLeftAloneOnTheLastRow() {
        XCTAssertEqual(GridColumns.balanced(4, preferring: [3, 2, 4]), 2, "four goals: two rows of two")
        XCTAssertEqual(GridColumns.balanced(7, preferring: [3, 2, 4]), 4, "four and three")
        XCTAssertEqual(GridColumns.balanced(6, preferring: [3, 2, 4]), 3)
        XCTAssertEqual(GridColumns.balanced(2, preferring: [3, 2, 4]), 3, "one row is never lonely")
        XCTAssertEqual(GridColumns.balanced(19, preferring: [3, 4]), 4, "19 medals: 4 × 4 and 3")
        XCTAssertEqual(GridColumns.balanced(13, preferring: [3, 4, 2]), 3, "none fits: the first")
        for count in 2...40 {
            let columns = GridColumns.balanced(count, preferring: [3, 4, 5])
            XCTAssertTrue(count <= columns || count % columns != 1, "\(count) in \(columns)")
        }
    }
}
