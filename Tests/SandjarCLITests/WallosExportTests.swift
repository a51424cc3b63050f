import Domain
import Foundation
import SiteData
import XCTest

@testable import Import

/// The JSON reader and Wallos's values: what `sandjar import wallos` reads before it looks at a
/// data folder.
final class WallosExportTests: XCTestCase {
    private func failure(_ text: String) -> String? {
        do {
            _ = try JSONReader.parse(Array(text.utf8), path: "x.json")
            return nil
        } catch {
            return error.headline
        }
    }

    func testJSONValuesAndEscapes() throws {
        let node = try JSONReader.parse(
            Array(#"{"a": [1, -2.5e3, true, null], "b": "\u00e9\ud83e\udd50 \"q\" \/ \\ \t", "b": "last"}"#.utf8),
            path: "x.json")
        guard case .array(let items) = node["a"]?.kind else { return XCTFail("no array") }
        XCTAssertEqual(items.map(\.kind), [.number("1"), .number("-2.5e3"), .bool(true), .null])
        XCTAssertEqual(node.members.map(\.key), ["a", "b", "b"], "both members kept, in order")
        XCTAssertEqual(node["b"]?.kind, .string("last"), "the last of two with one name")
        XCTAssertEqual(node.members[1].value.kind, .string("é🥐 \"q\" / \\ \t"))
        XCTAssertEqual(node.members[1].location.description, "1:32")
        XCTAssertEqual(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8), path: "x.json").kind, .array([]))
    }

    func testEveryMistakeIsAtItsLineAndColumn() {
        XCTAssertEqual(failure(""), "x.json: error: the file is empty: a JSON export starts with { or [")
        XCTAssertEqual(
            failure("{\"a\": 1,}"), "x.json:1:9: error: a comma before } leaves an empty member; remove the comma")
        XCTAssertEqual(failure("[1 2]"), "x.json:1:4: error: expected ',' or ']' after an item of the array")
        XCTAssertEqual(failure("{\"a\" 1}"), "x.json:1:6: error: expected ':' after \"a\"")
        XCTAssertEqual(failure("{'a': 1}"), "x.json:1:2: error: expected a member's name in double quotes")
        XCTAssertEqual(
            failure("['a']"), "x.json:1:2: error: JSON strings are written in double quotes (\"…\"), not single ones")
        XCTAssertEqual(
            failure("{\"a\": \"b\n\"}"), "x.json:1:9: error: the string that starts at 1:7 is not closed on its line")
        XCTAssertEqual(failure("\n\n  [\"\\x\"]"), "x.json:3:5: error: '\\x' is not an escape JSON knows")
        XCTAssertEqual(
            failure("[\"\\ud83e\"]"), "x.json:1:3: error: \\uD83E begins a surrogate pair that no \\uDC00…\\uDFFF ends")
        XCTAssertEqual(failure("[\"\\udd50\"]"), "x.json:1:3: error: \\uDD50 ends a surrogate pair that nothing began")
        XCTAssertEqual(failure("[\"\\u12\"]"), "x.json:1:3: error: \\u takes four hex digits, such as \\u00e9")
        XCTAssertEqual(failure("[01]"), "x.json:1:2: error: a JSON number does not start with 0 unless it is 0")
        XCTAssertEqual(failure("[1.]"), "x.json:1:2: error: a number needs digits after its point")
        XCTAssertEqual(
            failure("[tru]"),
            "x.json:1:2: error: expected a value here: an object, an array, a string, a number, true, false or null")
        XCTAssertEqual(failure("{\"a\": [1,\n  2"), "x.json:1:7: error: the file ends inside the array opened at 1:7")
        XCTAssertEqual(
            failure("{} {}"), "x.json:1:4: error: only white space may follow the JSON value that ends before this")
        XCTAssertEqual(
            failure("[\"é\" x]"), "x.json:1:6: error: expected ',' or ']' after an item of the array",
            "columns count characters")
        XCTAssertEqual(
            failure(String(repeating: "[", count: 129) + String(repeating: "]", count: 129)),
            "x.json:1:129: error: arrays and objects are nested more than 128 deep")
        do {
            _ = try JSONReader.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D], path: "x.json")
            XCTFail("invalid UTF-8 read")
        } catch {
            XCTAssertEqual(error.headline, "x.json:1:3: error: invalid UTF-8 byte 0xFF: a JSON export is UTF-8 text")
        }
    }

    func testTheExportsShape() throws {
        func failure(_ text: String) -> String? {
            do {
                _ = try WallosExport(bytes: Array(text.utf8), path: "e.json")
                return nil
            } catch {
                return error.headline
            }
        }
        XCTAssertEqual(
            failure("{\"success\": false, \"message\": \"Session expired\"}"),
            "e.json:1:2: error: Wallos did not export: \"success\" is false (Session expired); export again while logged in"
        )
        XCTAssertEqual(
            failure("{\"items\": []}"),
            "e.json:1:1: error: not a Wallos export: it has no \"subscriptions\" list (Wallos: Settings → Export subscriptions)"
        )
        XCTAssertEqual(
            failure("\"x\""),
            "e.json:1:1: error: not a Wallos export: expected an object with \"subscriptions\", found a string")
        XCTAssertEqual(
            failure("{\"subscriptions\": {}}"),
            "e.json:1:19: error: \"subscriptions\" must be a list [ … ], not an object")
        XCTAssertEqual(failure("[1]"), "e.json:1:2: error: each subscription is an object { … }, not a number")
        XCTAssertEqual(
            failure("[{\"Name\": [\"x\"]}]"),
            "e.json:1:11: error: \"Name\" is an array; Wallos writes every field as text")
        // A bare list, blank fields and nulls left out, the old spelling read.
        let export = try WallosExport(
            bytes: Array("[{\"Name\": \"A\", \"Notes\": \"  \", \"URL\": null, \"Categpry\": \"Music\"}]".utf8),
            path: "e.json")
        XCTAssertEqual(export.entries.count, 1)
        XCTAssertEqual(Set(export.entries[0].fields.keys), ["Name", "Categpry"])
        XCTAssertEqual(export.entries[0].field("Category", "Categpry")?.text, "Music")
    }

    func testPricesAndSymbols() {
        XCTAssertEqual(WallosSubscription.price("€12.99").map { [$0.symbol, $0.number] }, ["€", "12.99"])
        XCTAssertEqual(WallosSubscription.price("kr99").map { [$0.symbol, $0.number] }, ["kr", "99"])
        XCTAssertEqual(WallosSubscription.price("R$ 29.90").map { [$0.symbol, $0.number] }, ["R$", "29.90"])
        XCTAssertEqual(WallosSubscription.price("9.5 CHF").map { [$0.symbol, $0.number] }, ["CHF", "9.5"])
        XCTAssertEqual(WallosSubscription.price("007").map { [$0.symbol, $0.number] }, ["", "7"])
        XCTAssertNil(WallosSubscription.price("€1,234.50"), "no separators: Wallos writes plain numbers")
        XCTAssertNil(WallosSubscription.price("€"))
        XCTAssertNil(WallosSubscription.price("€1 €"))
        XCTAssertNil(
            WallosSubscription.price("€1." + String(repeating: "1", count: 11)), "10 digits after the point at most")
        XCTAssertEqual(CurrencySymbol.read("€"), .one(Currency(code: "EUR")!))
        XCTAssertEqual(CurrencySymbol.read("R$"), .one(Currency(code: "BRL")!))
        XCTAssertEqual(CurrencySymbol.read("chf"), .one(Currency(code: "CHF")!), "a code stands for itself")
        XCTAssertEqual(CurrencySymbol.read("¥"), .several(["JPY", "CNY"].map { Currency(code: $0)! }))
        XCTAssertEqual(CurrencySymbol.read("Kr"), .several(["SEK", "NOK", "DKK", "ISK"].map { Currency(code: $0)! }))
        XCTAssertEqual(CurrencySymbol.read("₳"), .unknown)
    }

    func testCycles() {
        let cases: [(String, Subscription.Cycle?)] = [
            ("Monthly", .monthly), ("Every 1 Month", .monthly), ("Weekly", .weekly), ("Every 3 Months", .quarterly),
            ("Quarterly", .quarterly), ("Every 6 Months", .semiannual), ("Yearly", .yearly),
            ("Every 12 Months", .yearly),
            ("Every 1 Year", .yearly), ("Daily", nil), ("Every 2 Weeks", nil), ("Every 2 Years", nil),
            ("Every 2 Months", nil),
        ]
        for (text, cycle) in cases { XCTAssertEqual(WallosSubscription.cycle(text), cycle, text) }
    }
}
