import Badges
import Domain
import XCTest

/// Badges from a replay of events in time order, with the day each one unlocked.
final class BadgeTests: XCTestCase {
    private func replay(_ goals: [Goal]) -> BadgeReplay {
        var events: [StatsEvent] = []
        for g in goals {
            for deposit in g.deposits {
                events.append(
                    .deposit(goalID: g.id, at: deposit.at, amount: deposit.amount, amountInBase: deposit.amount))
            }
        }
        return BadgeReplay.run(events, definitions: BadgeDefinition.all, goals: goals.map(GoalFacts.init))
    }

    func testThereAreThirteenSavingsBadges() {
        XCTAssertEqual(
            BadgeDefinition.savings.map(\.id),
            [
                "first_coin", "ten_deposits", "fifty_deposits", "streak_7", "streak_30", "saved_1k", "saved_10k",
                "goal_reached", "three_goals", "night_owl", "early_bird", "on_schedule", "big_day",
            ])
        XCTAssertTrue(BadgeDefinition.savings.allSatisfy { $0.category == .savings })
    }

    /// The wall formats progress by the declared unit, never by the id: each badge says what it counts.
    func testEveryBadgeDeclaresTheUnitItCounts() {
        let units = Dictionary(uniqueKeysWithValues: BadgeDefinition.all.map { ($0.id, $0.unit) })
        XCTAssertEqual(units.count, 21)
        XCTAssertEqual(
            units.filter { $0.value == .money }.keys.sorted(), ["big_day", "saved_10k", "saved_1k"])
        XCTAssertEqual(units.filter { $0.value == .moneyPerMonth }.keys.sorted(), ["saver_100"])
        XCTAssertEqual(units.filter { $0.value == .minutes }.keys.sorted(), ["hundred_minutes"])
        XCTAssertEqual(units.filter { $0.value == .days }.keys.sorted(), ["breath_streak_7", "streak_30", "streak_7"])
        XCTAssertEqual(units.filter { $0.value == .count }.count, 13)
    }

    func testNightAndEarlyWindowsAtTheirEdges() {
        let times = ["04:59", "05:00", "08:59", "09:00", "21:59", "22:00", "00:00"]
        let g = goal(deposits: times.map { (at("2026-01-01", $0), 1) })
        let summary = replay([g]).summary
        XCTAssertEqual(summary.nightDeposits, 3, "04:59, 22:00 and 00:00")
        XCTAssertEqual(summary.earlyDeposits, 2, "05:00 and 08:59")
        let plain = replay([goal(deposits: [(at("2026-01-01"), 1)])]).summary
        XCTAssertEqual(plain.nightDeposits + plain.earlyDeposits, 0, "a plain date has no time of day")
    }

    func testStreakAcrossMonthAndYearEndsUnlocksOnTheSeventhDay() {
        let days = [
            "2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-01", "2026-01-02", "2026-01-03",
            "2026-01-04",
        ]
        let r = replay([goal(deposits: days.map { (at($0), 1) })])
        XCTAssertEqual(r.summary.longestDepositStreak, 7)
        XCTAssertEqual(r.unlockedOn["streak_7"], d("2026-01-04"))
        let broken = replay([goal(deposits: ["2026-01-30", "2026-01-31", "2026-02-02"].map { (at($0), 1) })])
        XCTAssertEqual(broken.summary.longestDepositStreak, 2)
    }

    func testUnlockDatesComeFromTheReplayInTimeOrder() {
        // Written out of order: the tenth deposit in time is on Jan 10.
        let days = (1...12).map { String(format: "2026-01-%02d", $0) }.reversed()
        let r = replay([goal(target: 5, deposits: days.map { (at($0), 1) })])
        XCTAssertEqual(r.unlockedOn["first_coin"], d("2026-01-01"))
        XCTAssertEqual(r.unlockedOn["ten_deposits"], d("2026-01-10"))
        XCTAssertEqual(r.unlockedOn["goal_reached"], d("2026-01-05"))
        XCTAssertNil(r.unlockedOn["fifty_deposits"])
    }

    func testAmountBadgesUseTheBaseCurrencyAndDays() {
        let a = goal("a", deposits: [(at("2026-02-01", "10:00"), 600), (at("2026-02-01", "20:00"), 400)])
        let b = goal("b", deposits: [(at("2026-02-02"), 999), (at("2026-03-01"), 9000)])
        let c = goal("c", deposits: [(at("2026-03-02"), 1)])
        let r = replay([a, b, c])
        XCTAssertEqual(r.unlockedOn["big_day"], d("2026-02-01"), "600 + 400 on one day")
        XCTAssertEqual(r.unlockedOn["saved_1k"], d("2026-02-01"))
        XCTAssertEqual(r.unlockedOn["saved_10k"], d("2026-03-01"))
        XCTAssertEqual(r.unlockedOn["three_goals"], d("2026-03-02"))
    }

    func testOnScheduleNeedsSixConsecutivePeriodsOfAFreeGoal() {
        let p = plan(100, .monthly, from: "2026-01-15")
        // Periods 0,1,2 then a gap (period 3), then 4…9: the six in a row end in period 9.
        let months = [
            "2026-01-15", "2026-02-20", "2026-03-15", "2026-05-15", "2026-06-15", "2026-07-15",
            "2026-08-15", "2026-09-15", "2026-10-14", "2026-10-15",
        ]
        let r = replay([goal(mode: .free, plan: p, deposits: months.map { (at($0), 100) })])
        XCTAssertEqual(r.unlockedOn["on_schedule"], d("2026-10-15"))
        XCTAssertEqual(r.summary.longestOnSchedule, 6)
    }

    func testLockedBadgeProgressIsCapped() {
        let r = replay([goal(deposits: [(at("2026-01-01"), 1), (at("2026-01-02"), 1), (at("2026-01-03"), 1)])])
        let ten = BadgeDefinition.all.first { $0.id == "ten_deposits" }!
        XCTAssertEqual(ten.progress(r.summary), .init(current: 3, target: 10))
        let first = BadgeDefinition.all.first { $0.id == "first_coin" }!
        XCTAssertEqual(first.progress(r.summary), .init(current: 1, target: 1))
    }

    /// A served site's next evaluation goes on from where the last replay stopped when today's
    /// events begin with the ones it replayed, and starts again when they do not (a deposit dated
    /// between two others, a goal's target changed): either way, what a fresh evaluation gives.
    func testAMemoGoesOnFromTheLastReplayOnlyWhenTheEventsBeginAlike() {
        let days = (1...9).map { String(format: "2026-01-%02d", $0) }
        var data = breathingData([])
        data.goals = [goal(target: 12, deposits: days.map { (at($0), 1) })]
        let memo = BadgeBoard.Memo()
        func same(_ data: DataSet, _ what: String) {
            let kept = BadgeBoard.evaluate(data, today: d("2026-12-31"), memo: memo)
            let fresh = BadgeBoard.evaluate(data, today: d("2026-12-31"))
            XCTAssertEqual(kept.map(\.unlockedOn), fresh.map(\.unlockedOn), what)
            XCTAssertEqual(kept.map(\.progress.current), fresh.map(\.progress.current), what)
        }
        same(data, "the first")
        data.goals[0].deposits.append(Deposit(at: at("2026-01-10"), amount: 1, note: nil))
        same(data, "one more at the end: ten deposits, on Jan 10")
        XCTAssertEqual(
            BadgeBoard.evaluate(data, today: d("2026-12-31"), memo: memo).first { $0.definition.id == "ten_deposits" }?
                .unlockedOn, d("2026-01-10"))
        data.goals[0].deposits.insert(Deposit(at: at("2025-12-31"), amount: 1, note: nil), at: 0)
        same(data, "one before all the others")
        data.goals[0].target = 3
        same(data, "a target changed")
    }
}
