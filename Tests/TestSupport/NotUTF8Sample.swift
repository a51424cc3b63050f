/// Random lines of text — ASCII, accented and Chinese UTF-8, LF or CRLF, a byte-order mark or
/// not — with one byte that cannot be UTF-8 where the generator put it, for the readers that
/// refuse such a file at its first bad byte. The bad byte follows ASCII on its line, so its column
/// is the same in whatever encoding the reader quotes the line.
package struct NotUTF8Sample {
    package var bytes: [UInt8]
    /// Where the bad byte is: 1-based, the column in characters.
    package var line: Int
    package var column: Int
    package var byte: UInt8

    /// `header` (ASCII lines, counted) comes first, then the random lines.
    package static func random(_ generator: inout SplitMix64, header: String = "") -> NotUTF8Sample {
        let pieces = ["a", "Date", ",", " ", "42", "é", "Über", "自行车", "-15.00", "\"", "x y"]
        let ascii = Array("abcdefghij ,.-0123456789\"")
        let ending = Bool.random(using: &generator) ? "\r\n" : "\n"
        var bytes: [UInt8] = Bool.random(using: &generator) ? [0xEF, 0xBB, 0xBF] : []
        bytes += Array(header.utf8)
        var line = header.filter { $0 == "\n" || $0 == "\r\n" }.count + 1
        for _ in 0..<Int.random(in: 0...20, using: &generator) {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            bytes += Array((text.joined() + ending).utf8)
            line += 1
        }
        let before = String(
            (0..<Int.random(in: 0...40, using: &generator)).map { _ in ascii.randomElement(using: &generator)! })
        let byte = [0xFF, 0xFE, 0xC0, 0xC1, 0x80, 0xBF, 0xF8].randomElement(using: &generator)! as UInt8
        bytes += Array(before.utf8) + [byte] + Array(("tail é" + ending + "more" + ending).utf8)
        return NotUTF8Sample(bytes: bytes, line: line, column: before.count + 1, byte: byte)
    }

    /// `invalid UTF-8 byte 0xFF`, as the finding begins.
    package var named: String { "invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true) }
}
