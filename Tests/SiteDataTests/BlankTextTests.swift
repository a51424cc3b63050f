import Foundation
import XCTest

@testable import SiteData

/// A string value that is only white space counts as empty (`TableReader.isBlank`). It reads
/// Unicode's White_Space property instead of trimming through Foundation; the two must agree.
final class BlankTextTests: XCTestCase {
    func testBlankIsWhatTrimmingWhiteSpaceAndNewlinesLeavesEmpty() {
        var checked = 0
        for value in 0..<0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(String.UnicodeScalarView([scalar]))
            XCTAssertEqual(
                TableReader.isBlank(text), text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                "U+\(String(value, radix: 16))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 190_000)
        for text in ["", " ", "\t\n\r\u{3000}\u{2028}", " \u{301}", " a ", "\u{A0}\u{85}\u{200B}"] {
            XCTAssertEqual(
                TableReader.isBlank(text), text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                text.debugDescription)
        }
    }
}
