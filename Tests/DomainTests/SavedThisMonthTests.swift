import Domain
import Foundation
import XCTest

/// `SavingsReport.savedThisMonth`: the dashboard's headline "saved this month".
final class SavedThisMonthTests: XCTestCase {
    /// Dec 1 and Dec 17 count, Nov 30 and last December do not; the EUR goal's 10 converts at 7.70:
    /// 20 + 5 + 77 = 102.
    func testOnlyThisCalendarMonthCountsInTheBaseCurrency() {
        var data = breathingData([])
        data.rates = SubscriptionFixture.rates
        var euro = goal("trip", deposits: [(at("2026-12-02"), 10)])
        euro.currency = SubscriptionFixture.eur
        data.goals = [
            goal(
                "jar",
                deposits: [
                    (at("2026-11-30", "23:59"), 40), (at("2026-12-01", "07:00"), 20), (at("2026-12-17"), 5),
                    (at("2025-12-10"), 1000),
                ]),
            euro,
        ]
        let report = SavingsReport(data: data, today: d("2026-12-17"))
        XCTAssertEqual(report.savedThisMonth, 102)
        XCTAssertEqual(SavingsReport(data: data, today: d("2027-01-01")).savedThisMonth, 0)
    }

    /// The year in review's months in one pass are each month's `saved`: Dec 2026 holds 20 + 5 and
    /// the EUR goal's 10 at 7.70; Nov holds 40; 2025's 1,000 is another year's.
    func testSavedByMonthIsSavedForEachMonth() {
        var data = breathingData([])
        data.rates = SubscriptionFixture.rates
        var euro = goal("trip", deposits: [(at("2026-12-02"), 10), (at("2026-03-01"), 2.5)])
        euro.currency = SubscriptionFixture.eur
        data.goals = [
            goal(
                "jar",
                deposits: [
                    (at("2026-11-30", "23:59"), 40), (at("2026-12-01", "07:00"), 20), (at("2026-12-17"), 5),
                    (at("2025-12-10"), 1000),
                ]),
            euro,
        ]
        let months = SavingsReport.savedByMonth(data, year: 2026)
        XCTAssertEqual(months[11], 102)
        XCTAssertEqual(months[10], 40)
        for month in 1...12 {
            XCTAssertEqual(
                months[month - 1], SavingsReport.saved(data) { $0.year == 2026 && $0.month == month }, "month \(month)")
        }
        XCTAssertEqual(SavingsReport.savedByMonth(data, year: 2025)[11], 1000)
    }
}
