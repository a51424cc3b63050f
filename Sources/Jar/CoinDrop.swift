/// One fall of coins into a settled pile — the latest deposit, or a month's pour (`JarReplay`) —
/// simulated with Chipmunk on a fresh space.
///
/// Every drop builds its space from the same inputs in the same order — walls, lid, the settled
/// pile as static circles, then the moving coins — so a drop continued from a cached pile is the
/// same sequence of Chipmunk calls, and the same result, as the drop in a full replay.
///
/// The coins of one drop come to rest together: once every one of them has been at rest for 2 s,
/// all become static scenery at once, so none is frozen while a coin it leans on can still be
/// knocked away. A coin at rest meanwhile sleeps (Chipmunk's sleeping: no solver work until a
/// moving coin touches it), which keeps a month's pour cheap.
struct CoinDrop {
    /// A coin slower than this (units per second) and spinning slower than `restSpin` is at rest.
    static let restSpeed = 0.25
    static let restSpin = 0.05
    /// Every coin of the drop at rest this many steps (2 s), and they all become scenery.
    static let restSteps = 120
    /// A coin at rest this long (0.25 s) falls asleep until a moving coin touches it.
    static let sleepSeconds = 0.25
    /// Steps between two coins (or rows of coins) entering the jar (0.15 s).
    static let spawnInterval = 9
    /// A drop of more than 20 coins enters in rows of two or three, side by side across the neck,
    /// so a deposit of a whole jar's worth still falls in seconds (the film stays short).
    static let maximumRow = 3
    /// In a row the coins enter this far apart (more than a coin's diameter plus twice the
    /// jitter, so they never overlap), each jittered by up to ±`rowJitter`.
    static let rowSpacing = 20.0
    static let rowJitter = 2.5

    /// How many coins enter side by side when a drop has `count` coins.
    static func rowSize(_ count: Int) -> Int {
        count <= CoinRule.plainCoinLimit
            ? 1 : min(maximumRow, (count + CoinRule.plainCoinLimit - 1) / CoinRule.plainCoinLimit)
    }
    /// A drop ends after 30 s whatever happens; its coins are settled where they are, and those not
    /// yet at rest for 2 s are counted in `forced`, which the tests require to be 0.
    static let maxSteps = 1800

    struct Outcome {
        var coins: [SettledCoin]
        var film: DropFilm?
        var forced: Int
        var steps: Int
    }

    /// Drops `tiers` (already including coins made by merges) onto `pile`, minus `removed`.
    static func run(
        pile: [SettledCoin], removed: [Int], tiers: [Int], generator: inout SeededGenerator, filming: Bool
    ) -> Outcome {
        let gone = Set(removed)
        // Support comes from below, so only coins above the lowest removed one can lose theirs;
        // they move again (a coin's radius of margin) and settle into the gap.
        let wakeAbove = removed.map { pile[$0].y }.min().map { $0 - JarGeometry.coinRadius } ?? .infinity
        var still: [SettledCoin] = []
        var woken: [SettledCoin] = []
        for (index, coin) in pile.enumerated() where !gone.contains(index) {
            if coin.y > wakeAbove { woken.append(coin) } else { still.append(coin) }
        }
        let space = PhysicsSpace(
            gravity: JarGeometry.gravity, damping: JarGeometry.damping,
            sleep: .init(afterSeconds: sleepSeconds, belowSpeed: restSpeed))
        JarGeometry.build(into: space)
        let (r, m) = (JarGeometry.coinRadius, JarGeometry.material)
        for coin in still { space.addSettledCoin(at: coin.point, radius: r, material: m) }
        var movers: [Int] = []
        for coin in woken {
            movers.append(
                space.addCoin(
                    at: coin.point, radius: r, mass: JarGeometry.coinMass,
                    elasticity: m.elasticity, friction: m.friction))
        }
        let row = rowSize(tiers.count)
        let entries = tiers.indices.map { index in
            guard row > 1 else { return generator.uniform(-JarGeometry.spawnSpread, JarGeometry.spawnSpread) }
            let lane = Double(index % row) - Double(row - 1) / 2
            return lane * rowSpacing + generator.uniform(-rowJitter, rowJitter)
        }
        let moverTiers = woken.map(\.tier) + tiers
        var film = filming ? DropFilm(still: still, fading: [], moverTiers: moverTiers, frames: [], leadIn: 0) : nil
        if filming, !removed.isEmpty {
            film?.fading = removed.map { pile[$0] }
            let first = woken.map { Optional($0.point) } + tiers.map { _ in nil }
            film?.frames = Array(repeating: first, count: DropFilm.leadInFrames)
            film?.leadIn = DropFilm.leadInFrames
        }
        var rest = Array(repeating: 0, count: moverTiers.count)
        var step = 0
        var forced = 0
        while true {
            if step % spawnInterval == 0, step / spawnInterval * row < tiers.count {
                let first = step / spawnInterval * row
                for x in entries[first..<min(first + row, tiers.count)] {
                    movers.append(
                        space.addCoin(
                            at: .init(x: x, y: JarGeometry.spawnY), radius: r, mass: JarGeometry.coinMass,
                            elasticity: m.elasticity, friction: m.friction))
                }
            }
            if filming, step % JarGeometry.stepsPerFrame == 0 {
                film?.frames.append(frame(space, movers, total: moverTiers.count))
            }
            if movers.count == moverTiers.count, rest.allSatisfy({ $0 >= restSteps }) {
                for coin in movers { space.settleCoin(coin) }
                break
            }
            if step >= maxSteps {
                for (i, coin) in movers.enumerated() {
                    space.settleCoin(coin)
                    if rest[i] < restSteps { forced += 1 }
                }
                break
            }
            space.step(JarGeometry.stepSeconds)
            step += 1
            for (i, coin) in movers.enumerated() {
                let resting = space.speed(ofCoin: coin) < restSpeed && space.spin(ofCoin: coin) < restSpin
                rest[i] = resting ? rest[i] + 1 : 0
            }
        }
        if filming, var frames = film?.frames {
            // The film ends when the coins rest: the still tail (every coin within 0.05 of where it
            // settles) is cut, and the last frame shows the settled positions exactly.
            let final = frame(space, movers, total: moverTiers.count)
            while frames.count > 1, let tail = frames.last, isClose(tail, final) { frames.removeLast() }
            frames.append(final)
            film?.frames = frames
        }
        let moved = zip(movers, moverTiers).map { coin, tier in
            let p = space.position(ofCoin: coin)
            return SettledCoin(x: p.x, y: p.y, tier: tier)
        }
        return Outcome(coins: still + moved, film: film, forced: forced, steps: step)
    }

    private static func isClose(_ a: [PhysicsSpace.Point?], _ b: [PhysicsSpace.Point?]) -> Bool {
        zip(a, b).allSatisfy { p, q in
            guard let p, let q else { return false }
            return abs(p.x - q.x) <= 0.05 && abs(p.y - q.y) <= 0.05
        }
    }

    private static func frame(_ space: PhysicsSpace, _ movers: [Int], total: Int) -> [PhysicsSpace.Point?] {
        movers.map { Optional(space.position(ofCoin: $0)) } + Array(repeating: nil, count: total - movers.count)
    }
}
