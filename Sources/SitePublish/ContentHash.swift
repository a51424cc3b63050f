/// XXH64 (xxHash, 64 bits, seed 0) of a file's bytes: what the marker keeps of each published
/// file, so that the next build tells an unchanged page from a changed one without reading the old
/// one back. A fast, documented hash with published test vectors, not a cryptographic one: it
/// guards against accidents (a page that changed), and a page is trusted only when its size
/// matches too. Written out here because no package from outside the toolchain can be used.
enum ContentHash {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return avalanche(prime5) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = prime1 &+ prime2
            var v2 = prime2
            var v3: UInt64 = 0
            var v4 = 0 &- prime1
            while offset + 32 <= count {
                v1 = round(v1, word(base, offset))
                v2 = round(v2, word(base, offset + 8))
                v3 = round(v3, word(base, offset + 16))
                v4 = round(v4, word(base, offset + 24))
                offset += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = merge(merge(merge(merge(hash, v1), v2), v3), v4)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash ^= round(0, word(base, offset))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            hash ^= half &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        return avalanche(hash)
    }

    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }
}
