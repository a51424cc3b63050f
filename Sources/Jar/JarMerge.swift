/// What happens when the jar is full: ten coins of one kind become one coin of the next.
///
/// Before a deposit drops, if the pile plus the coins about to fall would exceed `capacity`,
/// just enough merges happen to fit: each trades ten coins of one tier for one coin of the next
/// tier (worth exactly those ten), so each merge leaves nine coins fewer. The ten are the
/// topmost coins of their tier, and the tier is the one whose ten topmost coins sit highest in the
/// pile (ties: the lower tier) — the merge that disturbs the pile least. The ten fade out, the
/// new coin falls in ahead of the deposit's own coins, and coins that rested on the removed ones
/// fall again to close the gap, so nothing hangs in the air.
/// The jar's value never drops and no coin disappears without its worth coming back.
public enum JarMerge {
    /// The most coins the jar holds: 100 (a wish goal's target) fill the body to its shoulder, the
    /// last ten heap into the neck, as high as they can without reaching where coins enter.
    public static let capacity = 110
    /// Coins traded for one coin of the next tier.
    public static let groupSize = 10

    /// How many merges a drop of `incoming` coins onto a pile of `pile` coins needs.
    public static func mergesNeeded(pile: Int, incoming: Int) -> Int {
        let excess = pile + incoming - capacity
        return excess <= 0 ? 0 : (excess + groupSize - 2) / (groupSize - 1)
    }

    /// The coins of a month's pour as they enter a pile of `pile` coins: when the pile and all of
    /// them would exceed `capacity`, the poured coins merge among themselves first — ten of the
    /// lowest tier that has ten, the earliest ten, into one coin of the next tier that falls where
    /// the tenth would — just until they fit or no tier has ten left (the pile's own coins merge
    /// after that, by `plan`). Returns the coins, still in deposit order, and the merges made.
    static func pour(_ tiers: [Int], onto pile: Int) -> (tiers: [Int], merges: Int) {
        var coins: [Int?] = tiers
        var needed = mergesNeeded(pile: pile, incoming: tiers.count)
        var merges = 0
        var tier = 0
        // Merges only make higher tiers, so one pass from the lowest tier up is the same as
        // merging the lowest tier with ten again and again.
        while needed > 0, let top = coins.lazy.compactMap({ $0 }).max(), tier <= top {
            let positions = coins.indices.filter { coins[$0] == tier }
            let groups = min(needed, positions.count / groupSize)
            for group in 0..<groups {
                let ten = positions[(group * groupSize)..<((group + 1) * groupSize)]
                for position in ten.dropLast() { coins[position] = nil }
                coins[ten.last!] = tier + 1
            }
            merges += groups
            needed -= groups
            tier += 1
        }
        return (coins.compactMap { $0 }, merges)
    }

    /// Which coins of `pile` leave (indexes, ascending) and the tiers of the coins made from them.
    static func plan(pile: [SettledCoin], incoming: Int) -> (removed: [Int], made: [Int]) {
        var left = pile.indices.sorted { a, b in  // topmost first; ties by x, then by age
            let (p, q) = (pile[a], pile[b])
            if p.y != q.y { return p.y > q.y }
            if p.x != q.x { return p.x < q.x }
            return a < b
        }
        var removed: [Int] = []
        var made: [Int] = []
        for _ in 0..<mergesNeeded(pile: pile.count, incoming: incoming) {
            // For every tier, its ten topmost coins and the position (in `left`) of the lowest one.
            var best: (tier: Int, reach: Int, picks: [Int])?
            var seen: [Int: [Int]] = [:]
            for (position, index) in left.enumerated() {
                let tier = pile[index].tier
                seen[tier, default: []].append(position)
                guard seen[tier]!.count == groupSize else { continue }
                if best == nil || position < best!.reach || (position == best!.reach && tier < best!.tier) {
                    best = (tier, position, seen[tier]!)
                }
            }
            guard let choice = best else { break }  // fewer than ten of every tier: cannot happen below 9 × tiers
            removed += choice.picks.map { left[$0] }
            for position in choice.picks.reversed() { left.remove(at: position) }
            made.append(choice.tier + 1)
        }
        return (removed.sorted(), made)
    }
}
