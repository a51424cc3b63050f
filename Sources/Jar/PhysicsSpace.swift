import CChipmunk

#if canImport(Glibc)
    import Glibc
#endif

/// A Chipmunk2D space: static walls and circular coins under gravity, stepped at a fixed rate.
///
/// This is the only file that talks to Chipmunk; bodies are referred to by index, so no C
/// pointer leaves it. Debian's Chipmunk is a debug build that prints a banner on the first space a
/// process creates; `PhysicsSpace` creates that first space with stdout pointed at /dev/null, so the
/// banner never reaches a user's terminal, a cron mail or `data.json` piped to stdout.
public final class PhysicsSpace {
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    private let space: OpaquePointer
    private var coins: [(body: OpaquePointer, shape: OpaquePointer)] = []
    private var walls: [OpaquePointer] = []

    /// - Parameter gravity: downward acceleration in units per second squared (y grows upward).
    public init(gravity: Double) {
        _ = PhysicsSpace.silencedBanner
        space = cpSpaceNew()
        cpSpaceSetGravity(space, cpv(0, -gravity))
    }

    deinit {
        for coin in coins {
            cpSpaceRemoveShape(space, coin.shape)
            cpSpaceRemoveBody(space, coin.body)
            cpShapeFree(coin.shape)
            cpBodyFree(coin.body)
        }
        for wall in walls {
            cpSpaceRemoveShape(space, wall)
            cpShapeFree(wall)
        }
        cpSpaceFree(space)
    }

    /// Adds a static wall segment of the given thickness radius.
    public func addWall(from a: Point, to b: Point, radius: Double, elasticity: Double, friction: Double) {
        let shape = cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpv(a.x, a.y), cpv(b.x, b.y), radius)!
        cpShapeSetElasticity(shape, elasticity)
        cpShapeSetFriction(shape, friction)
        cpSpaceAddShape(space, shape)
        walls.append(shape)
    }

    /// Adds a dynamic circular coin and returns its index.
    @discardableResult
    public func addCoin(
        at position: Point, radius: Double, mass: Double,
        elasticity: Double, friction: Double
    ) -> Int {
        let moment = cpMomentForCircle(mass, 0, radius, cpvzero)
        let body = cpBodyNew(mass, moment)!
        cpBodySetPosition(body, cpv(position.x, position.y))
        cpSpaceAddBody(space, body)
        let shape = cpCircleShapeNew(body, radius, cpvzero)!
        cpShapeSetElasticity(shape, elasticity)
        cpShapeSetFriction(shape, friction)
        cpSpaceAddShape(space, shape)
        coins.append((body, shape))
        return coins.count - 1
    }

    /// Advances the simulation by one fixed step.
    public func step(_ seconds: Double) {
        cpSpaceStep(space, seconds)
    }

    public var coinCount: Int { coins.count }

    public func position(ofCoin index: Int) -> Point {
        let p = cpBodyGetPosition(coins[index].body)
        return Point(x: p.x, y: p.y)
    }

    public func speed(ofCoin index: Int) -> Double {
        let v = cpBodyGetVelocity(coins[index].body)
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    private static let silencedBanner: Void = {
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0 && null >= 0 { dup2(null, STDOUT_FILENO) }
        cpSpaceFree(cpSpaceNew())
        fflush(nil)
        if saved >= 0 && null >= 0 { dup2(saved, STDOUT_FILENO) }
        if null >= 0 { close(null) }
        if saved >= 0 { close(saved) }
    }()
}
