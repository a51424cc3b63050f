/// Reed–Solomon error correction over GF(2⁸) with the QR code's polynomial x⁸+x⁴+x³+x²+1 (0x11D):
/// the codewords a block adds, so a reader recovers it when part of the symbol is misread.
enum ReedSolomon {
    /// a × b in the field.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(b) >> bit) & 1) * Int(a)
        }
        return UInt8(product & 0xFF)
    }

    /// The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), its leading 1 left out,
    /// highest power first.
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The remainder of `data` × x^degree divided by the generator: the block's EC codewords.
    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in divisor.indices { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
