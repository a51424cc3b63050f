import Domain
import Foundation
import XCTest

@testable import Jar

/// The jar tells the truth (DESIGN.md §3, issue 39): its coins and sand are worth what was saved,
/// a wish goal's pile stands at its progress, and every deposit makes something fall.
///
/// The expected figures are worked out here a second way, in whole minor units with integer
/// arithmetic (`floor(saved × 100 / target)` coins for a wish goal, `floor(saved × 5 / plan)` for a
/// regular-saving one), never with the jar's own Decimal code.
final class JarTruthTests: XCTestCase {
    /// One history: amounts and the goal's target or plan, all in minor units of `currency`.
    struct History {
        var currency: Currency
        var wish: Bool
        /// The target (wish) or the plan amount (free), in minor units.
        var base: Int
        var minor: [Int]

        var scale: Decimal { pow(10, currency.minorDigits) }
        var amounts: [Decimal] { minor.map { Decimal($0) / scale } }
        var saved: Int { minor.reduce(0, +) }

        var goal: Goal {
            let goal =
                wish
                ? JarFixtures.wish(target: Decimal(base) / scale, amounts: amounts)
                : JarFixtures.free(plan: Decimal(base) / scale, amounts: amounts)
            return Goal(
                id: goal.id, name: goal.name, mode: goal.mode, currency: currency, target: goal.target,
                created: goal.created, icon: nil, note: nil, plan: goal.plan, deposits: goal.deposits)
        }

        /// Whole coins after the first `n` deposits, by integer arithmetic.
        func units(after n: Int) -> Int {
            let saved = minor.prefix(n).reduce(0, +)
            return wish ? saved * CoinRule.coinsPerTarget / base : saved * CoinRule.coinsPerPlanAmount / base
        }
    }

    static let usd = Currency(code: "USD")!
    static let jpy = Currency(code: "JPY")!

    /// The cases issue 39 saw, before and after: the coins' worth and how high the pile stands.
    func testTheSeedsOwnCasesTellTheTruth() {
        let cases: [(name: String, history: History, units: Int)] = [
            (
                "100 × $5 against $5,000",
                History(currency: Self.usd, wish: true, base: 500_000, minor: .init(repeating: 500, count: 100)), 10
            ),
            (
                "330 × $1 against $1,000",
                History(currency: Self.usd, wish: true, base: 100_000, minor: .init(repeating: 100, count: 330)), 33
            ),
            (
                "120 × ¥500 against ¥300,000",
                History(currency: Self.jpy, wish: true, base: 300_000, minor: .init(repeating: 500, count: 120)), 20
            ),
        ]
        for (name, history, units) in cases {
            let jar = JarArtwork.make(goal: history.goal, cached: nil).artwork
            XCTAssertEqual(jar.units, units, name)
            XCTAssertEqual(jar.pile.count, units, "\(name): plain coins, one a hundredth of the target")
            XCTAssertEqual(jar.worth, Decimal(history.saved) / history.scale, name)
            XCTAssertEqual(jar.sand, 0, name)
            // A tenth to a third of the target: the pile's top stays in the lower part of the body,
            // far below the shoulder where a full target stands.
            let top = jar.pile.map(\.y).max()! + JarGeometry.coinRadius
            XCTAssertLessThan(top, JarGeometry.shoulderY * 0.5, "\(name): the pile's top at \(top)")
        }
    }

    /// Random histories of every kind — tiny, huge, mixed, yen, past the target — checked against
    /// integer arithmetic: the worth, the sand, the coins' count and height, and the latest fall.
    func testRandomHistoriesAreWorthWhatWasSaved() {
        var random = SeededGenerator(seed: 39)
        func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        var histories: [History] = []
        for index in 0..<36 {
            let currency = index % 3 == 0 ? Self.jpy : Self.usd
            let wish = index % 4 != 3
            let base = int(1...5) * [100, 1_000, 10_000, 100_000, 1_000_000][int(0...4)]
            let coin = max(1, wish ? base / 100 : base / 5)
            let count = int(1...90)
            let minor: [Int] = (0..<count).map { _ in
                switch index % 6 {
                case 0: int(1...max(1, coin / 10))  // tiny: a tenth of a coin at most
                case 1: int(1...coin * 3)  // mixed
                case 2: int(coin...coin * 400)  // huge: up to four targets a deposit
                case 3: int(1...coin * 30)  // past the target, soon
                case 4: int(1...2) * coin + int(0...coin - 1)
                default: [1, coin / 2 + 1, coin * 7, 3][int(0...3)]
                }
            }
            histories.append(History(currency: currency, wish: wish, base: base, minor: minor))
        }
        for (index, history) in histories.enumerated() {
            let name = "history \(index) (\(history.currency), \(history.wish ? "wish" : "free") of \(history.base))"
            let goal = history.goal
            let inputs = JarInputs(goal: goal)
            let jar = JarArtwork.make(goal: goal, cached: nil).artwork
            let units = history.units(after: history.minor.count)
            let coin = jar.coinValue
            let saved = Decimal(history.saved) / history.scale
            XCTAssertEqual(jar.units, units, "\(name): the coins' worth")
            XCTAssertEqual(jar.worth, saved, "\(name): coins and sand, exactly what was saved")
            XCTAssertEqual(jar.sand, saved - Decimal(units) * coin, name)
            XCTAssertLessThan(jar.sand, coin, "\(name): sand is less than a coin")
            XCTAssertEqual(jar.grains.count, JarSand.grains(jar.sand, coinValue: coin), name)
            XCTAssertEqual(jar.grains.isEmpty, jar.sand == 0, "\(name): any sand shows")
            if jar.tierCounts.count == 1 {
                XCTAssertEqual(jar.pile.count, units, "\(name): without gold, a coin a unit: the height is the worth")
            }
            if history.wish, units < 90 {
                let top = (jar.pile.map(\.y).max() ?? 0) + JarGeometry.coinRadius
                XCTAssertLessThan(top, JarGeometry.shoulderY, "\(name): \(units) % stands below the shoulder")
            }
            for coinPile in jar.pile { XCTAssertTrue(JarGeometry.contains(coinPile.point), name) }
            // Every deposit makes something fall: coins, or sand that the jar did not hold before.
            for n in 0..<inputs.coins.count {
                XCTAssertEqual(
                    inputs.coins[n].reduce(0) { $0 + CoinRule.units(ofTier: $1) },
                    history.units(after: n + 1) - history.units(after: n), "\(name): deposit \(n)")
                if inputs.coins[n].isEmpty {
                    XCTAssertGreaterThan(
                        inputs.sand(after: n + 1), inputs.sand(after: n), "\(name): deposit \(n) adds sand")
                }
            }
            let film = try! XCTUnwrap(jar.film)
            XCTAssertFalse(film.moverTiers.isEmpty, "\(name): the latest deposit drops something")
            let first = film.frames.first!
            let last = film.frames.last!
            XCTAssertTrue(zip(first, last).contains { $0 != $1 }, "\(name): and it moves")
        }
    }

    /// A deposit worth less than a coin drops grains onto the heap already there; the one that
    /// completes a coin drops the coin, and the sand left over falls after it.
    func testADepositSmallerThanACoinDropsSand() throws {
        // $1,000: a coin is $10. $3 + $3 + $3 is sand; the fourth $3 makes a coin and $2 of sand.
        var amounts: [Int] = []
        var lastGrains = 0
        for step in 1...4 {
            amounts.append(300)
            let history = History(currency: Self.usd, wish: true, base: 100_000, minor: amounts)
            let jar = JarArtwork.make(goal: history.goal, cached: nil).artwork
            let film = try XCTUnwrap(jar.film)
            if step < 4 {
                XCTAssertTrue(jar.pile.isEmpty, "step \(step): no coin yet")
                XCTAssertEqual(jar.sand, Decimal(3 * step))
                XCTAssertEqual(jar.grains.count, 6 * step, "step \(step): 20 grains a coin")
                XCTAssertEqual(film.moverTiers, Array(repeating: JarSand.tier, count: 6), "the new grains fall")
                XCTAssertEqual(film.still.count, lastGrains, "onto the grains before")
                XCTAssertEqual(Array(jar.grains.prefix(lastGrains)), film.still, "which do not move")
                XCTAssertTrue(jar.jarSVG.contains("href=\"#g\""), "jar.svg draws the sand")
                XCTAssertTrue(jar.dropSVG.contains("href=\"#g\" class=\"jm\""), "drop.svg animates it")
            } else {
                XCTAssertEqual(jar.pile.count, 1)
                XCTAssertEqual(jar.sand, 2)
                XCTAssertEqual(film.moverTiers, [0] + Array(repeating: JarSand.tier, count: 4), "a coin, then sand")
            }
            lastGrains = jar.grains.count
        }
    }
}
