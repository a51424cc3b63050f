import Basics
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
    /// timelapse.svg: the pile at the end of every month side by side, one `<view id="m2026-09">`
    /// a month, so `timelapse.svg#m2026-09` shows that month alone; nil without deposits.
    public var timelapseSVG: String?
    /// The pile at the end of each month of the goal's life, oldest first: the latest
    /// `timelapseLimit` months of it.
    public var months: [MonthPile]
    /// The months of the goal's life before the first of `months`: 0 unless the first deposit is
    /// older than the timelapse shows (a deposit dated in the year 1 does not make 24,000
    /// pictures); the page then says since when the jar fills.
    public var monthsBefore: Int
    /// The settled pile, in drawing order: coins only.
    public var pile: [SettledCoin]
    /// What the jar holds beyond its coins, worth less than one coin (`JarSand`); the coins'
    /// worth (`units` × `coinValue`) plus the sand is exactly what the deposits saved.
    public var sand: Decimal = 0
    /// The sand as grains heaped on the pile.
    public var grains: [SettledCoin] = []
    /// The latest deposit's fall; nil without deposits.
    public var film: DropFilm?
    /// What one plain coin is worth, in the goal's currency (`CoinRule`).
    public var coinValue: Decimal
    /// Merges since the first deposit (`JarMerge`).
    public var merges: Int
    /// Coins still moving when the latest drop hit its time limit (0 in every healthy jar).
    public var forcedRests: Int
    /// A wish goal whose deposits reach its target: jar.svg wears a lid.
    public var reached: Bool

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
    /// The pile's value in plain coins; times `coinValue`, plus `sand`, it is the goal's saved amount.
    public var units: Int { pile.reduce(0) { $0 + CoinRule.units(ofTier: $1.tier) } }
    /// What the jar holds in all: its coins' worth and its sand.
    public var worth: Decimal { Decimal(units) * coinValue + sand }

    /// The name of a kind of coin in data.json: `copper` (1 unit), `gold` (10), `rose` (100),
    /// `violet` (1,000), then `violet-<units>` for each bigger kind (`violet-10000`).
    public static func kindName(tier: Int) -> String {
        switch tier {
        case 0: "copper"
        case 1: "gold"
        case 2: "rose"
        case 3: "violet"
        default: "violet-\(CoinRule.units(ofTier: tier))"
        }
    }

    /// `0001.svg` for frame 1: four digits, enough for the longest possible film (about 920 frames).
    public static func frameFileName(_ number: Int) -> String {
        number.zeroPadded(4) + ".svg"
    }

    /// Simulates what `cached` does not already hold and draws the jar.
    ///
    /// The pile is poured month by month and the latest deposit falls alone (`JarReplay`); the
    /// piles at the months' ends are the timelapse, and the snapshot keeps them with the pile the
    /// latest deposit fell onto, so a build that continues from the cache simulates at most the
    /// latest deposit's month and its fall.
    /// - Parameter palette: the colours the pictures use (`JarPalette`, from the design tokens).
    /// - Returns: the artwork and the snapshot to cache for the next build.
    public static func make(
        goal: Goal, cached: JarSnapshot?, palette: JarPalette = .none
    ) -> (artwork: JarArtwork, snapshot: JarSnapshot) {
        let inputs = JarInputs(goal: goal)
        let count = inputs.coins.count
        guard count > 0 else {
            let still = JarPainter.still([], palette: palette, reached: false)
            let artwork = JarArtwork(
                jarSVG: still, frames: [], dropSVG: still, timelapseSVG: nil, months: [], monthsBefore: 0, pile: [],
                film: nil,
                coinValue: inputs.rule.coinValue, merges: 0, forcedRests: 0, reached: false)
            let empty = JarState(deposits: 0, inputs: inputs.keys[0], coins: [], merges: 0)
            return (artwork, JarSnapshot(goalID: goal.id, states: [empty]))
        }
        let reachedAfter = JarArtwork.reachedAfter(goal)
        let reached = reachedAfter != nil
        let (monthEnds, before) = JarReplay.piles(inputs, known: usableStates(cached, inputs))
        let (after, outcome) = JarReplay.drop(onto: before, inputs, filming: true)
        let sand = inputs.sand(after: count)
        let grains = JarSand.heap(JarSand.grains(sand, coinValue: inputs.rule.coinValue), on: after.coins)
        // Every deposit makes something fall: its coins, and then the sand left over; a deposit
        // that made no coin drops the grains it added (at least one) onto the heap of those before.
        let heaped =
            inputs.coins[count - 1].isEmpty
            ? JarSand.grains(inputs.sand(after: count - 1), coinValue: inputs.rule.coinValue) : 0
        let film = JarSand.film(outcome.film!, grains: grains, falling: max(1, grains.count - heaped))
        let months = JarArtwork.months(inputs, ends: monthEnds + [after], reachedAfter: reachedAfter)
        var artwork = JarArtwork(
            jarSVG: JarPainter.still(after.coins + grains, palette: palette, reached: reached),
            frames: JarPainter.frames(film, palette: palette),
            dropSVG: JarPainter.animation(film, palette: palette),
            timelapseSVG: JarPainter.timelapse(months, palette: palette),
            months: months, monthsBefore: monthsBefore(inputs), pile: after.coins, film: film,
            coinValue: inputs.rule.coinValue,
            merges: after.merges, forcedRests: outcome.forced, reached: reached)
        artwork.sand = sand
        artwork.grains = grains
        let states = monthEnds.last?.deposits == before.deposits ? monthEnds : monthEnds + [before]
        return (artwork, JarSnapshot(goalID: goal.id, states: states))
    }

    /// The cached piles this goal's replay would pour, by deposits: those whose inputs still
    /// match, from this goal and this format. A snapshot of another format is never read.
    private static func usableStates(_ snapshot: JarSnapshot?, _ inputs: JarInputs) -> [Int: JarState] {
        guard let snapshot, snapshot.format == JarSnapshot.currentFormat, snapshot.goalID == inputs.goalID
        else { return [:] }
        var states: [Int: JarState] = [:]
        for state in snapshot.states
        where state.deposits > 0 && state.deposits < inputs.coins.count
            && inputs.keys[state.deposits] == state.inputs && state.coins.count <= JarMerge.capacity
        {
            states[state.deposits] = state
        }
        return states
    }

    /// How many months the timelapse shows at most: ten years, the latest.
    public static let timelapseLimit = 120

    /// The months between the first deposit's month and the first the timelapse shows.
    private static func monthsBefore(_ inputs: JarInputs) -> Int {
        guard let first = inputs.months.first, let last = inputs.months.last else { return 0 }
        return max(0, last - first + 1 - timelapseLimit)
    }

    /// One pile a month from the first deposit's month to the latest's, the latest
    /// `timelapseLimit` of them: the piles `ends` at the end of each month with deposits, the
    /// latest month's after its latest deposit; a month without deposits shows the month before.
    private static func months(_ inputs: JarInputs, ends: [JarState], reachedAfter: Int?) -> [MonthPile] {
        guard let first = inputs.months.first, let last = inputs.months.last else { return [] }
        var piles: [MonthPile] = []
        var index = 0
        // A month without deposits shows the pile before it, sand and all: heaped once a pile.
        var heaped: (deposits: Int, grains: [SettledCoin]) = (-1, [])
        for month in max(first, last - timelapseLimit + 1)...last {
            while index + 1 < ends.count, inputs.months[ends[index + 1].deposits - 1] <= month { index += 1 }
            let state = ends[index]
            if heaped.deposits != state.deposits {
                let sand = JarSand.grains(inputs.sand(after: state.deposits), coinValue: inputs.rule.coinValue)
                heaped = (state.deposits, JarSand.heap(sand, on: state.coins))
            }
            piles.append(
                MonthPile(
                    year: month / 12, month: month % 12 + 1, coins: state.coins, units: state.units,
                    grains: heaped.grains,
                    reached: reachedAfter.map { state.deposits >= $0 } ?? false))
        }
        return piles
    }

    /// How many deposits (in the jar's order) brought a wish goal to its target; nil while it has
    /// not been reached, and for a free goal.
    static func reachedAfter(_ goal: Goal) -> Int? {
        guard goal.mode == .wish, let target = goal.target, target > 0 else { return nil }
        var saved = Decimal(0)
        for (index, deposit) in goal.depositsInTimeOrder.enumerated() {
            saved += deposit.amount
            if saved >= target { return index + 1 }
        }
        return nil
    }
}
