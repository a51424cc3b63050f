import Basics
import XCTest

final class BasicsTests: XCTestCase {
    /// The published FNV-1a 64-bit test vectors (the empty string, "a", "foobar").
    func testFNV1aMatchesTheReferenceVectors() {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_F739_67E8)
        XCTAssertEqual(FNV1a.hash("bar", into: FNV1a.hash("foo")), FNV1a.hash("foobar"), "hashed in parts")
        XCTAssertEqual(FNV1a.hash([UInt8]("foobar".utf8)), FNV1a.hash("foobar"))
    }

    func testZeroPadding() {
        XCTAssertEqual(7.zeroPadded(2), "07")
        XCTAssertEqual(2026.zeroPadded(2), "2026")
        XCTAssertEqual(12.zeroPadded(4), "0012")
        XCTAssertEqual((-5).zeroPadded(3), "-005")
        XCTAssertEqual(UInt64(255).zeroPadded(16, radix: 16), "00000000000000ff")
        XCTAssertEqual(UInt32(0x1B).zeroPadded(4, radix: 16, uppercase: true), "001B")
        XCTAssertEqual(UInt64.max.zeroPadded(4, radix: 16), "ffffffffffffffff")
    }
}

/// `ControlCharacters.cleaned`, the rule every page, picture, feed and calendar keeps.
final class ControlCharactersTests: XCTestCase {
    func testEveryControlButTabAndLineFeedIsReplacedAndReturnsBecomeLineFeeds() {
        XCTAssertEqual(
            ControlCharacters.cleaned("a\u{0}b\u{7}c\u{1B}d\u{7F}e\u{85}f\u{9F}g\u{C}h\u{B}i"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{FFFD}h\u{FFFD}i")
        XCTAssertEqual(ControlCharacters.cleaned("tab\tline\nend"), "tab\tline\nend")
        XCTAssertEqual(ControlCharacters.cleaned("one\r\ntwo\rthree\r"), "one\ntwo\nthree\n")
        XCTAssertEqual(ControlCharacters.cleaned("\r\r\n\n"), "\n\n\n")
        XCTAssertEqual(ControlCharacters.cleaned("\u{0}"), "\u{FFFD}")
        XCTAssertEqual(ControlCharacters.cleaned(""), "")
    }

    /// 0xC2 also begins `£`, `°`, `·` and the no-break space (C2 A0–C2 BF): only C2 80–C2 9F go.
    func testLettersThatShareTheC1LeadByteStay() {
        let text = "£5 · 20° \u{A0}\u{BF} é 储蓄 🐷 \u{FFFD}"
        XCTAssertEqual(ControlCharacters.cleaned(text), text)
        XCTAssertFalse(ControlCharacters.occur(in: text))
        XCTAssertEqual(ControlCharacters.cleaned("£\u{80}·\u{9F}\u{A0}"), "£\u{FFFD}·\u{FFFD}\u{A0}")
        XCTAssertTrue(ControlCharacters.occur(in: "£\u{80}"))
    }

    /// Every scalar up to U+00FF on its own, against the rule written scalar by scalar.
    func testEachScalarAsTheRuleSays() {
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value)!
            let expected: String
            switch value {
            case 0x09, 0x0A: expected = String(scalar)
            case 0x0D: expected = "\n"
            case 0x00..<0x20, 0x7F..<0xA0: expected = "\u{FFFD}"
            default: expected = String(scalar)
            }
            let text = "x" + String(scalar) + "y"
            XCTAssertEqual(ControlCharacters.cleaned(text), "x" + expected + "y", "U+\(value.zeroPadded(4, radix: 16))")
            XCTAssertEqual(ControlCharacters.occur(in: text), expected != String(scalar), "\(value)")
            let bytes = Array(String(scalar).utf8)
            XCTAssertTrue(
                expected == String(scalar) || ControlCharacters.mayBegin(bytes[0]),
                "the fast path must not skip U+\(value.zeroPadded(4, radix: 16))")
        }
    }

    /// The one rule for typed text, the command line's and the forms' (issue 39).
    func testTypedTextRefusesControlsAndLineSeparatorsButNotATab() {
        for (text, described) in [
            ("a\u{0}", "U+0000"), ("\u{1F}", "U+001F"), ("\n", "U+000A"), ("\r", "U+000D"), ("\u{7F}", "U+007F"),
            ("\u{80}", "U+0080"), ("x\u{85}y", "U+0085"), ("\u{9F}", "U+009F"), ("\u{2028}", "U+2028"),
            ("\u{2029}", "U+2029"),
        ] {
            XCTAssertEqual(ControlCharacters.refusedInTypedText(text), described, described)
        }
        for text in ["a\tb", "£ ° · \u{A0}", "买耳机 🎧 e\u{301}", "\u{A0}\u{2027}\u{202A}", ""] {
            XCTAssertNil(ControlCharacters.refusedInTypedText(text), text)
        }
    }
}
