/// 64-bit FNV-1a: a stable, documented hash for seeds, cache keys and ids (never `Hasher`, whose
/// values change from run to run). The one copy every target uses.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `text`'s UTF-8, continuing from `start` (to hash several parts in turn).
    public static func hash(_ text: String, into start: UInt64 = offsetBasis) -> UInt64 {
        hash(text.utf8, into: start)
    }

    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into start: UInt64 = offsetBasis) -> UInt64 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }
}
