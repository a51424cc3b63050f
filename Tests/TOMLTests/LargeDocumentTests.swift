import TOML
import XCTest

/// The nightly job reads tens of thousands of `[[deposit]]` entries; make sure a
/// document of that shape parses correctly (timing is left to benchmarks).
final class LargeDocumentTests: XCTestCase {
    func testFiftyThousandDepositTables() throws {
        let count = 50_000
        var text = "title = \"jar\"\n\n"
        text.reserveCapacity(count * 80)
        for index in 0..<count {
            text += "[[deposit]]\nid = \(index)\namount = \(index % 100).\(index % 10)5\n"
            text += "date = 2024-0\(index % 9 + 1)-1\(index % 10)\n"
            text += "note = \"coin #\(index)\"\n\n"
        }
        let root = try TOMLParser.parse(text)
        let deposits = try XCTUnwrap(root["deposit"]?.arrayValue)
        XCTAssertEqual(deposits.count, count)
        for (index, deposit) in deposits.enumerated() where index % 997 == 0 || index == count - 1 {
            let table = try XCTUnwrap(deposit.tableValue)
            XCTAssertEqual(table.keys, ["id", "amount", "date", "note"])
            XCTAssertEqual(table["id"]?.integerValue, Int64(index))
            XCTAssertEqual(table["amount"]?.numberLiteral, "\(index % 100).\(index % 10)5")
            XCTAssertEqual(table["note"]?.stringValue, "coin #\(index)")
            XCTAssertEqual(
                table["date"]?.dateTimeValue?.date, TOMLDate(year: 2024, month: index % 9 + 1, day: 10 + index % 10))
            XCTAssertEqual(deposit.location.line, 3 + index * 6)
            XCTAssertEqual(table.keyLocation("note"), SourceLocation(line: 7 + index * 6, column: 1))
        }
    }
}
