import Foundation
import XCTest

@testable import SiteFormats

/// `JSONValue`'s strings, which data.json, widget.json and manifest.webmanifest are written with:
/// every control character an escape, the text back exact.
final class JSONValueTests: XCTestCase {
    func testControlCharactersAreEscapesDELAndC1Included() {
        XCTAssertEqual(
            JSONValue.string("a\u{0}\u{7}\u{1B}\u{C}\t\r\n\u{7F}\u{80}\u{85}\u{9F}\u{A0}£<\"\\").serialized(),
            #""a\u0000\u0007\u001b\u000c\t\r\n\u007f\u0080\u0085\u009f"# + "\u{A0}£" + #"\u003c\"\\""# + "\n")
    }

    /// Each scalar up to U+00FF, and the two separators JavaScript once refused: no raw control
    /// byte in the file, and JSONSerialization reads the text back as it was.
    func testEveryScalarComesBackExactWithNoRawControl() throws {
        let scalars = (UInt32(0)...0xFF).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{2029}"]
        let text = String(String.UnicodeScalarView(scalars))
        let file = JSONValue.array([.string(text)]).serialized()
        let bytes = Array(file.utf8)
        for (offset, byte) in bytes.enumerated() {
            let isC1 = byte == 0xC2 && offset + 1 < bytes.count && (0x80...0x9F).contains(bytes[offset + 1])
            XCTAssertFalse((byte < 0x20 && byte != 0x0A) || byte == 0x7F || isC1, "raw 0x\(byte) at \(offset)")
        }
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String])
        XCTAssertEqual(read.first.map { Array($0.unicodeScalars) }, scalars)
    }
}
