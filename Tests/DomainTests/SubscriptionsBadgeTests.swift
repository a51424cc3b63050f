import Badges
import Domain
import Subscriptions
import XCTest

/// The subscription badges, fed by the kill events of a data set.
final class SubscriptionsBadgeTests: XCTestCase {
    typealias F = SubscriptionFixture

    func testFourSubscriptionBadges() {
        XCTAssertEqual(
            BadgeDefinition.subscriptions.map(\.id), ["first_slay", "slayer_5", "trial_dodger", "saver_100"])
        for badge in BadgeDefinition.subscriptions {
            XCTAssertEqual(badge.category, .subscriptions)
        }
    }

    func testKillEventsAreDatedOnTheKillWithMonthlyCostAndDodgedTrials() {
        let data = F.dataSet([
            F.sub("alive", price: "99"),
            F.sub("trial", price: "20", currency: F.usd, trial: true, next: "2026-10-10", killed: "2026-10-09"),
            F.sub("late trial", price: "30", trial: true, next: "2026-10-10", killed: "2026-10-10"),
            F.sub("yearly", price: "120", cycle: .yearly, killed: "2026-03-01"),
        ])
        XCTAssertEqual(
            StatsEvent.subscriptionKills(from: data),
            [
                .subscriptionKilled(on: d("2026-10-09"), monthlyInBase: dec("142.4"), dodgedTrial: true),
                .subscriptionKilled(on: d("2026-10-10"), monthlyInBase: 30, dodgedTrial: false),
                .subscriptionKilled(on: d("2026-03-01"), monthlyInBase: 10, dodgedTrial: false),
            ])
        XCTAssertEqual(
            StatsEvent.subscriptionKills(from: data, through: d("2026-10-09")).map(\.time.date),
            [d("2026-10-09"), d("2026-03-01")], "kills after today are not counted yet")
    }

    func testBadgesUnlockOnTheKillThatEarnsThem() {
        let kills = (1...5).map { n in
            F.sub("s\(n)", price: n == 5 ? "40" : "15", next: "2026-0\(n)-20", killed: "2026-0\(n)-10")
        }
        let data = F.dataSet(kills + [F.sub("t", price: "1", trial: true, next: "2026-07-02", killed: "2026-07-01")])
        let replay = BadgeReplay.run(
            StatsEvent.subscriptionKills(from: data), definitions: BadgeDefinition.subscriptions, goals: [])
        XCTAssertEqual(replay.unlockedOn["first_slay"], d("2026-01-10"))
        XCTAssertEqual(replay.unlockedOn["slayer_5"], d("2026-05-10"))
        // 15 × 4 = 60, then + 40 = 100 a month on May 10.
        XCTAssertEqual(replay.unlockedOn["saver_100"], d("2026-05-10"))
        XCTAssertEqual(replay.unlockedOn["trial_dodger"], d("2026-07-01"))
        XCTAssertEqual(replay.summary.killedMonthlySavings, 101)
    }
}
