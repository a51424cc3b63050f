import Foundation
import XCTest

@testable import SiteFormats

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `XMLText.escape`, which every SVG, Atom and sitemap file goes through: text with nothing to
/// escape comes back as it is, anything else scalar by scalar.
final class XMLTextTests: XCTestCase {
    func testTheFiveCharactersBecomeEntitiesAndControlsAreReplaced() {
        XCTAssertEqual(XMLText.escape(#"a & b < c > d "e" 'f'"#), "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
        XCTAssertEqual(
            XMLText.escape("tab\there\nline\r\n\u{0}\u{1}\u{C}\u{1F}end\r"),
            "tab\there\nline\n\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}end\n")
        XCTAssertEqual(XMLText.escape("\u{7F}é \u{85}储蓄\u{9F} 🐷 £·"), "\u{FFFD}é \u{FFFD}储蓄\u{FFFD} 🐷 £·")
        XCTAssertEqual(XMLText.escape(""), "")
    }

    /// Whatever the text holds, escaped it is well-formed XML in an element and in an attribute.
    func testEveryControlCharacterEscapedIsWellFormedXML() {
        let controls = String(String.UnicodeScalarView((0...0x9F).compactMap(Unicode.Scalar.init)))
        let escaped = XMLText.escape(controls + "\r\n<&>\"'")
        let document = "<t a=\"\(escaped)\" b='\(escaped)'>\(escaped)</t>"
        let parser = XMLParser(data: Data(document.utf8))
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
    }

    /// Only text the scalar walk would leave as it is may skip it.
    func testPlainTextComesBackUnchangedAndEveryOtherTextAsTheScalarWalkGivesIt() {
        let alphabet: [Character] = [
            "a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}",
            "é", "储", "🐷",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! })
            XCTAssertEqual(XMLText.escape(text), XMLText.escapeEachScalar(text), text.debugDescription)
        }
    }
}
