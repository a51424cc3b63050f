import TOML
import XCTest

@testable import DataEdit

/// The one writer of a new `[[subscription]]` (issue 40): whatever order its caller adds the keys
/// in, they are written in DESIGN.md §2's order, comments at column 33, and the text parses back
/// (by the TOML parser, a second reading) to exactly the values added.
final class SubscriptionTableTests: XCTestCase {
    func testKeysAreWrittenInOneOrderWhateverTheCallersAndReadBack() throws {
        var random = SystemRandomNumberGenerator()
        let fields: [TOMLField] = [
            .string("name", "Netflix \"Premium\"\n4K"), .string("catalog", "netflix"),
            .amount("price", try AmountLiteral("17.99")), .string("currency", "EUR"), .string("cycle", "monthly"),
            .boolean("trial", true),
            .dateTime("started", TOMLDateTime(date: TOMLDate(year: 2026, month: 1, day: 31), time: nil)),
            .dateTime("next_billing", TOMLDateTime(date: TOMLDate(year: 2026, month: 2, day: 28), time: nil)),
            .integer("members", 3), .string("category", "streaming"), .string("unsubscribe", "https://example.org/x"),
            .string("note", "kept"),
        ]
        for _ in 0..<50 {
            var table = SubscriptionTable()
            let chosen = fields.filter { _ in Bool.random(using: &random) }
            for field in chosen.shuffled(using: &random) { table.add(field, comment: "from \(field.key)") }
            let expectedOrder = SubscriptionTable.Key.allCases.map(\.rawValue).filter { key in
                chosen.contains { $0.key == key }
            }
            XCTAssertEqual(table.fields.map(\.key), expectedOrder)
            let lines = table.lines
            XCTAssertEqual(lines.first, "[[subscription]]")
            for line in lines.dropFirst() {
                let comment = try XCTUnwrap(line.range(of: "# from "), line)
                XCTAssertGreaterThanOrEqual(line.distance(from: line.startIndex, to: comment.lowerBound), 32, line)
            }
            let parsed = try TOMLParser.parse(Array((lines.joined(separator: "\n") + "\n").utf8))
            let read = try XCTUnwrap(parsed["subscription"]?.arrayValue?.first?.tableValue)
            XCTAssertEqual(Set(read.keys), Set(chosen.map(\.key)))
            for field in chosen {
                XCTAssertTrue(field.matches(try XCTUnwrap(read[field.key])), field.key)
            }
        }
    }

    func testALineOfCommentTakesItsKeysPlaceAndALiteralHasNoField() throws {
        var table = SubscriptionTable()
        table.add(.string("name", "Gym"))
        table.remark(at: .ends, "a cancellation on 2026-01-01, past already")
        table.remark(at: .cycle, "cycle = \"monthly\"", comment: "no cycle in the export")
        table.add(.price, literal: "12.5", comment: "12,50 €")
        XCTAssertEqual(
            table.lines,
            [
                "[[subscription]]", "name = \"Gym\"", "price = 12.5                    # 12,50 €",
                "# cycle = \"monthly\"             # no cycle in the export",
                "# a cancellation on 2026-01-01, past already",
            ])
    }
}
