import Foundation

/// Sand: what a jar holds beyond its whole coins, worth less than one coin (`CoinRule`), drawn
/// as grains heaped on top of the pile where the coins fall.
///
/// Sand is how a deposit smaller than a coin still shows: it drops grains, which settle on the
/// pile and count toward the next coin; when they make a coin, the coin falls and the grains
/// left over fall after it. A coin's worth of sand is `grainsPerCoin` grains, so the heap grows
/// with the sand, and a jar with any sand shows at least one grain.
///
/// The grains do not take part in the physics (a grain weighs nothing against a coin): they are
/// laid on the settled pile by a fixed rule, each into the lowest of a few columns around the
/// jar's middle, so the heap is a pure function of the pile and the number of grains, and the
/// first n grains of a heap are the heap of n.
public enum JarSand {
    /// Grains that make one coin.
    public static let grainsPerCoin = 20
    /// The tier a grain is drawn with (`SettledCoin.tier`), below every coin's.
    public static let tier = -1
    public static let grainRadius = 2.2
    /// Columns of grains, either side of the middle.
    static let columns = 4
    static let columnWidth = 4.2
    /// A grain rests this far above the one beneath it (a little less than its diameter: grains
    /// nestle).
    static let layer = 3.8

    /// How many grains `sand` is: its share of a coin in `grainsPerCoin`ths, rounded down, but at
    /// least one while there is any sand and at most one fewer than a coin.
    public static func grains(_ sand: Decimal, coinValue: Decimal) -> Int {
        guard sand > 0, coinValue > 0 else { return 0 }
        let share = NSDecimalNumber(decimal: sand / coinValue).doubleValue
        let count = Int((share * Double(grainsPerCoin)).rounded(.down))
        return min(grainsPerCoin - 1, max(1, count))
    }

    /// Where `count` grains rest on `pile`, in the order they fall, as settled "coins" of tier
    /// `JarSand.tier`.
    ///
    /// Each grain goes into the lowest of the columns it may rest in (a column away from the middle
    /// counts higher, so the grains heap into a mound): not one where the coin beneath it would
    /// hold it by its side (steeper than 45° with nothing on the other side: it would slide off),
    /// and not more than one grain above both its neighbours (a heap, never a tower).
    public static func heap(_ count: Int, on pile: [SettledCoin]) -> [SettledCoin] {
        guard count > 0 else { return [] }
        let offsets = (-columns...columns).map { Double($0) * columnWidth }
        let floors = offsets.map { support(under: $0, pile) }
        var tops = floors.map(\.height)
        var filled = Array(repeating: false, count: offsets.count)
        // Beyond the outer columns: what a grain there would rest on, which the heap leans on.
        let edges = (
            left: support(under: offsets[0] - columnWidth, pile).height,
            right: support(under: offsets[offsets.count - 1] + columnWidth, pile).height
        )
        // The middle first, then outward, right before left: the order ties are broken in.
        let order = tops.indices.sorted { (abs($0 - columns), -$0) < (abs($1 - columns), -$1) }
        var grains: [SettledCoin] = []
        for index in 0..<count {
            let open = order.filter { column in
                guard floors[column].holds || filled[column] else { return false }
                let left = column > 0 ? tops[column - 1] : edges.left
                let right = column + 1 < tops.count ? tops[column + 1] : edges.right
                return tops[column] <= min(left, right) + layer
            }
            let choices = open.isEmpty ? order : open
            // The lowest column by its score; of equals, the first in `order`.
            let column = choices.min { score($0, tops) < score($1, tops) }!
            let jitter = Double((index * 7) % 5 - 2) * 0.2
            let y = tops[column] + grainRadius
            grains.append(SettledCoin(x: offsets[column] + jitter, y: y, tier: tier))
            tops[column] = y + layer - grainRadius
            filled[column] = true
        }
        return grains
    }

    /// How low a column's top is, counting a column beside the middle as a grain higher per step
    /// out, so the grains heap into a mound.
    private static func score(_ column: Int, _ tops: [Double]) -> Double {
        tops[column] + Double(abs(column - columns)) * layer * 0.6
    }

    /// The height a grain at `x` rests on — the highest coin beneath it, else the jar's floor — and
    /// whether that holds it: the floor does, a coin does within 45° of its top, or by its side
    /// when another coin as high touches the grain from the other side (a pocket).
    static func support(under x: Double, _ pile: [SettledCoin]) -> (height: Double, holds: Bool) {
        let reach = JarGeometry.coinRadius + grainRadius
        var best: (height: Double, dx: Double)?
        var contacts: [(height: Double, dx: Double)] = []
        for coin in pile where abs(coin.x - x) < reach {
            let dx = coin.x - x
            let height = coin.y + (reach * reach - dx * dx).squareRoot() - grainRadius
            contacts.append((height, dx))
            if height > best?.height ?? -.infinity { best = (height, dx) }
        }
        guard let best, best.height > JarGeometry.wallRadius else { return (JarGeometry.wallRadius, true) }
        if abs(best.dx) <= reach * 0.5.squareRoot() { return (best.height, true) }
        let pocket = contacts.contains { $0.dx * best.dx < 0 && $0.height >= best.height - grainRadius }
        return (best.height, pocket)
    }

    /// The film with the sand's fall added: the grains that stay (the first `count - falling`) in
    /// the still picture, and the last `falling` grains dropping from the mouth onto the pile,
    /// one a frame, after the coins have come to rest.
    static func film(_ film: DropFilm, grains: [SettledCoin], falling: Int) -> DropFilm {
        let falling = min(falling, grains.count)
        var film = film
        film.still += grains.dropLast(falling)
        let drops = Array(grains.suffix(falling))
        guard !drops.isEmpty else { return film }
        let coins = film.moverTiers.count
        film.moverTiers += Array(repeating: tier, count: drops.count)
        film.frames = film.frames.map { $0 + Array(repeating: nil, count: drops.count) }
        let held = film.frames.last.map { Array($0.prefix(coins)) } ?? []
        // Each grain falls freely from where the coins enter (y = spawnY − g t² / 2), starting a
        // frame after the one before it, and stops where it rests.
        let secondsPerFrame = JarGeometry.stepSeconds * Double(JarGeometry.stepsPerFrame)
        var frame = 1
        while true {
            var row = held
            var moving = false
            for (index, grain) in drops.enumerated() {
                let t = Double(frame - index) * secondsPerFrame
                guard t >= 0 else {
                    row.append(nil)
                    moving = true
                    continue
                }
                let y = JarGeometry.spawnY - JarGeometry.gravity * t * t / 2
                if y > grain.y { moving = true }
                row.append(.init(x: grain.x, y: max(y, grain.y)))
            }
            film.frames.append(row)
            if !moving { break }
            frame += 1
        }
        return film
    }
}
