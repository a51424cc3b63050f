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

    func testTheShippedStylesheetHasNoCommentButItsHeader() throws {
        let site = try TestSupport.baseSite()
        let css = try XCTUnwrap(site.text("style.css"))
        XCTAssertEqual(css.components(separatedBy: "/*").count, 2, "the generated header only")
        XCTAssertTrue(css.contains(".tab-home { --icon: url(\"data:image/svg+xml,"), "quoted URLs whole")
    }
}
