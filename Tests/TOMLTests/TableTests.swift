import TOML
import XCTest

/// The table value type and the rules for defining tables once.
final class TableTests: XCTestCase {
    func testBuildingAndIteratingATable() {
        var table = TOMLTable()
        XCTAssertTrue(table.isEmpty)
        table.setValue(TOMLValue(kind: .integer(1), location: at(1, 5)), forKey: "b", keyLocation: at(1, 1))
        table.setValue(TOMLValue(kind: .string("x"), location: at(2, 5)), forKey: "a", keyLocation: at(2, 1))
        table.setValue(TOMLValue(kind: .integer(2), location: at(3, 5)), forKey: "b", keyLocation: at(3, 1))
        XCTAssertEqual(table.keys, ["b", "a"])
        XCTAssertEqual(table.map(\.key), ["b", "a"])
        XCTAssertEqual(table["b"]?.integerValue, 2)
        XCTAssertEqual(table.keyLocation("b"), at(3, 1))
        XCTAssertNil(table["c"])
    }

    func testManyKeysUseTheIndexCorrectly() {
        let text = (0..<200).map { "k\($0) = \($0)" }.joined(separator: "\n")
        let root = parseOrFail(text)
        XCTAssertEqual(root.count, 200)
        XCTAssertEqual(root["k150"]?.integerValue, 150)
        XCTAssertEqual(root.keyLocation("k150"), at(151, 1))
        XCTAssertEqual(parseError(text + "\nk42 = 1")?.location, at(201, 1))
    }

    func testPathSubscript() {
        let root = parseOrFail("[owner.address]\ncity = \"Basel\"\n")
        XCTAssertEqual(root[path: ["owner", "address", "city"]]?.stringValue, "Basel")
        XCTAssertNil(root[path: ["owner", "city"]])
        XCTAssertNil(root[path: []])
    }

    func testTableDefinitionRules() {
        // A parent made implicitly by a header may be defined once later…
        XCTAssertEqual(parseOrFail("[a.b]\nx = 1\n[a]\ny = 2").keys, ["a"])
        // …and dotted keys may add to it.
        XCTAssertNotNil(parseOrFail("[a.b.c]\n[a]\nb.d = 1")[path: ["a", "b", "d"]])
        // Headers may go below dotted tables, but not name them.
        XCTAssertNotNil(parseOrFail("[a]\nb.c = 1\n[a.b.d]\ne = 2")[path: ["a", "b", "d", "e"]])
        XCTAssertEqual(parseError("[a]\nb.c = 1\n[a.b]")?.message, "table [a.b] was already defined by dotted keys")
        // Dotted keys may not add to header tables.
        XCTAssertEqual(
            parseError("[a.b]\n[a]\nb.c = 1")?.message,
            "table 'b' was defined by a [header]; dotted keys cannot add to it")
        // Static arrays are not arrays of tables.
        XCTAssertEqual(parseError("a = []\n[[a]]")?.message, "key 'a' is already defined as an array")
        // Headers inside an array of tables go to its newest element.
        let root = parseOrFail("[[f]]\nn = 1\n[[f]]\nn = 2\n[f.v]\nc = 3")
        XCTAssertEqual(root["f"]?.arrayValue?.last?.tableValue?[path: ["v", "c"]]?.integerValue, 3)
        XCTAssertNil(root["f"]?.arrayValue?.first?.tableValue?["v"])
    }
}
