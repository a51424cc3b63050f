import TOML
import XCTest

/// Whatever the bytes, the parser must answer with a table or a `TOMLError`: no traps,
/// no stack overflow, no unbounded work.
final class RobustnessTests: XCTestCase {
    func testTenThousandNestedArraysFailFast() {
        let error = parseError(String(repeating: "[", count: 10_000).withPrefix("a = "))
        XCTAssertEqual(error?.message, "nesting is deeper than the limit of 128 levels")
        XCTAssertEqual(error?.location, at(1, 5 + 128))
    }

    func testTenThousandNestedInlineTablesFailFast() {
        let error = parseError(String(repeating: "{a=", count: 10_000).withPrefix("x = "))
        XCTAssertEqual(error?.message, "nesting is deeper than the limit of 128 levels")
    }

    func testTenThousandSegmentKeysAndHeadersFailFast() {
        let segments = Array(repeating: "k", count: 10_000).joined(separator: ".")
        XCTAssertEqual(parseError(segments + " = 1")?.message, "nesting is deeper than the limit of 128 levels")
        XCTAssertEqual(parseError("[" + segments + "]")?.message, "nesting is deeper than the limit of 128 levels")
        XCTAssertEqual(parseError("[[" + segments + "]]")?.message, "nesting is deeper than the limit of 128 levels")
    }

    func testNestingUpToTheLimitIsAccepted() throws {
        let limits = TOMLLimits(maxBytes: 1 << 20, maxDepth: 4)
        // The root table is level 0; each array or table inside adds one.
        XCTAssertNoThrow(try TOMLParser.parse("a = [[[[1]]]]", limits: limits))
        XCTAssertNotNil(parseError("a = [[[[[1]]]]]", limits: limits))
        XCTAssertNoThrow(try TOMLParser.parse("[a.b.c]\nd = []", limits: limits))
        XCTAssertNotNil(parseError("[a.b.c]\nd = [[]]", limits: limits))
        XCTAssertNotNil(parseError("[a.b.c.d.e]", limits: limits))
        XCTAssertNoThrow(try TOMLParser.parse("[[a.b]]\nc = 1", limits: limits))  // a, array, element
        XCTAssertNotNil(parseError("[[a.b]]\nc = [[]]", limits: limits))
    }

    func testOversizedInputIsRejected() {
        let small = TOMLLimits(maxBytes: 10, maxDepth: 128)
        let error = parseError("a = 1\nb = 22\n", limits: small)
        XCTAssertEqual(error?.message, "file is larger than 10 bytes")
        XCTAssertEqual(error?.location, at(2, 5))
        XCTAssertNoThrow(try TOMLParser.parse("a = 1\nb = 2", limits: TOMLLimits(maxBytes: 11, maxDepth: 1)))

        let huge = [UInt8](repeating: UInt8(ascii: "#"), count: (16 << 20) + 1)
        XCTAssertEqual(parseError(huge)?.message, "file is larger than 16 MiB")
    }

    func testInvalidUTF8IsReportedWhereItIs() {
        let error = parseError(Array("a = 1\nb = \"x".utf8) + [0xFF] + Array("\"\n".utf8))
        XCTAssertEqual(error?.message, "invalid UTF-8 byte 0xFF")
        XCTAssertEqual(error?.location, at(2, 7))

        let inComment = parseError(Array("# ok\n# é".utf8) + [0xC3])
        XCTAssertEqual(inComment?.location, at(2, 4))

        let surrogate = parseError(Array("a = '".utf8) + [0xED, 0xA0, 0x80] + Array("'".utf8))
        XCTAssertEqual(surrogate?.message, "invalid UTF-8 byte 0xED")

        let overlong = parseError([0xC0, 0xAF])
        XCTAssertEqual(overlong?.location, at(1, 1))
    }

    func testEarlierSyntaxErrorWinsOverLaterEncodingError() {
        let error = parseError(Array("a = = 1\n".utf8) + [0xFF])
        XCTAssertEqual(error?.message, "expected a value, found '='")
    }

    func testControlCharactersAndLoneCarriageReturns() {
        XCTAssertEqual(
            parseError("a = \"x\u{7}\"")?.message,
            "control character U+0007 is not allowed (use an escape sequence inside a basic string)")
        XCTAssertEqual(parseError("a = 1 # \u{0}")?.location, at(1, 9))
        XCTAssertEqual(parseError("a = 1\rb = 2")?.message, "carriage return must be followed by a line feed")
    }

    func testRandomBytesNeverCrash() {
        var generator = SplitMix64(seed: 0x5A4D_4A41_52_2024)
        var accepted = 0
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 96)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if (try? TOMLParser.parse(bytes)) != nil { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 0, "at least the empty inputs parse")
    }

    func testRandomTOMLishFragmentsNeverCrash() {
        let fragments = [
            "[", "]", "[[", "]]", "{", "}", "=", " = ", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "\\U0010FFFF",
            "a", "b.c", "\"k\"", " ", "\t", "\n", "\r\n", "\r", "#", ",", ".", "0", "1", "0x", "0o7", "0b",
            "1e", "E-", "_", "-", "+", "inf", "nan", "true", "false", "1979-05-27", "T", "07:32:00", "Z",
            "+05:30", ".5", "\u{0}", "é", "\u{FEFF}", "🪙", "a = 1\n", "[t]\n", "[[d]]\n", "x = [\n",
        ]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<4_000 {
            let pieces = Int(generator.next() % 24)
            var text = ""
            for _ in 0..<pieces {
                text += fragments[Int(generator.next() % UInt64(fragments.count))]
            }
            var bytes = Array(text.utf8)
            if !bytes.isEmpty && generator.next() % 4 == 0 {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? TOMLParser.parse(bytes)
        }
    }

    func testMutatedDocumentsNeverCrash() {
        let seed = Array(
            """
            title = "sandjar"
            [owner]
            name = "Ada" # comment
            dob = 1979-05-27T07:32:00-08:00
            [[deposit]]
            amount = 15.49
            tags = [ "a", 'b', \"\"\"c\"\"\", 0x1F, 1_000, { x = 1, y.z = [1.5e3, inf] } ]
            """.utf8)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            var bytes = seed
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[Int(generator.next() % UInt64(bytes.count))], at: index)
                }
            }
            _ = try? TOMLParser.parse(bytes)
        }
    }
}

/// A small seeded generator so the fuzz inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension String {
    fileprivate func withPrefix(_ prefix: String) -> String { prefix + self }
}
