import Foundation

/// The jar's shape and the fixed physical constants of the scene, in scene units (y grows
/// upward, x = 0 is the jar's axis, y = 0 the centre line of the bottom wall).
///
/// The same outline feeds Chipmunk's static segments and the glass drawn in the SVG, so a coin
/// that Chipmunk keeps inside the walls is drawn inside the glass.
public enum JarGeometry {
    /// Wall segments' thickness radius; the glass is drawn with twice this stroke width.
    public static let wallRadius = 2.0
    /// Sized with the body below so that 100 coins (a wish goal's target, `CoinRule`) fill the jar
    /// to its shoulder: the pile's height is the goal's progress.
    public static let coinRadius = 7.5
    public static let coinMass = 1.0
    /// The original app's hand-tuned coin: elasticity 0.3, friction 0.6.
    public static let material = PhysicsSpace.Material(elasticity: 0.3, friction: 0.6)
    public static let gravity = 600.0
    /// A coin keeps this fraction of its speed after a second of free flight: enough to stop coins
    /// rolling forever on the floor (Chipmunk has no rolling resistance), too little to see.
    public static let damping = 0.8
    /// Fixed step: 1/60 s.
    public static let stepSeconds = 1.0 / 60
    /// Frames are taken every second step: 30 frames per second.
    public static let stepsPerFrame = 2

    /// Where coins enter: the middle of the neck, below the invisible lid.
    public static let spawnY = 190.0
    /// Coins enter at x uniform in ±spawnSpread around the axis.
    public static let spawnSpread = 20.0
    /// A lid across the mouth, never drawn: a coin bouncing off the pile cannot leave the jar.
    public static let lidY = 201.0

    static let bodyHalfWidth = 76.0
    static let cornerRadius = 26.0
    static let shoulderY = 140.0
    static let neckHalfWidth = 36.0
    static let neckY = 182.0
    static let mouthY = 200.0
    static let lipHalfWidth = 42.0
    static let lipY = 205.0

    /// The right half of the outline, from the lip down to the middle of the bottom.
    static let rightHalf: [PhysicsSpace.Point] = {
        var points = [
            PhysicsSpace.Point(x: lipHalfWidth, y: lipY),
            .init(x: neckHalfWidth, y: mouthY),
            .init(x: neckHalfWidth, y: neckY),
        ]
        // Shoulder: a quadratic curve from the neck out to the body wall.
        let shoulderSteps = 8
        for i in 1...shoulderSteps {
            let t = Double(i) / Double(shoulderSteps)
            let (a, c, b) = ((neckHalfWidth, neckY), (bodyHalfWidth, neckY), (bodyHalfWidth, shoulderY))
            let u = 1 - t
            points.append(
                .init(x: u * u * a.0 + 2 * u * t * c.0 + t * t * b.0, y: u * u * a.1 + 2 * u * t * c.1 + t * t * b.1))
        }
        // Rounded bottom corner: a quarter circle.
        let cornerSteps = 8
        let centre = (x: bodyHalfWidth - cornerRadius, y: cornerRadius)
        for i in 0...cornerSteps {
            let angle = -Double.pi / 2 * Double(i) / Double(cornerSteps)
            points.append(.init(x: centre.x + cornerRadius * cos(angle), y: centre.y + cornerRadius * sin(angle)))
        }
        points.append(.init(x: 0, y: 0))
        return points
    }()

    /// The whole outline, left lip to right lip.
    public static let outline: [PhysicsSpace.Point] = {
        let left = rightHalf.reversed().dropFirst().reversed().map { PhysicsSpace.Point(x: -$0.x, y: $0.y) }
        return left + rightHalf.reversed()
    }()

    /// Adds the jar's walls and its lid to a space.
    static func build(into space: PhysicsSpace) {
        let m = material
        for (a, b) in zip(outline, outline.dropFirst()) {
            space.addWall(from: a, to: b, radius: wallRadius, elasticity: m.elasticity, friction: m.friction)
        }
        space.addWall(
            from: .init(x: -neckHalfWidth, y: lidY), to: .init(x: neckHalfWidth, y: lidY),
            radius: wallRadius, elasticity: m.elasticity, friction: m.friction)
    }

    /// True when a coin centred at `p` lies inside the walls (with `slack` for Chipmunk's
    /// allowed overlap): the test every settled coin must pass.
    public static func contains(_ p: PhysicsSpace.Point, slack: Double = 0.5) -> Bool {
        let clearance = coinRadius + wallRadius - slack
        guard p.y >= clearance, p.y <= lidY - clearance else { return false }
        // Inside the outline closed across the mouth, and far enough from every wall.
        var inside = false
        let closed = outline + [outline[0]]
        for (a, b) in zip(closed, closed.dropFirst()) where (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > p.x { inside.toggle() }
        }
        guard inside else { return false }
        return zip(outline, outline.dropFirst()).allSatisfy { distance(p, $0, $1) >= clearance }
    }

    static func distance(_ p: PhysicsSpace.Point, _ a: PhysicsSpace.Point, _ b: PhysicsSpace.Point) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let (ex, ey) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
        return (ex * ex + ey * ey).squareRoot()
    }
}
