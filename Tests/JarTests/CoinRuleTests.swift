import Basics
import Domain
import XCTest

@testable import Jar

final class CoinRuleTests: XCTestCase {
    func testAWishJarHoldsItsTargetInAHundredPlainCoins() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 2999, amounts: []))
        XCTAssertEqual(rule.coinValue, Decimal(string: "29.99"))
        XCTAssertEqual(rule.units(for: 2999), 100)
        XCTAssertEqual(rule.coins(for: 300), Array(repeating: 0, count: 10))
    }

    func testAFreeJarDropsFiveCoinsPerPlanAmount() {
        let rule = CoinRule(goal: JarFixtures.free(plan: 500, amounts: []))
        XCTAssertEqual(rule.coinValue, 100)
        XCTAssertEqual(rule.coins(for: 500), [0, 0, 0, 0, 0])
        XCTAssertEqual(rule.units(for: 250), 3, "2.5 rounds half up")
        XCTAssertEqual(rule.units(for: 249), 2)
    }

    func testEveryDepositDropsAtLeastOneCoin() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 100_000, amounts: []))
        XCTAssertEqual(rule.coins(for: Decimal(string: "0.01")!), [0])
    }

    func testBigDepositsUseBiggerCoinsAndNeverMoreThanTwenty() {
        XCTAssertEqual(CoinRule.coins(forUnits: 20), Array(repeating: 0, count: 20))
        XCTAssertEqual(CoinRule.coins(forUnits: 21), [1, 1, 0])
        XCTAssertEqual(CoinRule.coins(forUnits: 47), [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(CoinRule.coins(forUnits: 348), [2, 2, 2, 1, 1, 1, 1, 1], "348 → 350: 3 rose, 5 gold")
        XCTAssertEqual(CoinRule.coins(forUnits: 995), [3], "995 → 1,000: one violet")
        XCTAssertEqual(CoinRule.coins(forUnits: 12_951), [4, 3, 3, 3], "12,951 → 13,000")
        for units in [1, 7, 19, 20, 21, 99, 100, 101, 999, 1_234_567, CoinRule.maximumUnits] {
            let coins = CoinRule.coins(forUnits: units)
            XCTAssertTrue((1...CoinRule.plainCoinLimit).contains(coins.count), "\(units) units → \(coins.count) coins")
            let value = coins.reduce(0) { $0 + CoinRule.units(ofTier: $1) }
            XCTAssertLessThanOrEqual(abs(value - units) * 20, units, "within 5 % of \(units)")
        }
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
        XCTAssertEqual(CoinRule.coins(forUnits: 999_999, pile: 108), [6], "digits that cannot fit: rounded, 1,000,000")
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
        XCTAssertEqual(inputs.coins.joined().count, 105)
        XCTAssertTrue(inputs.coins.joined().allSatisfy { $0 == 0 }, "no gold below the neck")
    }

    /// The quick guess in floating point never decides alone: on a grid of cents and on every
    /// half-coin boundary it gives the worth the exact quotient, rounded half up, gives.
    func testTheWorthIsTheExactQuotientRoundedHalfUp() {
        for target in [Decimal(2999), Decimal(string: "333.33")!, 1, Decimal(string: "1e12")!] {
            let rule = CoinRule(goal: JarFixtures.wish(target: target, amounts: []))
            var amounts = (1...5000).map { Decimal($0 * 37) / 100 }
            for n in 0..<300 {
                let tie = (Decimal(n) + Decimal(string: "0.5")!) * rule.coinValue
                amounts += [tie, tie - Decimal(string: "0.0000001")!, tie + Decimal(string: "0.0000001")!]
            }
            for amount in amounts where amount > 0 {
                let exact = max(1, Int((amount / rule.coinValue).fixed(0))!)
                XCTAssertEqual(rule.units(for: amount), exact, "\(amount) for a coin of \(rule.coinValue)")
            }
        }
    }

    func testAnAbsurdAmountStaysInRange() {
        let rule = CoinRule(goal: JarFixtures.wish(target: 1, amounts: []))
        XCTAssertEqual(rule.units(for: Decimal(string: "1e30")!), CoinRule.maximumUnits)
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
