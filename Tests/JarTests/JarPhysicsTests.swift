import Domain
import XCTest

@testable import Jar

/// The physics itself, not only the files: where the coins end, that they rest, that value is kept.
final class JarPhysicsTests: XCTestCase {
    /// 80 days of a free plan with varying amounts: about 400 coins' worth, so the jar fills and merges.
    static let full = JarFixtures.free(amounts: JarFixtures.varied(80))
    static let artwork = JarArtwork.make(goal: full, cached: nil).artwork

    func testEveryCoinEndsInsideTheJar() {
        let pile = Self.artwork.pile
        XCTAssertFalse(pile.isEmpty)
        for coin in pile {
            XCTAssertTrue(JarGeometry.contains(coin.point), "coin at \(coin.x), \(coin.y) is outside the glass")
        }
        for frame in Self.artwork.film!.frames {
            for case let point? in frame {
                XCTAssertTrue(JarGeometry.contains(point, slack: 1), "a falling coin left the jar at \(point)")
            }
        }
    }

    func testNoTwoCoinsOverlapBeyondChipmunksSlop() {
        let pile = Self.artwork.pile
        let diameter = 2 * JarGeometry.coinRadius
        var worst = 0.0
        for i in pile.indices {
            for j in pile.indices where j > i {
                let (dx, dy) = (pile[i].x - pile[j].x, pile[i].y - pile[j].y)
                worst = max(worst, diameter - (dx * dx + dy * dy).squareRoot())
            }
        }
        XCTAssertLessThan(worst, 0.6, "deepest overlap \(worst) of a \(diameter) coin")
    }

    func testEveryPourAndTheLatestDropEndWithAllCoinsAtRest() throws {
        XCTAssertEqual(Self.artwork.forcedRests, 0)
        // Pour every month again and check that none needed the time limit.
        let inputs = JarInputs(goal: Self.full)
        var state = JarState(deposits: 0, inputs: inputs.keys[0], coins: [], merges: 0)
        for end in inputs.monthEnds + [inputs.coins.count - 1] {
            let (next, outcome) = JarReplay.pour(onto: state, through: end, inputs)
            let poured = try XCTUnwrap(outcome, "deposits \(state.deposits)..<\(end)")
            XCTAssertEqual(poured.forced, 0, "pour through \(end) still moving after \(CoinDrop.maxSteps) steps")
            XCTAssertGreaterThan(end - state.deposits, 1, "a month's deposits settle together")
            state = next
        }
        XCTAssertEqual(inputs.monthEnds, [31, 59], "January and February poured, March up to its latest deposit")
        let (after, outcome) = JarReplay.drop(onto: state, inputs, filming: false)
        XCTAssertEqual(outcome.forced, 0)
        XCTAssertEqual(after.coins, Self.artwork.pile)
    }

    /// Every settled coin is held by the coins and walls around it: woken alone, with the rest of
    /// the pile as scenery, none falls or slides — in particular none was left hanging by a merge.
    func testEverySettledCoinIsSupported() {
        let pile = Self.artwork.pile
        let m = JarGeometry.material
        for (index, coin) in pile.enumerated() {
            let space = PhysicsSpace(gravity: JarGeometry.gravity, damping: JarGeometry.damping)
            JarGeometry.build(into: space)
            for (other, neighbour) in pile.enumerated() where other != index {
                space.addSettledCoin(at: neighbour.point, radius: JarGeometry.coinRadius, material: m)
            }
            let woken = space.addCoin(
                at: coin.point, radius: JarGeometry.coinRadius, mass: JarGeometry.coinMass,
                elasticity: m.elasticity, friction: m.friction)
            for _ in 0..<30 { space.step(JarGeometry.stepSeconds) }
            let p = space.position(ofCoin: woken)
            let moved = ((p.x - coin.x) * (p.x - coin.x) + (p.y - coin.y) * (p.y - coin.y)).squareRoot()
            // A coin left hanging falls tens of units in half a second. One balanced in a tower of
            // three (a coin exactly on top of another and one on top of it, as the carried rule's
            // pile has) may roll a unit or two when woken against neighbours that cannot give way
            // and overlap it by Chipmunk's slop; in the whole simulation it rested for 2 s.
            XCTAssertLessThan(moved, 2, "coin \(index) at \(coin.x), \(coin.y) moved \(moved) in half a second")
        }
    }

    /// The documented rules: each deposit's coins from `CoinRule`, merges from `JarMerge`, a
    /// month's coins poured at once and just enough merges to fit each pour and the latest drop.
    func testCoinCountAndValueFollowTheRules() {
        let inputs = JarInputs(goal: Self.full)
        let dropped = inputs.coins.joined()
        let value = dropped.reduce(0) { $0 + CoinRule.units(ofTier: $1) }
        let artwork = Self.artwork
        XCTAssertEqual(artwork.units, value, "merging never changes the value in the jar")
        XCTAssertEqual(artwork.coinCount, dropped.count - (JarMerge.groupSize - 1) * artwork.merges)
        XCTAssertLessThanOrEqual(artwork.coinCount, JarMerge.capacity)
        XCTAssertGreaterThan(artwork.merges, 0, "the fixture fills the jar")
        var (pile, merges) = (0, 0)
        let latest = inputs.coins.count - 1
        for (start, end) in zip([0] + inputs.monthEnds + [latest], inputs.monthEnds + [latest, latest + 1]) {
            let coins = inputs.coins[start..<end].joined().count
            let needed = JarMerge.mergesNeeded(pile: pile, incoming: coins)
            merges += needed
            pile += coins - (JarMerge.groupSize - 1) * needed
        }
        XCTAssertEqual(artwork.merges, merges, "just enough merges to fit, no more")
        XCTAssertEqual(artwork.coinCount, pile)
        XCTAssertEqual(
            artwork.tierCounts.enumerated().reduce(0) { $0 + $1.element * CoinRule.units(ofTier: $1.offset) }, value)
    }

    /// A month's coins merge among themselves before the pile's: the earliest ten of the lowest
    /// tier become one coin of the next where the tenth was, just until they fit.
    func testAPourMergesItsOwnCoinsFirstEarliestTenAtATime() {
        let poured = JarMerge.pour([1] + Array(repeating: 0, count: 25), onto: 100)
        XCTAssertEqual(JarMerge.mergesNeeded(pile: 100, incoming: 26), 2)
        XCTAssertEqual(poured.merges, 2)
        XCTAssertEqual(poured.tiers, [1, 1, 1] + Array(repeating: 0, count: 5))
        XCTAssertEqual(JarMerge.pour([0, 0, 3], onto: 110).tiers, [0, 0, 3], "nothing of ten: the pile merges")
        let fits = Array(repeating: 0, count: 10)
        XCTAssertEqual(JarMerge.pour(fits, onto: 100).tiers, fits, "no merge where they fit")
        let month = JarMerge.pour(Array(repeating: 0, count: 190), onto: 0)
        XCTAssertEqual(month.tiers.count, 190 - 9 * 9)
        XCTAssertEqual(month.tiers.reduce(0) { $0 + CoinRule.units(ofTier: $1) }, 190)
    }

    /// The glass and the coin rule agree: a wish goal at its target is full to the shoulder, at
    /// half of it about half full, and over it heaps into the neck without reaching the coins'
    /// entry.
    func testTheJarFillsToItsShoulderAtTheTarget() {
        func pile(_ percent: Int, per deposit: Decimal = 10, file: StaticString = #filePath, line: UInt = #line)
            -> [SettledCoin]
        {
            let goal = JarFixtures.wish(target: 1000, amounts: Array(repeating: deposit * 10, count: percent / 10))
            let artwork = JarArtwork.make(goal: goal, cached: nil).artwork
            XCTAssertEqual(artwork.forcedRests, 0, file: file, line: line)
            return artwork.pile
        }
        func rim(_ coins: [SettledCoin]) -> Double {  // the top along the walls, where the eye reads a level
            coins.filter { abs($0.x) > JarGeometry.bodyHalfWidth - 4 * JarGeometry.coinRadius }.map(\.y).max() ?? 0
        }
        let full = pile(100)
        XCTAssertEqual(full.count, 100)
        XCTAssertEqual(rim(full), JarGeometry.shoulderY, accuracy: 2 * JarGeometry.coinRadius, "full to the shoulder")
        let half = pile(50)
        XCTAssertLessThan(rim(half), JarGeometry.shoulderY * 0.65)
        XCTAssertGreaterThan(rim(half), JarGeometry.shoulderY * 0.35)
        let over = JarArtwork.make(goal: JarFixtures.wish(target: 1000, amounts: [1000, 100]), cached: nil).artwork
        XCTAssertEqual(over.coinCount, 110)
        XCTAssertEqual(over.forcedRests, 0)
        let top = over.pile.map(\.y).max() ?? 0
        XCTAssertGreaterThan(top, JarGeometry.shoulderY, "heaped into the neck")
        XCTAssertLessThan(top, JarGeometry.spawnY - JarGeometry.coinRadius, "clear of where coins enter")
    }

    func testAMergeTakesTheTenTopmostCoinsOfOneTier() {
        // A column of plain coins with one gold coin on top: the ten topmost plain coins go.
        var pile = (0..<(JarMerge.capacity - 1)).map { SettledCoin(x: 0, y: Double($0), tier: 0) }
        pile.append(SettledCoin(x: 0, y: 1000, tier: 1))
        let plan = JarMerge.plan(pile: pile, incoming: 5)
        XCTAssertEqual(JarMerge.mergesNeeded(pile: pile.count, incoming: 5), 1)
        XCTAssertEqual(plan.made, [1])
        XCTAssertEqual(plan.removed, Array((JarMerge.capacity - 11)..<(JarMerge.capacity - 1)))
    }

    func testTheFilmRunsAtThirtyFramesPerSecondUntilTheCoinsRest() throws {
        let film = try XCTUnwrap(Self.artwork.film)
        XCTAssertEqual(JarGeometry.stepSeconds * Double(JarGeometry.stepsPerFrame), 1.0 / 30, accuracy: 1e-12)
        let entering = film.leadIn
        let spawn = try XCTUnwrap(film.frames[entering].compactMap { $0 }.last)
        XCTAssertEqual(spawn.y, JarGeometry.spawnY, "the first physics frame shows a coin entering at the mouth")
        XCTAssertTrue((-JarGeometry.spawnSpread..<JarGeometry.spawnSpread).contains(spawn.x))
        let last = try XCTUnwrap(film.frames.last)
        let settled = film.still + zip(film.moverTiers, last).map { SettledCoin(x: $1!.x, y: $1!.y, tier: $0) }
        XCTAssertEqual(settled.filter { $0.tier >= 0 }, Self.artwork.pile, "the last frame is the settled pile")
        XCTAssertEqual(settled.filter { $0.tier < 0 }, Self.artwork.grains, "and the sand heaped on it")
        XCTAssertLessThan(film.frames.count, 30 * 12, "the film stops when the coins rest")
    }
}
