import Domain
import Foundation
import XCTest

@testable import SiteData
@testable import Statement

/// Issue 39: a UTF-16 statement was called Latin-1, and the `iconv -f LATIN1` it suggested filled
/// the file with NULs. With a byte-order mark it is read; without one it is named UTF-16, with the
/// `iconv` line that converts it. No message ever carries a raw control character.
final class UTF16Tests: XCTestCase {
    private let text = """
        Date,Payee,Amount
        2026-06-12,Spotify Café,-10.99
        2026-07-12,Spotify Café,-10.99
        2026-08-12,网易云音乐 🎵,-15

        """

    /// UTF-16 as Foundation writes it, independently of the reader's own decoding.
    private func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        let data = text.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!
        return (bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []) + [UInt8](data)
    }

    func testUTF16WithAByteOrderMarkIsRead() throws {
        let expected = try BankStatement(bytes: Array(text.utf8), path: "s.csv")
        XCTAssertEqual(expected.rows.count, 3)
        for bigEndian in [false, true] {
            let read = try BankStatement(bytes: utf16(text, bigEndian: bigEndian, bom: true), path: "s.csv")
            XCTAssertEqual(read.rows, expected.rows, "big-endian: \(bigEndian)")
            XCTAssertEqual(read.rows.last?.payee, "网易云音乐 🎵", "a surrogate pair read as one character")
        }
        // An OFX file too: the format is told after decoding.
        let ofx =
            "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261102<TRNAMT>-9.99<FITID>1<NAME>Café</STMTTRN>"
            + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        let statement = try BankStatement(bytes: utf16(ofx, bigEndian: false, bom: true), path: "s.ofx")
        XCTAssertEqual(statement.format, .ofx1)
        XCTAssertEqual(statement.rows.map(\.payee), ["Café"])
    }

    func testUTF16WithoutAByteOrderMarkIsNamedWithItsConversion() {
        for (bigEndian, name) in [(false, "UTF-16LE"), (true, "UTF-16BE")] {
            XCTAssertThrowsError(try BankStatement(bytes: utf16(text, bigEndian: bigEndian, bom: false), path: "s.csv"))
            {
                XCTAssertEqual(
                    ($0 as? Diagnostic)?.description,
                    "s.csv: error: is not UTF-8 text but looks like \(name) (UTF-16 without a byte-order mark); "
                        + "convert it first: iconv -f \(name) -t UTF-8 s.csv > s.csv.utf8, then give sandjar the .utf8 "
                        + "file")
            }
        }
        // Plain UTF-8 and Latin-1 are not taken for UTF-16.
        XCTAssertNil(UTF16Text.order(of: Array(text.utf8)))
        XCTAssertNil(UTF16Text.order(of: Array("Cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB, 0x6C, 0xE9, 0x65]))
    }

    func testInvalidUTF16IsNamedNotLatin1() {
        // A lone high surrogate after the mark.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x42, 0x00]
        XCTAssertThrowsError(try BankStatement(bytes: bytes, path: "s.csv")) {
            let message = ($0 as? Diagnostic)?.description ?? ""
            XCTAssertTrue(
                message.contains("is UTF-16LE text (its byte-order mark says so) but not valid UTF-16"), message)
            XCTAssertTrue(message.contains("iconv -f UTF-16 -t UTF-8 s.csv > s.csv.utf8"), message)
            XCTAssertFalse(message.contains("Latin-1"), message)
        }
    }

    /// The located-error printer escapes every control character, in the message and the quoted
    /// line alike, and keeps the caret under the character it points at.
    func testNoControlCharacterReachesTheTerminal() {
        let finding = Diagnostic(
            .error, path: "a\u{1B}b.csv", line: 2, column: 5, message: "bad 'x\u{0}\u{7}y'\nsecond line",
            lineText: "a\u{0}\u{1B}[2Jb\u{202E}c")
        XCTAssertEqual(
            finding.description,
            """
            a\\u{1B}b.csv:2:5: error: bad 'x\\u{0}\\u{7}y'
            second line
              a\\u{0}\\u{1B}[2Jb\\u{202E}c
                           ^
            """)
        // The caret is under `2`, the fifth character of the line as written.
        let lines = finding.description.split(separator: "\n")
        let caret = lines[3].firstIndex(of: "^").map { lines[3].distance(from: lines[3].startIndex, to: $0) }
        XCTAssertEqual(caret.map { lines[2].dropFirst($0).first }, "2")
        XCTAssertFalse(
            finding.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "only the line breaks the message is made of")
        XCTAssertEqual(Diagnostic.visible("plain café", keepingLineBreaks: false), "plain café")
    }
}
