import XCTest

@testable import SiteRender

/// `XMLText.escape`, which every SVG, Atom and sitemap file goes through: text with nothing to
/// escape comes back as it is, anything else scalar by scalar.
final class XMLTextTests: XCTestCase {
    func testTheFiveCharactersBecomeEntitiesAndForbiddenControlsAreDropped() {
        XCTAssertEqual(XMLText.escape(#"a & b < c > d "e" 'f'"#), "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
        XCTAssertEqual(XMLText.escape("tab\there\nline\r\n\u{0}\u{1}\u{1F}end"), "tab\there\nline\r\nend")
        XCTAssertEqual(XMLText.escape("\u{7F}é 储蓄 🐷"), "\u{7F}é 储蓄 🐷")
        XCTAssertEqual(XMLText.escape(""), "")
    }

    /// Only text the scalar walk would leave as it is may skip it.
    func testPlainTextComesBackUnchangedAndEveryOtherTextAsTheScalarWalkGivesIt() {
        let alphabet: [Character] = [
            "a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1B}", "é", "储", "🐷",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! })
            XCTAssertEqual(XMLText.escape(text), XMLText.escapeEachScalar(text), text.debugDescription)
        }
    }
}
