import CChipmunk

#if canImport(Glibc)
    import Glibc
#endif

/// A Chipmunk2D space: static walls and circular coins under gravity, stepped at a fixed rate.
///
/// This is the only file that talks to Chipmunk; coins are referred to by index, so no C
/// pointer leaves it. Debian's Chipmunk is a debug build that prints a banner on the first space a
/// process creates; `PhysicsSpace` creates that first space with stdout pointed at /dev/null, so the
/// banner never reaches a user's terminal, a cron mail or `data.json` piped to stdout.
///
/// A coin is either moving (a dynamic body) or settled (a circle on the space's static body, which
/// the solver never moves again and which costs nothing per step). Chipmunk numbers shapes per
/// space, so the same sequence of calls on a fresh space gives the same result bit for bit.
public final class PhysicsSpace {
    /// The version of the Chipmunk2D library linked in, as it reports it (`sandjar --version`).
    public static var libraryVersion: String { "\(CP_VERSION_MAJOR).\(CP_VERSION_MINOR).\(CP_VERSION_RELEASE)" }

    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// What every surface is made of.
    public struct Material: Equatable, Sendable {
        public var elasticity: Double
        public var friction: Double
        public init(elasticity: Double, friction: Double) {
            self.elasticity = elasticity
            self.friction = friction
        }
    }

    /// When a moving coin falls asleep: at rest (slower than `belowSpeed`, spin included) for
    /// `afterSeconds`. A sleeping coin stays where it is and costs the solver nothing until a
    /// moving coin touches it, which wakes it.
    public struct Sleep: Equatable, Sendable {
        public var afterSeconds: Double
        public var belowSpeed: Double
        public init(afterSeconds: Double, belowSpeed: Double) {
            self.afterSeconds = afterSeconds
            self.belowSpeed = belowSpeed
        }
    }

    private enum Coin {
        case moving(body: OpaquePointer, shape: OpaquePointer)
        case settled(shape: OpaquePointer, at: Point)
    }

    private let space: OpaquePointer
    private var coins: [Coin] = []
    private var radii: [Double] = []
    private var scenery: [OpaquePointer] = []

    /// - Parameters:
    ///   - gravity: downward acceleration in units per second squared (y grows upward).
    ///   - damping: the fraction of its velocity a body keeps after one second (1: none). Chipmunk
    ///     has no rolling resistance; a little air drag stops a coin rolling forever on a flat floor.
    ///   - sleep: when coins at rest fall asleep; nil: never.
    public init(gravity: Double, damping: Double = 1, sleep: Sleep? = nil) {
        _ = PhysicsSpace.silencedBanner
        space = cpSpaceNew()
        cpSpaceSetGravity(space, cpv(0, -gravity))
        cpSpaceSetDamping(space, damping)
        if let sleep {
            cpSpaceSetIdleSpeedThreshold(space, sleep.belowSpeed)
            cpSpaceSetSleepTimeThreshold(space, sleep.afterSeconds)
        }
    }

    deinit {
        for coin in coins {
            switch coin {
            case .moving(let body, let shape):
                cpSpaceRemoveShape(space, shape)
                cpSpaceRemoveBody(space, body)
                cpShapeFree(shape)
                cpBodyFree(body)
            case .settled(let shape, _):
                cpSpaceRemoveShape(space, shape)
                cpShapeFree(shape)
            }
        }
        for shape in scenery {
            cpSpaceRemoveShape(space, shape)
            cpShapeFree(shape)
        }
        cpSpaceFree(space)
    }

    /// Adds a static wall segment of the given thickness radius.
    public func addWall(from a: Point, to b: Point, radius: Double, elasticity: Double, friction: Double) {
        let shape = cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpv(a.x, a.y), cpv(b.x, b.y), radius)!
        add(shape, Material(elasticity: elasticity, friction: friction))
        scenery.append(shape)
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
        add(shape, Material(elasticity: elasticity, friction: friction))
        coins.append(.moving(body: body, shape: shape))
        radii.append(radius)
        return coins.count - 1
    }

    /// Adds a coin that is already part of the scenery (a settled pile rebuilt from a snapshot)
    /// and returns its index.
    @discardableResult
    public func addSettledCoin(at position: Point, radius: Double, material: Material) -> Int {
        coins.append(.settled(shape: staticCircle(at: position, radius: radius, material: material), at: position))
        radii.append(radius)
        return coins.count - 1
    }

    /// Turns a moving coin into scenery where it is now: the original app's fix for frame rate,
    /// and what keeps a step's cost independent of how many coins have already settled.
    public func settleCoin(_ index: Int) {
        guard case .moving(let body, let shape) = coins[index] else { return }
        let p = cpBodyGetPosition(body)
        let material = Material(elasticity: cpShapeGetElasticity(shape), friction: cpShapeGetFriction(shape))
        cpSpaceRemoveShape(space, shape)
        cpSpaceRemoveBody(space, body)
        cpShapeFree(shape)
        cpBodyFree(body)
        let at = Point(x: p.x, y: p.y)
        coins[index] = .settled(shape: staticCircle(at: at, radius: radii[index], material: material), at: at)
    }

    /// Advances the simulation by one fixed step.
    public func step(_ seconds: Double) {
        cpSpaceStep(space, seconds)
    }

    public var coinCount: Int { coins.count }

    public func isSettled(coin index: Int) -> Bool {
        if case .settled = coins[index] { return true }
        return false
    }

    public func position(ofCoin index: Int) -> Point {
        switch coins[index] {
        case .moving(let body, _):
            let p = cpBodyGetPosition(body)
            return Point(x: p.x, y: p.y)
        case .settled(_, let at):
            return at
        }
    }

    /// Linear speed in units per second; 0 for a settled coin.
    public func speed(ofCoin index: Int) -> Double {
        guard case .moving(let body, _) = coins[index] else { return 0 }
        let v = cpBodyGetVelocity(body)
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    /// Angular speed in radians per second; 0 for a settled coin.
    public func spin(ofCoin index: Int) -> Double {
        guard case .moving(let body, _) = coins[index] else { return 0 }
        return abs(cpBodyGetAngularVelocity(body))
    }

    private func add(_ shape: OpaquePointer, _ material: Material) {
        cpShapeSetElasticity(shape, material.elasticity)
        cpShapeSetFriction(shape, material.friction)
        cpSpaceAddShape(space, shape)
    }

    private func staticCircle(at p: Point, radius: Double, material: Material) -> OpaquePointer {
        let shape = cpCircleShapeNew(cpSpaceGetStaticBody(space), radius, cpv(p.x, p.y))!
        add(shape, material)
        return shape
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
