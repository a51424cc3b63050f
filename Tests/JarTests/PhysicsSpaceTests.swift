import XCTest

@testable import Jar

final class PhysicsSpaceTests: XCTestCase {
    /// A coin dropped into a box falls, bounces and comes to rest on the floor — real Chipmunk.
    func testCoinComesToRestOnTheFloor() {
        let space = PhysicsSpace(gravity: 600)
        space.addWall(from: .init(x: -50, y: 0), to: .init(x: 50, y: 0), radius: 1, elasticity: 0.3, friction: 0.6)
        space.addWall(from: .init(x: -50, y: 0), to: .init(x: -50, y: 100), radius: 1, elasticity: 0.3, friction: 0.6)
        space.addWall(from: .init(x: 50, y: 0), to: .init(x: 50, y: 100), radius: 1, elasticity: 0.3, friction: 0.6)
        let coin = space.addCoin(at: .init(x: 3, y: 80), radius: 6, mass: 1, elasticity: 0.3, friction: 0.6)
        for _ in 0..<(60 * 5) { space.step(1.0 / 60) }
        let p = space.position(ofCoin: coin)
        XCTAssertEqual(p.y, 7, accuracy: 0.5, "coin rests on the floor: radius 6 + wall radius 1")
        XCTAssertLessThan(space.speed(ofCoin: coin), 1)
        XCTAssertTrue((-44...44).contains(p.x))
    }

    /// A settled coin is scenery: it stays exactly where it was and still holds up the next coin.
    func testASettledCoinStaysPutAndCarriesTheNextOne() {
        let space = PhysicsSpace(gravity: 600, damping: 0.8)
        let m = PhysicsSpace.Material(elasticity: 0.3, friction: 0.6)
        space.addWall(from: .init(x: -50, y: 0), to: .init(x: 50, y: 0), radius: 1, elasticity: 0.3, friction: 0.6)
        let first = space.addCoin(at: .init(x: 0, y: 20), radius: 6, mass: 1, elasticity: 0.3, friction: 0.6)
        for _ in 0..<120 { space.step(1.0 / 60) }
        space.settleCoin(first)
        let settled = space.position(ofCoin: first)
        XCTAssertTrue(space.isSettled(coin: first))
        XCTAssertEqual(space.speed(ofCoin: first), 0)
        let second = space.addCoin(at: .init(x: 0, y: 60), radius: 6, mass: 1, elasticity: 0.3, friction: 0.6)
        space.addSettledCoin(at: .init(x: 30, y: 7), radius: 6, material: m)
        for _ in 0..<120 { space.step(1.0 / 60) }
        XCTAssertEqual(space.position(ofCoin: first), settled)
        XCTAssertGreaterThan(space.position(ofCoin: second).y, settled.y + 6, "the second coin rests on the first")
        XCTAssertEqual(space.coinCount, 3)
    }

    /// The same calls on two fresh spaces give the same numbers, bit for bit: what the cache relies on.
    func testFreshSpacesAreDeterministic() {
        func run() -> [PhysicsSpace.Point] {
            let space = PhysicsSpace(gravity: 600, damping: 0.8)
            for (a, b) in [((-40.0, 0.0), (40.0, 0.0)), ((-40, 0), (-40, 99)), ((40, 0), (40, 99))] {
                space.addWall(
                    from: .init(x: a.0, y: a.1), to: .init(x: b.0, y: b.1), radius: 1, elasticity: 0.3, friction: 0.6)
            }
            for i in 0..<12 {
                space.addCoin(
                    at: .init(x: Double(i % 5) * 7 - 14, y: 30 + Double(i) * 6), radius: 6, mass: 1,
                    elasticity: 0.3, friction: 0.6)
            }
            for _ in 0..<200 { space.step(1.0 / 60) }
            return (0..<space.coinCount).map(space.position(ofCoin:))
        }
        let first = run()
        _ = PhysicsSpace(gravity: 1)  // another space in between changes nothing
        XCTAssertEqual(run(), first)
    }
}
