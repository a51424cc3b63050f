import Domain
import Foundation

/// How many coins a deposit drops into a goal's jar, and what one coin is worth.
///
/// - A plain (silver) coin is worth one *unit*: a wish goal's target / 100, so a wish jar holding
///   its target holds 100 plain coins, which fill the glass to its shoulder (`JarGeometry`); a
///   free goal's plan amount / 5, so every on-plan deposit drops 5 coins whatever the currency.
/// - A deposit is worth `amount / unit` units, rounded half up, and at least 1: every deposit
///   drops at least one coin.
/// - A deposit drops its units as plain coins while they fit: up to 20 coins always, and up to
///   the room left below `JarMerge.capacity` (the glass filled into its neck). So the height of
///   a wish goal's pile *is* its progress: 40 % is 40 coins, 100 % reaches the shoulder, and
///   beyond 100 % the coins heap into the neck.
/// - A deposit bigger than that room comes partly in bigger coins of 10ⁿ units (gold = 10,
///   rose = 100, violet = 1,000 …): ten plain coins become one gold, lowest tier first, just until
///   the coins fit. 150 units into an empty jar are 5 gold and 100 plain coins. Only when even
///   that cannot fit (a sum of digits above the room) is the deposit rounded to two leading
///   digits and paid in at most 18 coins (`coins(forUnits:)`): 999,999 units into a full jar are
///   one coin of 1,000,000.
///
/// Every coin keeps its value for good; merges when the jar fills (`JarMerge`) trade ten coins for
/// one of the next tier, so the value in the jar never drops.
public struct CoinRule: Sendable, Equatable {
    /// Coins of a wish goal's target.
    public static let coinsPerTarget = 100
    /// Coins of a free goal's plan amount.
    public static let coinsPerPlanAmount = 5
    /// A deposit always drops up to this many plain coins, even into a full jar.
    public static let plainCoinLimit = 20
    /// No deposit counts for more than this many units (about 10¹⁵ targets), so the arithmetic
    /// stays in range whatever the data says.
    static let maximumUnits = 1_000_000_000_000_000

    /// What one plain coin is worth, in the goal's currency.
    public let coinValue: Decimal

    /// Half a coin's value, and the value as a Double: what `units(for:)` checks its guess with.
    private let halfCoin: Decimal
    private let roughCoin: Double

    public init(goal: Goal) {
        if goal.mode == .wish, let target = goal.target, target > 0 {
            coinValue = target / Decimal(CoinRule.coinsPerTarget)
        } else if let plan = goal.plan, plan.amount > 0 {
            coinValue = plan.amount / Decimal(CoinRule.coinsPerPlanAmount)
        } else {
            coinValue = 1
        }
        halfCoin = coinValue / 2
        roughCoin = NSDecimalNumber(decimal: coinValue).doubleValue
    }

    /// The deposit's worth in plain coins: rounded half up, at least 1.
    ///
    /// A Decimal division costs microseconds, and a goal has thousands of deposits: the worth is
    /// guessed in binary floating point and kept only when exact arithmetic confirms it, that is
    /// when the amount lies within half a coin below or under half a coin above the guess.
    public func units(for amount: Decimal) -> Int {
        let guess = (NSDecimalNumber(decimal: amount).doubleValue / roughCoin).rounded(.toNearestOrAwayFromZero)
        if guess.isFinite, guess >= 1, guess < 1e15 {
            let whole = Decimal(Int(guess)) * coinValue
            if whole - halfCoin <= amount, amount < whole + halfCoin { return Int(guess) }
        }
        let exact = amount / coinValue
        guard exact < Decimal(CoinRule.maximumUnits) else { return CoinRule.maximumUnits }
        return max(1, Int(exact.fixed(0)) ?? 1)
    }

    /// The tiers of the coins a deposit drops onto a pile of `pile` coins, biggest first (tier n is
    /// worth 10ⁿ units).
    public func coins(for amount: Decimal, pile: Int = 0) -> [Int] {
        CoinRule.coins(forUnits: units(for: amount), pile: pile)
    }

    /// `units` in plain coins while they fit above a pile of `pile` coins, ten plain coins traded
    /// for one gold (ten gold for one rose …), lowest tier first, just until they do.
    static func coins(forUnits units: Int, pile: Int) -> [Int] {
        let room = max(plainCoinLimit, JarMerge.capacity - pile)
        if units <= room { return Array(repeating: 0, count: max(1, units)) }
        var counts = [units]
        var total = units
        var tier = 0
        while total > room, tier < counts.count {
            let merges = min((total - room + 8) / 9, counts[tier] / 10)
            if merges > 0 {
                counts[tier] -= 10 * merges
                if tier + 1 == counts.count { counts.append(0) }
                counts[tier + 1] += merges
                total -= 9 * merges
            }
            if total > room { tier += 1 }
        }
        guard total <= room else { return coins(forUnits: units) }
        return counts.indices.reversed().flatMap { Array(repeating: $0, count: counts[$0]) }
    }

    /// At most 18 coins: `units` rounded to two leading digits (the rule for a deposit too big for
    /// any room).
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
