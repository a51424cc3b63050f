import Domain
import Foundation

/// Everything the site shows of one goal's jar: the settled pile, the latest deposit's fall as
/// numbered frames and as one animated SVG, and the figures behind them.
///
/// `make` is a pure function of the goal and an optional cached snapshot; the snapshot only
/// saves time. With or without it the result is byte for byte the same, because every drop is
/// simulated on a fresh Chipmunk space built from the pile before it (see `CoinDrop`).
public struct JarArtwork: Equatable, Sendable {
    /// jar.svg: today's pile.
    public var jarSVG: String
    /// frames/0001.svg …: the latest deposit's fall at 30 frames per second, frame 1 first;
    /// empty for a goal without deposits.
    public var frames: [String]
    /// drop.svg: the same fall as one animated SVG, standing still under reduced motion.
    public var dropSVG: String
    /// The settled pile, in drawing order.
    public var pile: [SettledCoin]
    /// The latest deposit's fall; nil without deposits.
    public var film: DropFilm?
    /// What one plain coin is worth, in the goal's currency (`CoinRule`).
    public var coinValue: Decimal
    /// Merges since the first deposit (`JarMerge`).
    public var merges: Int
    /// Coins still moving when the latest drop hit its time limit (0 in every healthy jar).
    public var forcedRests: Int

    public var coinCount: Int { pile.count }
    /// `tierCounts[t]`: coins worth 10^t plain coins (plain, gold, rose, violet …).
    public var tierCounts: [Int] {
        var counts = [0]
        for coin in pile {
            while counts.count <= coin.tier { counts.append(0) }
            counts[coin.tier] += 1
        }
        return counts
    }
    /// The pile's value in plain coins; times `coinValue` it is about the goal's saved amount.
    public var units: Int { pile.reduce(0) { $0 + CoinRule.units(ofTier: $1.tier) } }

    /// `0001.svg` for frame 1: four digits, enough for the longest possible film (about 920 frames).
    public static func frameFileName(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".svg"
    }

    /// Simulates what `cached` does not already hold and draws the jar.
    /// - Returns: the artwork and the snapshot to cache for the next build.
    public static func make(goal: Goal, cached: JarSnapshot?) -> (artwork: JarArtwork, snapshot: JarSnapshot) {
        let inputs = JarInputs(goal: goal)
        let count = inputs.coins.count
        var state = resumable(cached, inputs) ?? JarState(deposits: 0, inputs: inputs.keys[0], coins: [], merges: 0)
        guard count > 0 else {
            let still = JarPainter.still([])
            let artwork = JarArtwork(
                jarSVG: still, frames: [], dropSVG: still, pile: [], film: nil,
                coinValue: inputs.rule.coinValue, merges: 0, forcedRests: 0)
            return (artwork, JarSnapshot(goalID: goal.id, states: [state]))
        }
        while state.deposits < count - 1 {
            state = drop(onto: state, inputs, filming: false).state
        }
        let before = state
        let (after, outcome) = drop(onto: before, inputs, filming: true)
        let film = outcome.film!
        let artwork = JarArtwork(
            jarSVG: JarPainter.still(after.coins),
            frames: film.frames.indices.map { JarPainter.frame(film, $0) },
            dropSVG: JarPainter.animation(film),
            pile: after.coins, film: film, coinValue: inputs.rule.coinValue,
            merges: after.merges, forcedRests: outcome.forced)
        return (artwork, JarSnapshot(goalID: goal.id, states: [before, after]))
    }

    /// The latest cached pile that a replay of this goal would pass through before its last deposit.
    private static func resumable(_ snapshot: JarSnapshot?, _ inputs: JarInputs) -> JarState? {
        guard let snapshot, snapshot.format == JarSnapshot.currentFormat, snapshot.goalID == inputs.goalID
        else { return nil }
        return snapshot.states
            .filter { state in
                state.deposits < inputs.coins.count && inputs.keys[state.deposits] == state.inputs
                    && state.coins.count <= JarMerge.capacity
            }
            .max { $0.deposits < $1.deposits }
    }

    /// Drops deposit number `state.deposits` (merging first if the jar is full).
    static func drop(onto state: JarState, _ inputs: JarInputs, filming: Bool) -> (
        state: JarState, outcome: CoinDrop.Outcome
    ) {
        let index = state.deposits
        let tiers = inputs.coins[index]
        let merge = JarMerge.plan(pile: state.coins, incoming: tiers.count)
        var generator = SeededGenerator(goalID: inputs.goalID, depositIndex: index)
        let outcome = CoinDrop.run(
            pile: state.coins, removed: merge.removed, tiers: merge.made + tiers,
            generator: &generator, filming: filming)
        let next = JarState(
            deposits: index + 1, inputs: inputs.keys[index + 1], coins: outcome.coins,
            merges: state.merges + merge.made.count)
        return (next, outcome)
    }
}
