import Domain
import Foundation

/// How many coins a deposit drops into a goal's jar, and what one coin is worth.
///
/// - A plain (silver) coin is worth one *unit*: a wish goal's target / 100, so a wish jar holding
///   its target holds about 100 plain coins; a free goal's plan amount / 5, so every on-plan
///   deposit drops 5 coins whatever the currency or the size of the plan.
/// - A deposit is worth `amount / unit` units, rounded half up, and at least 1: every deposit
///   drops at least one coin.
/// - Up to 20 units the deposit drops that many plain coins. Above 20 it drops at most 18 coins:
///   its units rounded to two leading digits, paid in coins of 10ⁿ units (gold = 10, rose = 100,
///   violet = 1,000 …). 47 units are 4 gold and 7 plain coins; 348 are 350: 3 rose and 5 gold.
///
/// Every coin keeps its value for good; merges when the jar fills (`JarMerge`) trade ten coins for
/// one of the next tier, so the value in the jar never drops.
public struct CoinRule: Sendable, Equatable {
    /// Coins of a wish goal's target.
    public static let coinsPerTarget = 100
    /// Coins of a free goal's plan amount.
    public static let coinsPerPlanAmount = 5
    /// The most coins one deposit drops (a deposit above this many units uses bigger coins).
    public static let plainCoinLimit = 20
    /// No deposit counts for more than this many units (about 10¹⁵ targets), so the arithmetic
    /// stays in range whatever the data says.
    static let maximumUnits = 1_000_000_000_000_000

    /// What one plain coin is worth, in the goal's currency.
    public let coinValue: Decimal

    public init(goal: Goal) {
        if goal.mode == .wish, let target = goal.target, target > 0 {
            coinValue = target / Decimal(CoinRule.coinsPerTarget)
        } else if let plan = goal.plan, plan.amount > 0 {
            coinValue = plan.amount / Decimal(CoinRule.coinsPerPlanAmount)
        } else {
            coinValue = 1
        }
    }

    /// The deposit's worth in plain coins: rounded half up, at least 1.
    public func units(for amount: Decimal) -> Int {
        let exact = amount / coinValue
        guard exact < Decimal(CoinRule.maximumUnits) else { return CoinRule.maximumUnits }
        return max(1, Int(exact.fixed(0)) ?? 1)
    }

    /// The tiers of the coins a deposit drops, biggest first (tier n is worth 10ⁿ units).
    public func coins(for amount: Decimal) -> [Int] {
        CoinRule.coins(forUnits: units(for: amount))
    }

    static func coins(forUnits units: Int) -> [Int] {
        if units <= plainCoinLimit { return Array(repeating: 0, count: max(1, units)) }
        var (lead, tier) = (units, 0)
        while lead >= 1000 {
            lead /= 10
            tier += 1
        }
        if lead >= 100 {  // the third digit rounds the second, half up
            lead = (lead + 5) / 10
            tier += 1
        }
        if lead == 100 {
            lead = 10
            tier += 1
        }
        return Array(repeating: tier + 1, count: lead / 10) + Array(repeating: tier, count: lead % 10)
    }

    /// Units a coin of `tier` is worth: 10^tier.
    public static func units(ofTier tier: Int) -> Int {
        (0..<tier).reduce(1) { value, _ in value * 10 }
    }
}
