import Basics

/// The coins' only source of randomness: SplitMix64 seeded from an FNV-1a hash of a text, so a
/// deposit's coins fall the same way on every build and in every process.
///
/// Swift's own generator is seeded per process, and `Hasher` is too; neither may decide where a
/// coin lands.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Seeds from `"<goal id>#<deposit index>"`, the index counting from 0 in the jar's order
    /// (by time; see `JarInputs`).
    public init(goalID: String, depositIndex: Int) {
        self.init(seed: FNV1a.hash("\(goalID)#\(depositIndex)"))
    }

    /// Seeds a month's pour (`JarReplay`) from `"<goal id>#<last deposit index>#pour"`: the
    /// deposits it pours decide where its coins fall, never those of another pour or drop.
    public init(goalID: String, pourThrough lastIndex: Int) {
        self.init(seed: FNV1a.hash("\(goalID)#\(lastIndex)#pour"))
    }

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [low, high), from the top 53 bits, so the result is the same on every platform.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return low + (high - low) * unit
    }
}
