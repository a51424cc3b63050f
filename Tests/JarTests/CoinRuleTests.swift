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
