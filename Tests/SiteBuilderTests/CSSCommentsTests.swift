import TestSupport
import XCTest

@testable import SiteData

/// The stylesheet a site ships leaves the theme's comments out (issue 25: a page and its CSS stay
/// under 100 KB); what is quoted stays whole.
final class CSSCommentsTests: XCTestCase {
    func testCommentsGoAndQuotedTextStays() {
        let css = """
            /* A note on its own line. */
            a { color: red; } /* after a rule */
            /* two
               lines */
            .x::before { content: "/* not a comment */"; background: url('a/*b.svg'); }
            b { margin: 0 /* inside */ auto; }

            """
        XCTAssertEqual(
            CSSComments.strip(css),
            """
            a { color: red; } 
            .x::before { content: "/* not a comment */"; background: url('a/*b.svg'); }
            b { margin: 0  auto; }

            """)
    }

    /// Text of any script stays whole around comments, and a comment that is all a line holds
    /// takes the line with it, whatever its length or the text before it.
    func testMultiByteTextStaysWholeAndLongSheetsStripInOnePass() {
        XCTAssertEqual(
            CSSComments.strip(".a::before { content: \"注 /* 不是 */ 🪙\"; } /* 说明 */\n  /* 整行 */  \n.b { }\n"),
            ".a::before { content: \"注 /* 不是 */ 🪙\"; } \n.b { }\n")
        let rule = "/* a note on every rule of a long sheet */\n.r { color: var(--color-text); }\n"
        let long = String(repeating: rule, count: 20_000)
        XCTAssertEqual(CSSComments.strip(long), String(repeating: ".r { color: var(--color-text); }\n", count: 20_000))
    }

    /// A stray brace silently drops the rule after it (the trial alerts lost their colours once):
    /// outside comments and strings every brace of the theme's stylesheet is matched, in order.
    func testTheThemesStylesheetHasItsBracesMatched() throws {
        let style = CSSComments.strip(
            String(decoding: try Theme.builtIn.read("static/style.css").get().bytes, as: UTF8.self))
        var depth = 0
        var quote: Character?
        for (line, text) in style.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for character in text {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "{" {
                    depth += 1
                } else if character == "}" {
                    depth -= 1
                    XCTAssertGreaterThanOrEqual(depth, 0, "a brace closes nothing on line \(line + 1): \(text)")
                    if depth < 0 { return }
                }
            }
        }
        XCTAssertEqual(depth, 0, "braces left open")
    }

    func testTheShippedStylesheetHasNoCommentButItsHeader() throws {
        let site = try TestSupport.baseSite()
        let css = try XCTUnwrap(site.text("style.css"))
        XCTAssertEqual(css.components(separatedBy: "/*").count, 2, "the generated header only")
        XCTAssertTrue(css.contains(".tab-home{--icon:url(\"data:image/svg+xml,"), "quoted URLs whole")
        XCTAssertTrue(
            css.contains("stroke-width='1.8' stroke-linecap='round'"), "the spaces inside a quoted URL kept")
        XCTAssertTrue(css.contains(".app-form :is(input,select):focus-visible{"), "a space before a colon kept")
    }
}
