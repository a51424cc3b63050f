import XCTest

@testable import Domain

/// The catalogue's name keys take a short cut for ASCII (DESIGN.md §3, matching): no Unicode
/// normalisation and no property tables. It must give exactly what the tables give.
final class NameKeyTests: XCTestCase {
    func testEveryASCIIScalarIsReadAsUnicodesTablesReadIt() {
        for value in 0..<0x80 {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(NameKey.Letter(scalar), NameKey.Letter(tables: scalar), "U+\(value)")
            XCTAssertEqual(NameKey.CharacterClass(scalar), NameKey.CharacterClass(tables: scalar), "U+\(value)")
        }
    }

    func testASCIIIsItsOwnFold() {
        let ascii = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar($0)! }))
        XCTAssertEqual(ascii.precomposedStringWithCompatibilityMapping.decomposedStringWithCanonicalMapping, ascii)
    }

    func testKeysSplitWordsAndLowerCaseAlikeWithAndWithoutTheShortCut() {
        XCTAssertEqual(NameKey("YouTube Premium+").text, "youtubepremiumplus")
        XCTAssertEqual(NameKey("ＹｏｕＴｕｂｅ Premium＋").text, NameKey("YouTube Premium+").text)
        XCTAssertEqual(NameKey("ＹｏｕＴｕｂｅ Premium＋").isBoundary, NameKey("YouTube Premium+").isBoundary)
        XCTAssertEqual(NameKey("Crème brûlée").text, "cremebrulee")
        XCTAssertEqual(NameKey("爱奇艺 VIP").weight, 3 * 2 + 3)
    }
}
