import XCTest

@testable import SandjarCLI

/// The QR code serve prints for `--listen` (DESIGN.md §6), checked against the standard's worked
/// numbers and read back module by module; `FormsBrowserTests` has an independent decoder read
/// what serve prints.
final class QRCodeTests: XCTestCase {
    /// "HELLO WORLD" at 1-M (the standard's annex I example, in byte values): its error
    /// correction codewords.
    func testReedSolomonGivesTheWorkedExamplesCodewords() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        XCTAssertEqual(
            ReedSolomon.remainder(data, divisor: ReedSolomon.divisor(degree: 10)),
            [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
        XCTAssertEqual(ReedSolomon.multiply(0x80, 0x02), 0x1D, "x⁸ reduces by the field's polynomial")
    }

    func testByteModeDataCodewordsArePaddedAsTheStandardSays() {
        // "ab" at 1-M: 0100 00000010 01100001 01100010 0000, then 0xEC 0x11 … to 16 data codewords.
        let codewords = QRCode.codewords(Array("ab".utf8), version: 1, level: .medium)
        XCTAssertEqual(
            Array(codewords.prefix(16)),
            [0x40, 0x26, 0x16, 0x20] + [0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
        XCTAssertEqual(codewords.count, 26)
    }

    /// The smallest version that holds the bytes; nil past version 10.
    func testTheVersionGrowsWithTheText() throws {
        XCTAssertEqual(QRCode(String(repeating: "a", count: 14))?.version, 1)
        XCTAssertEqual(QRCode(String(repeating: "a", count: 15))?.version, 2)
        // serve's longest address: an IPv4 host, a five-digit port, 32 hex digits of token.
        let longest = "http://255.255.255.255:65535/?token=" + String(repeating: "f", count: 32)
        let code = try XCTUnwrap(QRCode(longest))
        XCTAssertEqual(code.version, 5)
        XCTAssertEqual(code.size, 37)
        XCTAssertEqual(QRCode(String(repeating: "a", count: 213))?.version, 10)
        XCTAssertEqual(QRCode(String(repeating: "a", count: 271), level: .low)?.version, 10)
        XCTAssertNil(QRCode(String(repeating: "a", count: 214)))
    }

    /// The finder patterns in three corners, the timing patterns, and the format bits read back
    /// from both copies: level M and the mask chosen, BCH-checked.
    func testFunctionPatternsAndFormatBitsReadBack() throws {
        let code = try XCTUnwrap(QRCode("http://192.168.1.20:8080/?token=0123456789abcdef0123456789abcdef"))
        let m = code.modules
        let n = code.size
        for (x0, y0) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    XCTAssertEqual(m[y0 + dy][x0 + dx], ring != 2, "finder at \(x0),\(y0)")
                }
            }
        }
        for index in 8..<(n - 8) {
            XCTAssertEqual(m[6][index], index % 2 == 0, "horizontal timing")
            XCTAssertEqual(m[index][6], index % 2 == 0, "vertical timing")
        }
        XCTAssertTrue(m[n - 8][8], "the dark module")
        // First copy: around the top-left finder.
        var first = 0
        for index in 0...5 { first |= (m[index][8] ? 1 : 0) << index }
        first |= (m[7][8] ? 1 : 0) << 6
        first |= (m[8][8] ? 1 : 0) << 7
        first |= (m[8][7] ? 1 : 0) << 8
        for index in 9..<15 { first |= (m[8][14 - index] ? 1 : 0) << index }
        // Second copy: under the top-right finder and beside the bottom-left one.
        var second = 0
        for index in 0..<8 { second |= (m[8][n - 1 - index] ? 1 : 0) << index }
        for index in 8..<15 { second |= (m[n - 15 + index][8] ? 1 : 0) << index }
        XCTAssertEqual(first, second)
        let format = first ^ 0x5412
        var remainder = format >> 10
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        XCTAssertEqual(remainder & 0x3FF, format & 0x3FF, "the BCH code checks")
        XCTAssertEqual(format >> 13, 0, "level M")
        XCTAssertEqual((format >> 10) & 7, code.mask)
    }

    /// Version 7 and later carry their version in two BCH-coded blocks.
    func testVersionSevenCarriesItsVersion() throws {
        let code = try XCTUnwrap(QRCode(String(repeating: "a", count: 110)))
        XCTAssertEqual(code.version, 7)
        var bits = 0
        for index in 0..<18 where code.modules[index / 3][code.size - 11 + index % 3] { bits |= 1 << index }
        XCTAssertEqual(bits, 0x07C94, "version 7's 18 bits (the standard's table D.1)")
    }

    /// Two rows of modules to a line, inside a quiet zone of four; painted black on white for a
    /// terminal, plain otherwise.
    func testHalfBlocks() throws {
        let code = try XCTUnwrap(QRCode("http://127.0.0.2:8080/?token=00000000000000000000000000000000"))
        let plain = code.halfBlocks(colours: false)
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let side = code.size + 2 * QRCode.quietZone
        XCTAssertEqual(lines.count, (side + 1) / 2)
        XCTAssertTrue(lines.allSatisfy { $0.count == side })
        XCTAssertTrue(lines[0].allSatisfy { $0 == " " }, "the quiet zone")
        XCTAssertEqual(String(lines[2].dropFirst(4).prefix(7)), "█▀▀▀▀▀█", "the top-left finder's top rows")
        XCTAssertFalse(plain.contains("\u{1B}"))
        let painted = code.halfBlocks(colours: true)
        XCTAssertTrue(painted.hasPrefix("\u{1B}[30;107m"))
        XCTAssertEqual(painted.components(separatedBy: "\u{1B}[0m\n").count - 1, lines.count)
    }
}
