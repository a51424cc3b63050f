/// A QR code (ISO/IEC 18004) of some bytes: byte mode, error correction level M or L, the
/// smallest version from 1 to 10 that holds them. serve prints its `--listen` address as one
/// (`QRCode+Terminal.swift`), so a phone's camera opens it (DESIGN.md §6).
///
/// Only what that needs is here: one mode, two levels, versions up to 10 (213 bytes at M, far
/// more than `http://255.255.255.255:65535/?token=` and 32 hex digits).
struct QRCode: Equatable {
    enum Level: Equatable {
        /// Recovers about 15 % of the symbol; the default.
        case medium
        /// Recovers about 7 %; more bytes fit.
        case low

        /// The two bits the format information gives the level (L = 01, M = 00).
        var formatBits: Int { self == .low ? 1 : 0 }
    }

    /// Modules per side: 21 for version 1, 4 more for each version after.
    let size: Int
    let version: Int
    let level: Level
    /// The mask pattern chosen (0–7): the one with the lowest penalty.
    let mask: Int
    /// Row by row, `true` for a dark module.
    let modules: [[Bool]]

    /// The code of `bytes`, or nil when they do not fit in version 10.
    init?(_ bytes: [UInt8], level: Level = .medium) {
        // The mode (4 bits), the count (8 bits to version 9, 16 after) and the bytes must fit.
        guard
            let version = QRCode.versions.indices.first(where: { index in
                4 + (index < 9 ? 8 : 16) + 8 * bytes.count <= 8 * QRCode.versions[index].blocks(level).dataCodewords
            })
        else { return nil }
        var grid = Grid(version: version + 1)
        grid.drawFunctionPatterns()
        let codewords = QRCode.codewords(bytes, version: version + 1, level: level)
        grid.place(codewords)
        var best: (mask: Int, penalty: Int, grid: Grid)?
        for mask in 0..<8 {
            var masked = grid
            masked.apply(mask: mask)
            masked.drawFormatBits(level: level, mask: mask)
            let penalty = masked.penalty
            if best == nil || penalty < best!.penalty { best = (mask, penalty, masked) }
        }
        self.version = version + 1
        self.size = grid.size
        self.level = level
        self.mask = best!.mask
        self.modules = best!.grid.dark
    }

    init?(_ text: String, level: Level = .medium) {
        self.init(Array(text.utf8), level: level)
    }

    /// The data codewords (mode, count, bytes, terminator, padding), split into blocks, each
    /// block's Reed–Solomon codewords added, and the blocks interleaved.
    static func codewords(_ bytes: [UInt8], version: Int, level: Level) -> [UInt8] {
        let blocks = versions[version - 1].blocks(level)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version <= 9 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = blocks.dataCodewords * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < blocks.dataCodewords {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for length in blocks.lengths {
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let divisor = ReedSolomon.divisor(degree: blocks.ecPerBlock)
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder($0, divisor: divisor) }
        var out: [UInt8] = []
        for index in 0..<(blocks.lengths.max() ?? 0) {
            for block in dataBlocks where index < block.count { out.append(block[index]) }
        }
        for index in 0..<blocks.ecPerBlock {
            for block in ecBlocks { out.append(block[index]) }
        }
        return out
    }
}

extension QRCode {
    /// How a version splits its codewords at one level: the error correction codewords of each
    /// block, and the blocks of the two groups (the second's one data codeword longer).
    struct Blocks {
        var ecPerBlock: Int
        var groupOne: (count: Int, data: Int)
        var groupTwo: (count: Int, data: Int) = (0, 0)

        var lengths: [Int] {
            Array(repeating: groupOne.data, count: groupOne.count)
                + Array(repeating: groupTwo.data, count: groupTwo.count)
        }
        var dataCodewords: Int { groupOne.count * groupOne.data + groupTwo.count * groupTwo.data }
    }

    struct Version {
        var low: Blocks
        var medium: Blocks
        /// The centres of the alignment patterns, on both axes.
        var alignment: [Int]

        func blocks(_ level: Level) -> Blocks { level == .low ? low : medium }
    }

    /// Versions 1–10, from the standard's tables 9 and E.1.
    static let versions: [Version] = [
        Version(
            low: Blocks(ecPerBlock: 7, groupOne: (1, 19)), medium: Blocks(ecPerBlock: 10, groupOne: (1, 16)),
            alignment: []),
        Version(
            low: Blocks(ecPerBlock: 10, groupOne: (1, 34)), medium: Blocks(ecPerBlock: 16, groupOne: (1, 28)),
            alignment: [6, 18]),
        Version(
            low: Blocks(ecPerBlock: 15, groupOne: (1, 55)), medium: Blocks(ecPerBlock: 26, groupOne: (1, 44)),
            alignment: [6, 22]),
        Version(
            low: Blocks(ecPerBlock: 20, groupOne: (1, 80)), medium: Blocks(ecPerBlock: 18, groupOne: (2, 32)),
            alignment: [6, 26]),
        Version(
            low: Blocks(ecPerBlock: 26, groupOne: (1, 108)), medium: Blocks(ecPerBlock: 24, groupOne: (2, 43)),
            alignment: [6, 30]),
        Version(
            low: Blocks(ecPerBlock: 18, groupOne: (2, 68)), medium: Blocks(ecPerBlock: 16, groupOne: (4, 27)),
            alignment: [6, 34]),
        Version(
            low: Blocks(ecPerBlock: 20, groupOne: (2, 78)), medium: Blocks(ecPerBlock: 18, groupOne: (4, 31)),
            alignment: [6, 22, 38]),
        Version(
            low: Blocks(ecPerBlock: 24, groupOne: (2, 97)),
            medium: Blocks(ecPerBlock: 22, groupOne: (2, 38), groupTwo: (2, 39)),
            alignment: [6, 24, 42]),
        Version(
            low: Blocks(ecPerBlock: 30, groupOne: (2, 116)),
            medium: Blocks(ecPerBlock: 22, groupOne: (3, 36), groupTwo: (2, 37)),
            alignment: [6, 26, 46]),
        Version(
            low: Blocks(ecPerBlock: 18, groupOne: (2, 68), groupTwo: (2, 69)),
            medium: Blocks(ecPerBlock: 26, groupOne: (4, 43), groupTwo: (1, 44)), alignment: [6, 28, 50]),
    ]
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { byte, bit in
                bit.element ? byte | UInt8(0x80 >> bit.offset) : byte
            }
        }
    }
}
