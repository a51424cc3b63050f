import Domain
import Foundation

/// How many coins a deposit drops into a goal's jar, and what one coin is worth.
///
/// - A plain (copper) coin is worth one *unit*: a wish goal's target / 100, so a wish jar holding
///   its target holds 100 plain coins, which fill the glass to its shoulder (`JarGeometry`); a
///   free goal's plan amount / 5, so every on-plan deposit drops 5 coins whatever the currency.
/// - **The jar tells the truth** (DESIGN.md §3): the coins after n deposits are worth what those
///   n deposits saved, rounded down to whole coins; the rest is *sand*, worth less than one coin.
///   So the rounding is carried from deposit to deposit, never made per deposit: a deposit drops
///   `units(upTo: saved after it) − units(upTo: saved before it)` units, which is 0 for a deposit
///   smaller than what the sand still lacks of a coin (it drops sand, `JarSand`), and 100 deposits
///   of a tenth of a coin drop 10 coins, not 100.
/// - A deposit drops its units as plain coins while they fit: up to 20 coins always, and up to
///   the room left below `JarMerge.capacity` (the glass filled into its neck). So the height of
///   a wish goal's pile *is* its progress: 40 % is 40 coins, 100 % reaches the shoulder, and
///   beyond 100 % the coins heap into the neck.
/// - A deposit bigger than that room comes partly in bigger coins of 10ⁿ units (gold = 10,
///   rose = 100, violet = 1,000 …): ten plain coins become one gold, lowest tier first, just until
///   the coins fit. 150 units into an empty jar are 5 gold and 100 plain coins. A deposit whose
///   digits alone add up to more than the room (99,999 units into a full jar) drops one coin per
///   unit of each digit, exactly its worth; the pile's own coins merge to make room (`JarMerge`).
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
    /// No jar counts more than this many units (ten billion targets), so the arithmetic stays in
    /// range and a deposit's digits (at most 12 nines: 108 coins) fit in the jar whatever the data
    /// says (`docs/figures.md`).
    static let maximumUnits = 1_000_000_000_000

    /// What one plain coin is worth, in the goal's currency.
    public let coinValue: Decimal

    /// The value as a Double: what `units(upTo:)` guesses with.
    private let roughCoin: Double

    public init(goal: Goal) {
        if goal.mode == .wish, let target = goal.target, target > 0 {
            coinValue = target / Decimal(CoinRule.coinsPerTarget)
        } else if let plan = goal.plan, plan.amount > 0 {
            coinValue = plan.amount / Decimal(CoinRule.coinsPerPlanAmount)
        } else {
            coinValue = 1
        }
        roughCoin = NSDecimalNumber(decimal: coinValue).doubleValue
    }

    /// Whole coins' worth of `saved`: saved ÷ coin value, rounded down (at most `maximumUnits`).
    ///
    /// A Decimal division costs microseconds, and a goal has thousands of deposits: the worth is
    /// guessed in binary floating point and kept only when exact arithmetic confirms it, that is
    /// when `saved` lies at or above the guess's worth and below one coin more.
    public func units(upTo saved: Decimal) -> Int {
        guard saved > 0 else { return 0 }
        let guess = (NSDecimalNumber(decimal: saved).doubleValue / roughCoin).rounded(.down)
        if guess.isFinite, guess >= 0, guess < Double(CoinRule.maximumUnits) {
            let whole = Decimal(Int(guess)) * coinValue
            if whole <= saved, saved < whole + coinValue { return Int(guess) }
        }
        var exact = saved / coinValue
        guard exact < Decimal(CoinRule.maximumUnits) else { return CoinRule.maximumUnits }
        var down = Decimal()
        NSDecimalRound(&down, &exact, 0, .down)
        return Int(down.fixed(0)) ?? 0
    }

    /// The sand of `saved`: what it holds beyond its whole coins, worth less than one coin (0 past
    /// `maximumUnits`, where nothing more is counted).
    public func sand(of saved: Decimal) -> Decimal {
        let units = units(upTo: saved)
        guard units < CoinRule.maximumUnits else { return 0 }
        return saved - Decimal(units) * coinValue
    }

    /// The units a deposit of `amount` adds to a jar that held `saved` before it (0 when it only
    /// adds sand).
    public func units(adding amount: Decimal, to saved: Decimal) -> Int {
        units(upTo: saved + amount) - units(upTo: saved)
    }

    /// The tiers of the coins a deposit of `amount` drops into a jar that held `saved` before it,
    /// onto a pile of `pile` coins, biggest first (tier n is worth 10ⁿ units); none for sand.
    public func coins(adding amount: Decimal, to saved: Decimal, pile: Int = 0) -> [Int] {
        CoinRule.coins(forUnits: units(adding: amount, to: saved), pile: pile)
    }

    /// `units` in plain coins while they fit above a pile of `pile` coins, ten plain coins traded
    /// for one gold (ten gold for one rose …), lowest tier first, just until they do; when even its
    /// digits do not fit, its digits (`digits(of:)`), exactly its worth. None for 0 units.
    static func coins(forUnits units: Int, pile: Int) -> [Int] {
        guard units > 0 else { return [] }
        let room = max(plainCoinLimit, JarMerge.capacity - pile)
        if units <= room { return Array(repeating: 0, count: units) }
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
        return counts.indices.reversed().flatMap { Array(repeating: $0, count: counts[$0]) }
    }

    /// Units a coin of `tier` is worth: 10^tier.
    public static func units(ofTier tier: Int) -> Int {
        (0..<tier).reduce(1) { value, _ in value * 10 }
    }
}
