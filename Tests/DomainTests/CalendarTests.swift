import Basics
import Domain
import XCTest

/// The anchor-day rule and plain day arithmetic, pinned with hand-checked dates.
final class CalendarTests: XCTestCase {
    /// `description` writes the digits itself for years 0–9999; it must be the zero-padded form,
    /// and it must read back as the same date.
    func testTheISOFormIsZeroPaddedAndReadsBack() {
        for year in [0, 1, 9, 10, 99, 100, 999, 1000, 1970, 2026, 9999] {
            for month in 1...12 {
                for day in [1, 9, 10, 28] {
                    guard let date = CalendarDate(year: year, month: month, day: day) else { continue }
                    let padded = "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
                    XCTAssertEqual(date.description, padded)
                    XCTAssertEqual(CalendarDate(iso: padded), date, padded)
                }
            }
        }
        XCTAssertEqual(d("2024-02-29").description, "2024-02-29")
    }

    func testMonthlyFromJan31KeepsTheAnchorAndClampsToMonthEnd() {
        let start = d("2023-01-31")
        XCTAssertEqual(
            (0...4).map { start.adding(months: $0).description },
            ["2023-01-31", "2023-02-28", "2023-03-31", "2023-04-30", "2023-05-31"])
        XCTAssertEqual(d("2024-01-31").adding(months: 1), d("2024-02-29"), "leap year")
        XCTAssertEqual(d("2024-01-31").adding(months: 13), d("2025-02-28"))
    }

    func testLeapDayAnchor() {
        XCTAssertEqual(d("2024-02-29").adding(months: 12), d("2025-02-28"))
        XCTAssertEqual(d("2024-02-29").adding(months: 48), d("2028-02-29"))
        XCTAssertEqual(d("2024-02-29").adding(months: 1), d("2024-03-29"))
        XCTAssertTrue(CalendarDate.isLeap(2000))
        XCTAssertFalse(CalendarDate.isLeap(1900))
        XCTAssertNil(CalendarDate(year: 2026, month: 2, day: 29))
    }

    func testDayArithmeticAcrossYearEnds() {
        XCTAssertEqual(d("2025-12-31").adding(days: 1), d("2026-01-01"))
        XCTAssertEqual(d("2024-02-28").adding(days: 1), d("2024-02-29"))
        XCTAssertEqual(d("2024-01-01").days(to: d("2025-01-01")), 366)
        XCTAssertEqual(d("1970-01-01").daysSinceEpoch, 0)
        XCTAssertEqual(CalendarDate(daysSinceEpoch: -1), d("1969-12-31"))
        XCTAssertEqual(d("2026-11-29").dayOfYear, 333)
        XCTAssertEqual(d("2024-12-31").dayOfYear, 366)
        XCTAssertEqual(d("2026-11-29").isoWeekday, 7, "a Sunday")
    }
}
