import Domain
import XCTest

/// value after n periods = amount × ((1+i)^n − 1) / i × (1+i), contributions at period start.
final class ProjectionTests: XCTestCase {
    func testOneYearMonthlyAtTwelvePercent() {
        // i = 0.01: 100 × (1.01^12 − 1) / 0.01 × 1.01 = 1280.9328043328941786781301
        let projection = CompoundProjection(amount: 100, annualRate: dec("0.12"), periodsPerYear: 12, horizonYears: 1)
        let value = projection.value(afterPeriods: 12)
        XCTAssertEqual(value.rounded(scale: 10), dec("1280.9328043329"))
        XCTAssertEqual(projection.yearlyPoints(), [ProjectionPoint(year: 1, contributed: 1200, value: value)])
    }

    func testTenYearsMonthlyAtFourPercent() {
        // 300 a month at 4 %: 44322.19122236781894… after 120 months.
        let points = CompoundProjection(plan: plan(300, .monthly, from: "2026-01-01", rate: dec("0.04"))).yearlyPoints()
        XCTAssertEqual(points.count, 10)
        XCTAssertEqual(points.last?.contributed, 36000)
        XCTAssertEqual(points.last?.value.rounded(scale: 6), dec("44322.191222"))
    }

    func testZeroRateIsJustTheContributions() {
        let points = CompoundProjection(amount: 50, annualRate: 0, periodsPerYear: 52, horizonYears: 3).yearlyPoints()
        XCTAssertEqual(points.map(\.value), [2600, 5200, 7800])
        XCTAssertEqual(points.map(\.contributed), [2600, 5200, 7800])
    }

    func testFreeGoalsCarryTheirCurveAndWishGoalsDoNot() {
        let free = GoalProgress(
            goal: goal(
                mode: .free, plan: plan(500, .monthly, from: "2026-01-01", rate: dec("0.04"), horizon: 5),
                deposits: []), today: d("2026-06-01"))
        XCTAssertEqual(free.projection?.count, 5)
        XCTAssertNil(free.status)
        let wish = GoalProgress(
            goal: goal(plan: plan(100, .monthly, from: "2026-01-01"), deposits: []), today: d("2026-06-01"))
        XCTAssertNil(wish.projection)
    }
}
