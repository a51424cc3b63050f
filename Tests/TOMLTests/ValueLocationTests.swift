import TOML
import XCTest

/// Keys and values remember where they were written, including inside arrays of tables.
final class ValueLocationTests: XCTestCase {
    private let ledger = """
        [[deposit]]
        amount = 15.49
        date = 2024-01-02

        [[deposit]]
        amount = 3

        [[deposit]]  # the third
        note = "coins"
          amount = 1_000.50
        """

    func testArrayOfTablesLocations() throws {
        let root = parseOrFail(ledger)
        let deposits = try XCTUnwrap(root["deposit"])
        XCTAssertEqual(deposits.location, at(1, 1))
        XCTAssertEqual(root.keyLocation("deposit"), at(1, 3))

        let items = try XCTUnwrap(deposits.arrayValue)
        XCTAssertEqual(items.map(\.location), [at(1, 1), at(5, 1), at(8, 1)])

        let third = try XCTUnwrap(items[2].tableValue)
        XCTAssertEqual(third.keys, ["note", "amount"])
        XCTAssertEqual(third.keyLocation("amount"), at(10, 3))
        let amount = try XCTUnwrap(third["amount"])
        XCTAssertEqual(amount.location, at(10, 12))
        XCTAssertEqual(amount.numberLiteral, "1000.50")
        XCTAssertEqual(amount.doubleValue, 1000.5)
    }

    func testFloatLiteralIsKept() throws {
        let root = parseOrFail(ledger)
        let first = try XCTUnwrap(root[path: ["deposit"]]?.arrayValue?.first?.tableValue)
        guard case .float(let value, let literal)? = first["amount"]?.kind else {
            return XCTFail("amount should be a float")
        }
        XCTAssertEqual(literal, "15.49")
        XCTAssertEqual(value, 15.49)

        let more = parseOrFail("a = 1e3\nb = -inf\nc = nan\nd = +0.5E-2\ne = 6.626_070e-34")
        XCTAssertEqual(
            more.keys.compactMap { more[$0]?.numberLiteral }, ["1e3", "-inf", "nan", "+0.5E-2", "6.626070e-34"])
        XCTAssertEqual(more["a"]?.doubleValue, 1000)
    }

    func testImplicitAndDottedTablesPointAtTheirKeys() throws {
        let root = parseOrFail("x.y.z = 1\n[a.b]\nc = 2\n")
        XCTAssertEqual(root["x"]?.location, at(1, 1))
        let x = try XCTUnwrap(root["x"]?.tableValue)
        XCTAssertEqual(x["y"]?.location, at(1, 3))
        XCTAssertEqual(x["y"]?.tableValue?.keyLocation("z"), at(1, 5))
        XCTAssertEqual(x["y"]?.tableValue?["z"]?.location, at(1, 9))

        XCTAssertEqual(root["a"]?.location, at(2, 2))  // implicit: its key
        XCTAssertEqual(root["a"]?.tableValue?["b"]?.location, at(2, 1))  // defined: its '['
        XCTAssertEqual(root["a"]?.tableValue?.keyLocation("b"), at(2, 4))
    }

    func testImplicitTableDefinedLaterPointsAtItsHeader() {
        let root = parseOrFail("[a.b]\n[a]\nk = 1\n")
        XCTAssertEqual(root["a"]?.location, at(2, 1))
        XCTAssertEqual(root.keyLocation("a"), at(2, 2))
    }

    func testInlineTableAndArrayLocations() throws {
        let root = parseOrFail("t = { a = [ 1,\n  \"two\" ], b.c = 3 }\n")
        let t = try XCTUnwrap(root["t"])
        XCTAssertEqual(t.location, at(1, 5))
        let array = try XCTUnwrap(t.tableValue?["a"])
        XCTAssertEqual(array.location, at(1, 11))
        XCTAssertEqual(array.arrayValue?.map(\.location), [at(1, 13), at(2, 3)])
        XCTAssertEqual(t.tableValue?["b"]?.tableValue?.keyLocation("c"), at(2, 14))
    }

    func testNonASCIIColumns() {
        let root = parseOrFail("\"café\" = \"é\"\n\"α\" = 1")
        XCTAssertEqual(root["café"]?.location, at(1, 10))
        XCTAssertEqual(root["α"]?.location, at(2, 7))
    }

    func testKeysKeepInsertionOrderAndExactSpelling() {
        let root = parseOrFail("z = 1\na = 2\n\"e\\u0301\" = 3\n\"\\u00e9\" = 4\n")
        XCTAssertEqual(root.count, 4)
        XCTAssertEqual(root.keys.map { Array($0.unicodeScalars).count }, [1, 1, 2, 1])
        XCTAssertEqual(root["\u{e9}"]?.integerValue, 4)
        XCTAssertEqual(root["e\u{301}"]?.integerValue, 3)
    }

    func testDateTimeForms() {
        let root = parseOrFail(
            """
            odt = 1979-05-27T07:32:00.999999-07:00
            ldt = 1979-05-27 07:32:00
            ld = 1979-05-27
            lt = 00:32:00.1234567891
            """)
        XCTAssertEqual(
            root["odt"]?.dateTimeValue,
            TOMLDateTime(
                date: TOMLDate(year: 1979, month: 5, day: 27),
                time: TOMLTime(hour: 7, minute: 32, second: 0, nanosecond: 999_999_000),
                offsetMinutes: -420))
        XCTAssertEqual(root["odt"]?.dateTimeValue?.description, "1979-05-27T07:32:00.999999-07:00")
        XCTAssertEqual(root["ldt"]?.dateTimeValue?.formName, "datetime-local")
        XCTAssertEqual(root["ld"]?.dateTimeValue?.description, "1979-05-27")
        XCTAssertEqual(root["lt"]?.dateTimeValue?.time?.nanosecond, 123_456_789)
    }

    func testTaggedJSONEncoding() {
        let root = parseOrFail("b = [1, 'x']\na = { t = 1979-05-27, f = 0.5 }\n")
        XCTAssertEqual(
            TOMLTaggedJSON.encode(root),
            """
            {"a":{"f":{"type":"float","value":"0.5"},"t":{"type":"date-local","value":"1979-05-27"}},\
            "b":[{"type":"integer","value":"1"},{"type":"string","value":"x"}]}
            """)
    }
}
