import Foundation
import Mustache
import XCTest

final class MustacheValueTests: XCTestCase {
    func testLiterals() {
        let value: MustacheValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "l": [1, "two"]]
        XCTAssertEqual(
            value,
            .object([
                "s": .string("x"), "i": .int(1), "d": .double(1.5), "b": .bool(true), "n": .null,
                "l": .list([.int(1), .string("two")]),
            ]))
    }

    func testDecodesJSON() throws {
        let json = #"{"a": 1, "b": 1.21, "c": true, "d": null, "e": "s", "f": [1, false], "g": {"h": 2}}"#
        let value = try JSONDecoder().decode(MustacheValue.self, from: Data(json.utf8))
        XCTAssertEqual(
            value,
            [
                "a": 1, "b": 1.21, "c": true, "d": nil, "e": "s", "f": [1, false], "g": ["h": 2],
            ])
    }

    func testRoundTripsThroughJSON() throws {
        let value: MustacheValue = ["a": [1, 2.5, "x", nil, true], "b": [:]]
        let data = try JSONEncoder().encode(value)
        XCTAssertEqual(try JSONDecoder().decode(MustacheValue.self, from: data), value)
    }

    func testInterpolationText() {
        XCTAssertEqual(MustacheValue.double(1.21).interpolationText, "1.21")
        XCTAssertEqual(MustacheValue.double(-2).interpolationText, "-2")
        XCTAssertEqual(MustacheValue.double(0.1 + 0.2).interpolationText, "0.30000000000000004")
        XCTAssertEqual(MustacheValue.bool(false).interpolationText, "false")
        XCTAssertEqual(MustacheValue.null.interpolationText, "")
    }
}
