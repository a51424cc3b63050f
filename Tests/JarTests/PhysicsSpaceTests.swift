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
}
