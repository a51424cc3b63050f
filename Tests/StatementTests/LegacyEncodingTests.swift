import Foundation
import TestSupport
import XCTest

@testable import SiteData
@testable import Statement

/// A data file saved in another encoding gets the encoding it looks like and the command that
/// converts it (the exact messages are in Tests/Fixtures/invalid/encoding-*).
final class LegacyEncodingTests: XCTestCase {
    /// "自行车 储蓄" and friends, as iconv writes them.
    private let gb18030: [UInt8] = [0xD7, 0xD4, 0xD0, 0xD0, 0xB3, 0xB5, 0x20, 0xB4, 0xA2, 0xD0, 0xEE]
    private let big5: [UInt8] = [0xA6, 0xDB, 0xA6, 0xE6, 0xA8, 0xAE, 0x20, 0xC0, 0x78, 0xBB, 0x57]
    private let shiftJIS: [UInt8] = [0x8E, 0xA9, 0x93, 0x5D, 0x8E, 0xD4, 0x82, 0xCC, 0x92, 0x99, 0x8B, 0xE0]

    func testEachEncodingIsTakenForWhatItIs() {
        XCTAssertEqual(LegacyEncoding.guess(gb18030), .gb18030)
        // These bytes are also valid GB18030, but read as it they are not Chinese text.
        XCTAssertNotNil(LegacyEncoding.gb18030.decode(big5))
        XCTAssertEqual(LegacyEncoding.guess(big5), .big5)
        // Read as GB18030 they are ideographs; the kana says Japanese.
        XCTAssertNotNil(LegacyEncoding.gb18030.decode(shiftJIS))
        XCTAssertEqual(LegacyEncoding.guess(shiftJIS), .shiftJIS)
        XCTAssertEqual(
            LegacyEncoding.guess(Array("Cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB, 0x6C, 0xE9, 0x65]), .latin1)
        // A UTF-8 file with one damaged spot is not in another encoding.
        XCTAssertNil(LegacyEncoding.guess(Array("wörld, ".utf8) + [0xC0, 0xAF]))
        XCTAssertNil(LegacyEncoding.guess([0x81, 0x30, 0x78]))
        // Mostly ASCII with a short Chinese note whose last two bytes happen to be UTF-8 ("Ǯ").
        let note: [UInt8] = Array("[[deposit]]\nnote = \"".utf8) + [0xB4, 0xE6, 0xC7, 0xAE] + Array("\"\n".utf8)
        XCTAssertEqual(LegacyEncoding.guess(note), .gb18030)
        // A Chinese UTF-8 file with one damaged spot is still UTF-8.
        XCTAssertNil(LegacyEncoding.guess(Array("note = \"存钱买车\"".utf8) + [0xB4]))
    }

    func testTheConversionCommandIsOneToCopy() {
        XCTAssertEqual(
            LegacyEncoding.gb18030.conversion(of: "content/goals/bike.toml"),
            "iconv -f GB18030 -t UTF-8 content/goals/bike.toml > content/goals/bike.toml.utf8")
        XCTAssertEqual(
            LegacyEncoding.big5.conversion(of: "my dash/it's.toml"),
            "iconv -f BIG5 -t UTF-8 'my dash/it'\\''s.toml' > 'my dash/it'\\''s.toml.utf8'")
    }

    /// The line is quoted as the file's encoding reads it, with the caret under the character, not
    /// as replacement characters.
    func testTheLineIsQuotedInTheEncodingTheFileIsIn() {
        let bytes = Array("mode = \"wish\"\nname = \"".utf8) + gb18030 + Array("\"\r\ntarget = 1\n".utf8)
        let file = SourceFile(path: "goals/bike.toml", bytes: bytes)
        XCTAssertEqual(
            file.notUTF8()?.description,
            """
            goals/bike.toml:2:9: error: invalid UTF-8 byte 0xD7: the file looks like GB18030; convert it with \
            iconv -f GB18030 -t UTF-8 goals/bike.toml > goals/bike.toml.utf8 and move that over it
              name = "自行车 储蓄"
                      ^
            """)
        XCTAssertNil(SourceFile(path: "a.toml", bytes: Array("name = \"自行车\"\n".utf8)).notUTF8())
    }

    /// detect (bank statements) gives the same guess and command.
    func testAStatementGetsTheSameAdvice() {
        let bytes = Array("Date,Payee,Amount\n2026-01-02,".utf8) + gb18030 + Array(",-15\n".utf8)
        XCTAssertThrowsError(try StatementCSV(bytes: bytes, path: "s.csv")) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.description,
                """
                s.csv:2:12: error: invalid UTF-8 byte 0xD7: the file looks like GB18030; convert it first: \
                iconv -f GB18030 -t UTF-8 s.csv > s.csv.utf8, then give sandjar the .utf8 file
                  2026-01-02,自行车 储蓄,-15
                             ^
                """)
        }
    }

    /// A statement that is not UTF-8 is refused at its first bad byte, whatever the format: random
    /// text (read as CSV, as QIF under a `!Type:Bank` header, as camt under `<Document>`) with one
    /// bad byte where the test put it.
    func testAStatementIsRefusedAtItsFirstByteThatIsNotUTF8() {
        var random = SplitMix64(seed: 2026)
        let headers = ["", "!Type:Bank\n", "<Document>\n"]
        for round in 0..<300 {
            let sample = NotUTF8Sample.random(&random, header: headers[round % 3])
            XCTAssertThrowsError(try BankStatement(bytes: sample.bytes, path: "s"), "round \(round)") { error in
                let finding = error as? Diagnostic
                XCTAssertEqual(finding?.line, sample.line, "round \(round)")
                XCTAssertEqual(finding?.column, sample.column, "round \(round)")
                XCTAssertEqual(finding?.message.hasPrefix(sample.named + ": "), true, "round \(round): \(error)")
            }
        }
        print("not UTF-8: 300 statements refused at the byte the test put there")
    }
}
