/// The settled pile after a goal's first `deposits` deposits: everything the next pour or drop
/// needs.
public struct JarState: Equatable, Sendable {
    /// How many deposits (in the jar's order) made this pile.
    public var deposits: Int
    /// `JarInputs` key of those deposits; a goal whose first `deposits` deposits hash the same
    /// can continue from this pile.
    public var inputs: String
    /// In a fixed order: coins that stayed put, then coins that moved in the last fall.
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

/// The coins are one string, 34 hex digits a coin: the exact bits of x and of y (16 digits each),
/// so a pile read back from the cache is the very pile that was written and the next fall lands
/// the same as in a build from nothing, then the tier (2 digits). One string a pile keeps the
/// cache small and quick to read: a goal of five years holds 60 month-end piles of 110 coins.
extension JarState: Codable {
    private enum CodingKeys: String, CodingKey { case deposits, inputs, coins, merges }

    static let digitsPerCoin = 34

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deposits = try c.decode(Int.self, forKey: .deposits)
        inputs = try c.decode(String.self, forKey: .inputs)
        merges = try c.decode(Int.self, forKey: .merges)
        guard let coins = JarState.coins(packed: try c.decode(String.self, forKey: .coins)) else {
            throw DecodingError.dataCorruptedError(forKey: .coins, in: c, debugDescription: "not a pile")
        }
        self.coins = coins
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(deposits, forKey: .deposits)
        try c.encode(inputs, forKey: .inputs)
        try c.encode(merges, forKey: .merges)
        try c.encode(JarState.packed(coins), forKey: .coins)
    }

    static func packed(_ coins: [SettledCoin]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(coins.count * digitsPerCoin)
        func put(_ value: UInt64, count: Int) {
            for shift in stride(from: 4 * (count - 1), through: 0, by: -4) {
                bytes.append(digits[Int((value >> UInt64(shift)) & 0xF)])
            }
        }
        for coin in coins {
            put(coin.x.bitPattern, count: 16)
            put(coin.y.bitPattern, count: 16)
            put(UInt64(coin.tier), count: 2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Nil unless every coin is 34 hex digits of finite coordinates and a tier up to 30.
    static func coins(packed text: String) -> [SettledCoin]? {
        let bytes = Array(text.utf8)
        guard bytes.count % digitsPerCoin == 0 else { return nil }
        var coins: [SettledCoin] = []
        coins.reserveCapacity(bytes.count / digitsPerCoin)
        var index = 0
        func take(_ count: Int) -> UInt64? {
            var value: UInt64 = 0
            for _ in 0..<count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            return value
        }
        while index < bytes.count {
            guard let x = take(16), let y = take(16), let tier = take(2) else { return nil }
            let coin = SettledCoin(x: Double(bitPattern: x), y: Double(bitPattern: y), tier: Int(tier))
            guard coin.x.isFinite, coin.y.isFinite, coin.tier <= 30 else { return nil }
            coins.append(coin)
        }
        return coins
    }
}
