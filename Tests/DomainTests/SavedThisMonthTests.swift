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
}
