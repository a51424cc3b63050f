import Foundation
import XCTest

@testable import Domain

/// `Decimal(exactly:)` reads amounts as written; `fixed` writes them with a fixed number of
/// digits after the point, rounded half away from zero, never in exponent notation.
final class MoneyTextTests: XCTestCase {
    func testFixedWritesExactDigits() throws {
        let cases: [(String, Int, String)] = [
            ("12.3", 2, "12.30"), ("1500", 0, "1500"), ("1e3", 2, "1000.00"), ("0.05", 1, "0.1"),
            ("-0.05", 1, "-0.1"), ("-1.005", 2, "-1.01"), ("99.995", 2, "100.00"), ("-0.001", 2, "0.00"),
            ("0", 2, "0.00"), ("0.5", 0, "1"), ("-7", 2, "-7.00"), ("1e20", 0, "100000000000000000000"),
            ("123456789012345.1234567891", 10, "123456789012345.1234567891"),
            ("123456789012345.1234567891", 4, "123456789012345.1235"), ("0.0000000001", 10, "0.0000000001"),
        ]
        for (written, digits, expected) in cases {
            let value = try XCTUnwrap(Decimal(exactly: written), written)
            XCTAssertEqual(value.fixed(digits), expected, "\(written) to \(digits)")
        }
    }

    func testExactlyReadsOnlyPlainNumbers() {
        for text in ["15.49", "-3", "1e3", "+2", "0.1"] { XCTAssertNotNil(Decimal(exactly: text), text) }
        for text in ["", "nan", "inf", "1,5", "12 ", "--", ".", "e", "１２"] {
            XCTAssertNil(Decimal(exactly: text), text)
        }
    }
}
