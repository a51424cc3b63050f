import Badges
import Breathing
import Domain
import Foundation
import Subscriptions
import XCTest

/// `DataSet.asOf(_:)`: what a build as of a day hands every engine (DESIGN.md §3).
final class DataSetAsOfTests: XCTestCase {
    private let today = d("2026-12-31")

    private func data() -> DataSet {
        var data = breathingData([
            breathSession("2026-12-31 23:59"), breathSession("2027-01-01 00:00"), breathSession("2026-12-30"),
        ])
        data.goals = [
            goal(
                "jar",
                deposits: [(at("2026-12-31", "23:59"), 10), (at("2027-01-01"), 20), (at("2026-01-01"), 30)])
        ]
        data.subscriptions = [
            SubscriptionFixture.sub("Today", killed: "2026-12-31"),
            SubscriptionFixture.sub("Tomorrow", killed: "2027-01-01"),
            SubscriptionFixture.sub("Active"),
        ]
        return data
    }

    /// The last minute of the year counts; the first minute of the next does not, in the order
    /// written; a kill tomorrow leaves the subscription active, a kill today does not.
    func testWhatIsDatedAfterTodayIsLeftOutAndTodayCounts() {
        let asOf = data().asOf(today)
        XCTAssertEqual(asOf.goals[0].deposits.map(\.amount), [10, 30])
        XCTAssertEqual(asOf.sessions.map(\.at.date), [d("2026-12-31"), d("2026-12-30")])
        XCTAssertEqual(asOf.subscriptions.map(\.killed), [d("2026-12-31"), nil, nil])
        XCTAssertEqual(data().asOf(d("2027-01-01")), data(), "nothing after Jan 1: the same data")
    }

    /// Every engine reads the data as of today: saved, badges, the slain list and breathing.
    func testEnginesSeeNothingAfterToday() {
        let asOf = data().asOf(today)
        XCTAssertEqual(SavingsReport(data: asOf, today: today).entries[0].progress.saved, 40)
        let report = SubscriptionReport(data: asOf, today: today)
        XCTAssertEqual(report.items.filter { $0.status == .killed }.map(\.subscription.name), ["Today"])
        XCTAssertEqual(BreathingReport(data: asOf, today: today).totals.sessions, 2)
        let coins = BadgeBoard.evaluate(asOf, today: today).first { $0.definition.id == "first_coin" }
        XCTAssertEqual(coins?.unlockedOn, d("2026-01-01"))
    }
}
