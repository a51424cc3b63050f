import Basics
import Domain
import XCTest

@testable import Jar

final class CoinRuleTests: XCTestCase {
    func testAWishJarHoldsItsTargetInAHundredPlainCoins() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 2999, amounts: []))
        XCTAssertEqual(rule.coinValue, Decimal(string: "29.99"))
        XCTAssertEqual(rule.units(upTo: 2999), 100)
        XCTAssertEqual(rule.coins(adding: 300, to: 0), Array(repeating: 0, count: 10), "299.90 of it: 10 coins")
        XCTAssertEqual(rule.sand(of: 300), Decimal(string: "0.1"))
    }

    func testAFreeJarDropsFiveCoinsPerPlanAmount() {
        let rule = CoinRule(goal: JarFixtures.free(plan: 500, amounts: []))
        XCTAssertEqual(rule.coinValue, 100)
        XCTAssertEqual(rule.coins(adding: 500, to: 0), [0, 0, 0, 0, 0])
        XCTAssertEqual(rule.units(adding: 250, to: 0), 2, "two coins and half a coin of sand")
        XCTAssertEqual(rule.units(adding: 250, to: 250), 3, "the sand makes the third coin")
    }

    /// The seed's own case (聚沙): a deposit smaller than a coin drops no coin but sand, and the
    /// sand makes a coin when it adds up to one. Rounding each deposit on its own, as before issue
    /// 39, made 100 deposits of $5 on a $5,000 target 100 coins, a jar "full" at 10 %.
    func testSmallDepositsAddUpToCoinsAndTheRestIsSand() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 5000, amounts: []))
        var saved = Decimal(0)
        var coins = 0
        for _ in 0..<100 {
            coins += rule.coins(adding: 5, to: saved).count
            saved += 5
        }
        XCTAssertEqual(coins, 10, "$500 of $5,000 is ten coins of $50, a tenth of the glass")
        XCTAssertEqual(rule.sand(of: saved), 0)
        XCTAssertEqual(rule.coins(adding: Decimal(string: "0.01")!, to: 0), [], "a cent is sand")
        XCTAssertEqual(rule.sand(of: Decimal(string: "0.01")!), Decimal(string: "0.01"))
        XCTAssertEqual(rule.units(adding: 1, to: 49), 1, "the dollar that completes a coin drops it")
    }

    func testADepositsDigitsAreExactlyItsWorth() {
        for units in [1, 7, 19, 20, 21, 99, 100, 101, 999, 1_234_567, 999_999_999_999, CoinRule.maximumUnits] {
            for pile in [0, 50, 108, 110] {
                let coins = CoinRule.coins(forUnits: units, pile: pile)
                let value = coins.reduce(0) { $0 + CoinRule.units(ofTier: $1) }
                XCTAssertEqual(value, units, "\(units) units onto \(pile): exactly its worth")
                XCTAssertLessThanOrEqual(coins.count, max(CoinRule.plainCoinLimit, JarMerge.capacity - pile, 108))
            }
        }
        XCTAssertEqual(CoinRule.coins(forUnits: 0, pile: 0), [], "no unit, no coin")
    }

    func testADepositDropsPlainCoinsWhileTheyFit() {
        XCTAssertEqual(CoinRule.coins(forUnits: 47, pile: 0), Array(repeating: 0, count: 47), "value is volume")
        XCTAssertEqual(CoinRule.coins(forUnits: 100, pile: 0).count, 100, "a whole target at once")
        XCTAssertEqual(
            CoinRule.coins(forUnits: 150, pile: 0), Array(repeating: 1, count: 5) + Array(repeating: 0, count: 100),
            "ten plain for one gold, just until they fit in 110")
        XCTAssertEqual(
            CoinRule.coins(forUnits: 30, pile: 100), [1, 1] + Array(repeating: 0, count: 10),
            "into a nearly full jar: 20 coins at most")
        XCTAssertEqual(
            CoinRule.coins(forUnits: 999_999, pile: 108),
            [5, 4, 3, 2, 1, 0].flatMap { Array(repeating: $0, count: 9) },
            "digits that cannot fit: every digit, exactly its worth")
        for (units, pile) in [
            (21, 0), (99, 50), (110, 0), (111, 0), (1_000, 0), (999_999, 0), (12_951, 0), (5_000, 108),
        ] {
            let coins = CoinRule.coins(forUnits: units, pile: pile)
            let room = max(CoinRule.plainCoinLimit, JarMerge.capacity - pile)
            XCTAssertLessThanOrEqual(coins.count, room, "\(units) onto \(pile)")
            XCTAssertEqual(coins, coins.sorted(by: >), "biggest first")
            let value = coins.reduce(0) { $0 + CoinRule.units(ofTier: $1) }
            XCTAssertEqual(value, units, "exact when the digits fit")
        }
    }

    func testAWishGoalsCoinsAreItsProgressWhateverTheDepositSizes() {
        // 五一成都行: 250s and a 400 on a 1,800 target, 104 % in all.
        let amounts: [Decimal] = [250, 250, 400, 250, 250, Decimal(string: "66.6")!, 250, 160]
        let inputs = JarInputs(goal: JarFixtures.wish(target: 1800, amounts: amounts))
        XCTAssertEqual(inputs.coins.joined().count, 104, "1,876.60 of 1,800: 104 coins of 18, and 4.60 of sand")
        XCTAssertTrue(inputs.coins.joined().allSatisfy { $0 == 0 }, "no gold below the neck")
    }

    /// The quick guess in floating point never decides alone: on a grid of cents and on every
    /// coin boundary (and a hair either side) the worth is the whole coins `saved` holds, checked by
    /// multiplying back: units × coin ≤ saved < (units + 1) × coin.
    func testTheWorthIsTheWholeCoinsSavedHolds() {
        for target in [Decimal(2999), Decimal(string: "333.33")!, 1, Decimal(string: "1e12")!] {
            let rule = CoinRule(goal: JarFixtures.wish(target: target, amounts: []))
            var amounts = (1...5000).map { Decimal($0 * 37) / 100 }
            for n in 0..<300 {
                let edge = Decimal(n) * rule.coinValue
                amounts += [edge, edge - Decimal(string: "0.0000001")!, edge + Decimal(string: "0.0000001")!]
            }
            for saved in amounts where saved > 0 {
                let units = rule.units(upTo: saved)
                XCTAssertLessThanOrEqual(Decimal(units) * rule.coinValue, saved, "\(saved) for \(rule.coinValue)")
                XCTAssertLessThan(saved, Decimal(units + 1) * rule.coinValue, "\(saved) for \(rule.coinValue)")
                XCTAssertEqual(Decimal(units) * rule.coinValue + rule.sand(of: saved), saved)
            }
        }
    }

    func testAnAbsurdAmountStaysInRange() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 1, amounts: []))
        XCTAssertEqual(rule.units(upTo: Decimal(string: "1e30")!), CoinRule.maximumUnits)
        XCTAssertEqual(rule.sand(of: Decimal(string: "1e30")!), 0)
    }

    func testTheSeedIsStableAndDocumented() {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        var generator = SeededGenerator(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF, "SplitMix64's reference first value")
        var a = SeededGenerator(goalID: "bike", depositIndex: 3)
        var b = SeededGenerator(goalID: "bike", depositIndex: 3)
        let x = a.uniform(-20, 20)
        XCTAssertEqual(x, b.uniform(-20, 20))
        XCTAssertTrue((-20..<20).contains(x))
    }

    func testSVGNumbersAreShortAndStable() {
        XCTAssertEqual(SVGNumber.text(12.34), "12.3")
        XCTAssertEqual(SVGNumber.text(12.25), "12.3", "half away from zero")
        XCTAssertEqual(SVGNumber.text(-0.04), "0")
        XCTAssertEqual(SVGNumber.text(-3.06), "-3.1")
        XCTAssertEqual(SVGNumber.text(5), "5")
        XCTAssertEqual(SVGNumber.text(1.5, digits: 2), "1.5")
        XCTAssertEqual(SVGNumber.text(0.05, digits: 2), "0.05")
        XCTAssertEqual(SVGNumber.text(.nan), "0")
    }
}
