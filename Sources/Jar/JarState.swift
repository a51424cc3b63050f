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

/// Coordinates are stored as the exact bits of the Double, so a pile read back from the cache is
/// the very pile that was written and the next drop lands the same as in a full replay.
extension SettledCoin: Codable {
    private enum CodingKeys: String, CodingKey { case x, y, tier }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func bits(_ key: CodingKeys) throws -> Double {
            let text = try c.decode(String.self, forKey: key)
            guard text.count == 16, let raw = UInt64(text, radix: 16) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not 16 hex digits")
            }
            return Double(bitPattern: raw)
        }
        x = try bits(.x)
        y = try bits(.y)
        tier = try c.decode(Int.self, forKey: .tier)
        guard x.isFinite, y.isFinite, (0...30).contains(tier) else {
            throw DecodingError.dataCorruptedError(forKey: .tier, in: c, debugDescription: "not a coin")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        func hex(_ value: Double) -> String {
            let digits = String(value.bitPattern, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        try c.encode(hex(x), forKey: .x)
        try c.encode(hex(y), forKey: .y)
        try c.encode(tier, forKey: .tier)
    }
}

/// The settled pile after a goal's first `deposits` deposits: everything the next drop needs.
public struct JarState: Equatable, Sendable, Codable {
    /// How many deposits (in the jar's order) made this pile.
    public var deposits: Int
    /// `JarInputs` key of those deposits; a goal whose first `deposits` deposits hash the same
    /// can continue from this pile.
    public var inputs: String
    /// In a fixed order: coins that stayed put, then coins that moved in the last drop.
    public var coins: [SettledCoin]
    /// Merges so far (ten coins traded for one of the next tier).
    public var merges: Int

    public init(deposits: Int, inputs: String, coins: [SettledCoin], merges: Int) {
        self.deposits = deposits
        self.inputs = inputs
        self.coins = coins
        self.merges = merges
    }

    /// Value in the jar, in plain coins.
    public var units: Int { coins.reduce(0) { $0 + CoinRule.units(ofTier: $1.tier) } }
}
