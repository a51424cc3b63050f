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

    func testAmountBoundsRefuseMoreThanFifteenDigitsBeforeAndTenAfter() throws {
        for fine in ["999999999999999.9999999999", "-999999999999999", "0.0000000001", "1.50000000000000", "0"] {
            XCTAssertNil(AmountBounds.problem(with: try XCTUnwrap(Decimal(exactly: fine))), fine)
        }
        for (tooLong, before) in [
            ("1000000000000000", true), ("-1000000000000000", true), ("0.00000000001", false),
            ("1.00000000001", false), ("1e15", true),
        ] {
            let problem = AmountBounds.problem(with: try XCTUnwrap(Decimal(exactly: tooLong)))
            XCTAssertEqual(
                problem?.hasPrefix(before ? "has more than 15 digits before" : "has more than 10 digits after"), true,
                tooLong)
        }
    }

    /// Plain amounts are read without Foundation's parser: the same value, in the same form.
    func testPlainAmountsReadAsFoundationReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "+5", "0.10", "1500.00", "007.50", "999999999999999999", "0.000000000000000001", "-12.345",
        ]
        for _ in 0..<2000 {
            let whole = String(UInt64.random(in: 0...999_999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...99_999_999, using: &generator))
            let sign = ["", "-", "+"].randomElement(using: &generator)!
            texts.append(Bool.random(using: &generator) ? sign + whole : sign + whole + "." + fraction)
        }
        for text in texts {
            let ours = Decimal(exactly: text)
            let foundation = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            XCTAssertEqual(ours, foundation, text)
            XCTAssertEqual(ours?.description, foundation?.description, text)
            XCTAssertEqual(ours?.exponent, foundation?.exponent, text)
        }
    }

    func testExactlyReadsOnlyPlainNumbers() {
        for text in ["15.49", "-3", "1e3", "+2", "0.1"] { XCTAssertNotNil(Decimal(exactly: text), text) }
        for text in ["", "nan", "inf", "1,5", "12 ", "--", ".", "e", "１２"] {
            XCTAssertNil(Decimal(exactly: text), text)
        }
    }
}
