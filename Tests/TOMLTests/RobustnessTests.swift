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
        var outcomes = RandomOutcomes()
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 96)
            outcomes.parse((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        outcomes.assertSound(kind: "random bytes")
    }

    func testRandomTOMLishFragmentsNeverCrash() {
        let fragments = [
            "[", "]", "[[", "]]", "{", "}", "=", " = ", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "\\U0010FFFF",
            "a", "b.c", "\"k\"", " ", "\t", "\n", "\r\n", "\r", "#", ",", ".", "0", "1", "0x", "0o7", "0b",
            "1e", "E-", "_", "-", "+", "inf", "nan", "true", "false", "1979-05-27", "T", "07:32:00", "Z",
            "+05:30", ".5", "\u{0}", "é", "\u{FEFF}", "🪙", "a = 1\n", "[t]\n", "[[d]]\n", "x = [\n",
        ]
        var generator = SplitMix64(seed: 42)
        var outcomes = RandomOutcomes()
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
            outcomes.parse(bytes)
        }
        outcomes.assertSound(kind: "TOML-ish fragments")
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
        XCTAssertNoThrow(try TOMLParser.parse(seed), "the document the mutations start from parses")
        var generator = SplitMix64(seed: 7)
        var outcomes = RandomOutcomes()
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
            outcomes.parse(bytes)
        }
        outcomes.assertSound(kind: "mutated documents")
    }
}

/// What random inputs gave the parser, and what was wrong with any answer. Whatever the bytes,
/// the answer must be a table or a `TOMLError` (the parser's typed throw; a trap would end the
/// run) that says something and points into the input — a line the input has, a column from 1
/// to one past that line's end — and the same answer again for the same bytes. Both tables and
/// errors must occur, so the inputs are not all of one kind.
private struct RandomOutcomes {
    var accepted = 0
    var rejected = 0
    var problems: [String] = []

    mutating func parse(_ bytes: [UInt8]) {
        let shown = String(decoding: bytes, as: UTF8.self).debugDescription
        let first = Result { () throws(TOMLError) in try TOMLParser.parse(bytes) }
        let again = Result { () throws(TOMLError) in try TOMLParser.parse(bytes) }
        switch (first, again) {
        case (.success(let table), .success(let second)):
            accepted += 1
            if TOMLTaggedJSON.encode(table) != TOMLTaggedJSON.encode(second) {
                problems.append("\(shown): two parses gave two tables")
            }
        case (.failure(let error), .failure(let second)):
            rejected += 1
            if error != second { problems.append("\(shown): two parses gave \(error) and \(second)") }
            if let wrong = Self.misplaced(error, in: bytes) { problems.append("\(shown): \(error): \(wrong)") }
        default:
            problems.append("\(shown): one parse failed and the other did not")
        }
    }

    /// Why `error` does not point into `bytes`, or nil when it does.
    static func misplaced(_ error: TOMLError, in bytes: [UInt8]) -> String? {
        if error.message.isEmpty { return "an error that says nothing" }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let (line, column) = (error.location.line, error.location.column)
        guard line >= 1, line <= lines.count else { return "line \(line) of an input of \(lines.count) lines" }
        // Columns count scalars, never more than the line's bytes, plus one for its end.
        let width = lines[line - 1].count + 1
        guard column >= 1, column <= width else { return "column \(column) of a line \(width - 1) bytes long" }
        return nil
    }

    func assertSound(kind: String, file: StaticString = #filePath, line: UInt = #line) {
        print("\(kind): \(accepted) parsed, \(rejected) refused with a located error")
        XCTAssertEqual(problems.count, 0, problems.prefix(10).joined(separator: "\n"), file: file, line: line)
        XCTAssertGreaterThan(accepted, 0, "none of the \(kind) parsed", file: file, line: line)
        XCTAssertGreaterThan(rejected, 0, "none of the \(kind) was refused", file: file, line: line)
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
