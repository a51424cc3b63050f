import XCTest

@testable import Markdown

/// libcmark through our one wrapper: safe by default.
final class MarkdownRendererTests: XCTestCase {
    func testRendersCommonMark() {
        XCTAssertEqual(
            MarkdownRenderer().html("# Hi\n\nSome *text* and `code`.\n"),
            "<h1>Hi</h1>\n<p>Some <em>text</em> and <code>code</code>.</p>\n")
    }

    /// cmark turns NUL into U+FFFD and passes every other control through; none is left raw.
    func testControlCharactersAreReplaced() {
        XCTAssertEqual(
            MarkdownRenderer().html("a\u{0}b\u{7}c\u{7F}d\u{1B}e\u{85}f\u{C}g\n\n    code\u{7}\n\n`x\u{1B}`\n"),
            "<p>a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g</p>\n<pre><code>code\u{FFFD}\n</code></pre>\n"
                + "<p><code>x\u{FFFD}</code></p>\n")
        XCTAssertEqual(MarkdownRenderer().html("one\rtwo\r\n"), "<p>one\ntwo</p>\n", "a lone CR ends a line")
        XCTAssertEqual(
            MarkdownRenderer(allowRawHTML: true).html("<div title=\"a\u{7}\">b\u{85}\r</div>\n"),
            "<div title=\"a\u{FFFD}\">b\u{FFFD}\n</div>\n", "raw HTML too")
    }

    func testRawHTMLIsOmittedUnlessAllowed() {
        let source = "Hello <script>alert(1)</script> there\n\n<div onclick=\"x()\">block</div>\n"
        let safe = MarkdownRenderer().html(source)
        XCTAssertFalse(safe.contains("<script"))
        XCTAssertFalse(safe.contains("onclick"))
        XCTAssertTrue(safe.contains("raw HTML omitted"))
        XCTAssertTrue(MarkdownRenderer(allowRawHTML: true).html(source).contains("<div onclick"))
    }

    func testOnlyWebAndMailLinksSurvive() {
        let html = MarkdownRenderer().html(
            """
            [a](https://example.org) [b](mailto:me@example.org) [c](../goals/) \
            [d](javascript:alert(1)) [e](JaVa\tScript:alert(1)) [f](data:text/html,x) ![g](vbscript:x)
            """)
        XCTAssertTrue(html.contains("href=\"https://example.org\""))
        XCTAssertTrue(html.contains("href=\"mailto:me@example.org\""))
        XCTAssertTrue(html.contains("href=\"../goals/\""))
        XCTAssertFalse(html.lowercased().contains("href=\"javascript"), html)
        XCTAssertFalse(html.contains("href=\"data:"), html)
        XCTAssertFalse(html.contains("src=\"vbscript"), html)
        XCTAssertTrue(html.contains(" d "), "the link text stays, the link goes: \(html)")
        XCTAssertFalse(html.contains("href=\"\""), "no link to the page itself is left: \(html)")
        XCTAssertTrue(html.hasSuffix(" g</p>\n"), "an image is replaced by its alt text: \(html)")
        XCTAssertFalse(html.contains("<img"), html)
    }

    /// `<img src="" alt="img" />` is invalid HTML: a refused image becomes its alt text, with its
    /// emphasis, and an image inside a refused link's text keeps its own (allowed) source.
    func testRefusedImagesAndLinksBecomeTheirText() {
        let renderer = MarkdownRenderer()
        XCTAssertEqual(renderer.html("![img](javascript:alert(1))"), "<p>img</p>\n")
        XCTAssertEqual(renderer.html("![a *b*](data:image/png;base64,AAAA)"), "<p>a <em>b</em></p>\n")
        XCTAssertEqual(renderer.html("![](javascript:x)"), "<p></p>\n")
        XCTAssertEqual(
            renderer.html("[![cat](cat.png)](javascript:x)"), "<p><img src=\"cat.png\" alt=\"cat\" /></p>\n")
        XCTAssertEqual(renderer.html("![![in](javascript:a) out](javascript:b)"), "<p>in out</p>\n")
        XCTAssertEqual(renderer.html("![ok](pic.png)"), "<p><img src=\"pic.png\" alt=\"ok\" /></p>\n")
    }

    func testInvalidUTF8AndNULsDoNotCrash() {
        let weird = String(decoding: [0x61, 0x00, 0xff, 0x62] as [UInt8], as: UTF8.self)
        XCTAssertTrue(MarkdownRenderer().html(weird).hasPrefix("<p>a"))
    }

    func testURLPolicy() {
        XCTAssertTrue(URLPolicy.isWebURL("https://www.netflix.com/cancelplan"))
        XCTAssertFalse(URLPolicy.isWebURL("https://"))
        XCTAssertFalse(URLPolicy.isWebURL("javascript:alert(1)"))
        XCTAssertFalse(URLPolicy.isWebURL("https://x.org/\"onmouseover=\"x"))
        for control in ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{C}", "\r"] {
            XCTAssertFalse(URLPolicy.isWebURL("https://x.org/a\(control)b"), control.debugDescription)
        }
        XCTAssertTrue(URLPolicy.isWebURL("https://x.org/£·é"))
        XCTAssertTrue(URLPolicy.isAllowedLink("goals/"))
        XCTAssertFalse(URLPolicy.isAllowedLink(" javascript:alert(1)"))
        XCTAssertFalse(URLPolicy.isAllowedLink("JaVa\tScRiPt:alert(1)"))
        XCTAssertTrue(URLPolicy.isAllowedLink("HTTPS://example.org"))
        XCTAssertTrue(URLPolicy.isAllowedLink("ｊavascript:x"), "not a scheme: a relative URL, which stays")
    }

    /// The scheme is read byte by byte; it must be what reading scalar by scalar and lower-casing
    /// the letters gives, on random text of scheme letters, controls, colons and non-ASCII.
    func testTheSchemeIsWhatTheScalarReadingGives() {
        func reference(_ url: String) -> String? {
            var letters = ""
            for scalar in url.unicodeScalars {
                if scalar == ":" { return letters.isEmpty ? nil : letters.lowercased() }
                if scalar.value < 0x21 { continue }
                let isSchemeChar =
                    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                    || (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
                if !isSchemeChar { return nil }
                letters.unicodeScalars.append(scalar)
            }
            return nil
        }
        let alphabet: [Character] = [
            "j", "S", "z", "Z", "0", "+", "-", ".", ":", "\t", " ", "\u{1}", "/", "é", "ｊ", "😀",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let url = String((0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement()! })
            XCTAssertEqual(URLPolicy.scheme(of: url), reference(url), url.debugDescription)
        }
    }
}
