import Foundation
import XCTest

@testable import LocalApp

/// A deposit from a form parses its goal file once (issue 40): the entry finds the goal in what
/// the served site's last build parsed, parses the new text once to check it, and the build that
/// follows reads that parse rather than parsing the file again.
final class ParseOnceTests: XCTestCase {
    func testAFormsDepositParsesItsFileOnceAndTheRebuildNone() throws {
        let fixture = try AppFixture(self)
        let parsed = fixture.app.site.parsed
        let builds = fixture.app.site.buildCount
        let missesBefore = parsed.misses
        let answer = fixture.post("deposit", ["goal": "bike", "amount": "7.25"])
        XCTAssertEqual(answer?.status, 303)
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1, "the write was built")
        XCTAssertTrue(fixture.follow(answer)?.contains("$7.25") ?? false, "the served site shows it")
        XCTAssertEqual(parsed.misses, missesBefore, "no file was parsed from its bytes again")
        // The parse kept is the file's as written: the same bytes parse to the same table.
        let file = fixture.data.appendingPathComponent("goals/bike.toml")
        XCTAssertTrue(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("amount = 7.25"))
    }
}
