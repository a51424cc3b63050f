import TOML
import XCTest

/// Errors must name the offending character, so people can jump straight to it.
final class ErrorLocationTests: XCTestCase {
    func testDuplicateKeyPointsAtSecondKey() {
        let error = parseError("a = 1\nb = 2\n  a = 3\n")
        XCTAssertEqual(error?.message, "duplicate key 'a'")
        XCTAssertEqual(error?.location, at(3, 3))
        XCTAssertEqual(error?.description, "3:3: duplicate key 'a'")
    }

    func testDuplicateDottedKeyPointsAtLastSegment() {
        let error = parseError("fruit.apple = 1\nfruit . apple = 2\n")
        XCTAssertEqual(error?.message, "duplicate key 'fruit.apple'")
        XCTAssertEqual(error?.location, at(2, 9))
    }

    func testDuplicateTableHeaderPointsAtName() {
        let error = parseError("[a]\nx = 1\n[ a ]\n")
        XCTAssertEqual(error?.message, "table [a] is defined more than once")
        XCTAssertEqual(error?.location, at(3, 3))
    }

    func testUnterminatedStringPointsAtLineEnd() {
        let error = parseError("a = \"abc\nb = 1\n")
        XCTAssertEqual(error?.location, at(1, 9))
        XCTAssertTrue(error?.message.hasPrefix("unterminated string") ?? false, "\(String(describing: error))")

        let atEnd = parseError("a = 'abc")
        XCTAssertEqual(atEnd?.location, at(1, 9))

        let multiline = parseError("a = \"\"\"\nabc\n")
        XCTAssertEqual(multiline?.location, at(3, 1))
        XCTAssertTrue(multiline?.message.hasPrefix("unterminated multi-line string") ?? false)
    }

    func testBadEscapePointsAtBackslash() {
        let error = parseError("a = \"x\\qy\"")
        XCTAssertEqual(error?.location, at(1, 7))
        XCTAssertTrue(
            error?.message.hasPrefix("invalid escape sequence '\\q'") ?? false, "\(String(describing: error))")

        let unicode = parseError("a = \"\\uD800\"")
        XCTAssertEqual(unicode?.location, at(1, 6))
        XCTAssertTrue(unicode?.message.contains("not a Unicode scalar value") ?? false)
    }

    func testColumnsCountUnicodeScalars() {
        // "é" is two bytes but one column.
        let error = parseError("\"é\" = 1\n'ü' = tru")
        XCTAssertEqual(error?.location, at(2, 7))
        XCTAssertEqual(error?.message, "expected a value, found 'tru' (booleans are 'true' and 'false', in lower case)")
    }

    func testCRLFAndByteOrderMarkDoNotShiftLocations() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let error = parseError(bom + Array("a = 1\r\nb = 2\r\nb = 3\r\n".utf8))
        XCTAssertEqual(error?.location, at(3, 1))
    }

    func testExpectedEqualsAfterKey() {
        let error = parseError("[t]\nname \"x\"\n")
        XCTAssertEqual(error?.message, "expected '=' after key, found '\"'")
        XCTAssertEqual(error?.location, at(2, 6))
    }

    func testNumberErrorsPointInsideTheNumber() {
        XCTAssertEqual(parseError("n = 1__000")?.location, at(1, 6))
        XCTAssertEqual(parseError("n = 3.")?.location, at(1, 7))
        XCTAssertEqual(parseError("n = 0123")?.message, "leading zeros are not allowed in a number")
        XCTAssertEqual(
            parseError("n = 9223372036854775808")?.message,
            "integer is out of range for a 64-bit signed integer")
    }

    func testDateErrorsPointAtTheBadField() {
        let error = parseError("d = 2023-02-29")
        XCTAssertEqual(error?.location, at(1, 13))
        XCTAssertEqual(error?.message, "day must be between 01 and 28 for 2023-02")
        XCTAssertEqual(parseError("t = 24:00:00")?.location, at(1, 5))
    }

    func testTextAfterValue() {
        let error = parseError("a = true false")
        XCTAssertEqual(error?.message, "expected a new line after the value, found 'false'")
        XCTAssertEqual(error?.location, at(1, 10))
    }

    func testExtendingInlineTableIsRejectedAtTheKey() {
        let error = parseError("a = { b = 1 }\n[a.c]\n")
        XCTAssertEqual(error?.location, at(2, 2))
        XCTAssertTrue(error?.message.hasPrefix("inline table 'a' cannot be extended") ?? false)
    }
}
