/// A coin that has come to rest and become part of the scenery.
public struct SettledCoin: Equatable, Sendable {
    public var x: Double
    public var y: Double
    /// 0 plain (1 unit), 1 gold (10), 2 rose (100), 3 violet (1,000) and up: worth 10^tier units.
    public var tier: Int

    public init(x: Double, y: Double, tier: Int) {
        self.x = x
        self.y = y
        self.tier = tier
    }

    public var point: PhysicsSpace.Point { .init(x: x, y: y) }
}
