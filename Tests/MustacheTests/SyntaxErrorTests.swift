import Mustache
import XCTest

/// Syntax errors name the template, line, column and line text exactly.
final class SyntaxErrorTests: XCTestCase {
    private func parseError(_ templates: [String: String], file: StaticString = #filePath, line: UInt = #line)
        -> MustacheError?
    {
        do {
            _ = try MustacheLibrary(templates: templates)
            XCTFail("expected a syntax error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testUnclosedSection() {
        let error = parseError(["page": "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "page", line: 2, column: 3,
                message: "unclosed section 'items': no closing tag",
                lineText: "  {{#items}}"))
    }

    func testUnclosedParentAndBlock() {
        XCTAssertEqual(
            parseError(["p": "{{<layout}}\n{{$title}}x{{/title}}"])?.message, "unclosed parent 'layout': no closing tag"
        )
        XCTAssertEqual(parseError(["p": "{{$title}}x"])?.message, "unclosed block 'title': no closing tag")
        XCTAssertEqual(parseError(["p": "{{^empty}}x"])?.message, "unclosed inverted section 'empty': no closing tag")
    }

    func testMismatchedClosingTag() {
        let error = parseError(["list": "{{#items}}\n  <li>{{name}}</li>\n{{/item}}\n"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "list", line: 3, column: 1,
                message: "mismatched closing tag 'item': expected 'items' (opened at line 1, column 1)",
                lineText: "{{/item}}"))
    }

    func testClosingTagWithoutSection() {
        let error = parseError(["t": "a {{/items}}"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "t", line: 1, column: 3,
                message: "unexpected closing tag 'items': no section is open",
                lineText: "a {{/items}}"))
    }

    func testUnclosedTag() {
        let error = parseError(["head": "<title>\n<h1>{{title</h1>\n"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "head", line: 2, column: 5,
                message: "unclosed tag: expected '}}' before the end of the line",
                lineText: "<h1>{{title</h1>"))
        XCTAssertEqual(
            parseError(["t": "x {{{raw}}"])?.message, "unclosed tag: expected '}}}' before the end of the template")
        XCTAssertEqual(
            parseError(["t": "{{! never closed\n"])?.message,
            "unclosed tag: expected '}}' before the end of the template")
    }

    func testBadDelimiters() {
        let error = parseError(["t": "a\n  {{=<% =}}\n"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "t", line: 2, column: 3,
                message: "bad delimiters '<%': expected two delimiters separated by a space, as in {{=<% %>=}}",
                lineText: "  {{=<% =}}"))
        XCTAssertEqual(
            parseError(["t": "{{=<% %> [[ =}}"])?.message,
            "bad delimiters '<% %> [[': expected two delimiters separated by a space, as in {{=<% %>=}}")
        XCTAssertEqual(parseError(["t": "{{=<% %>}}"])?.message, "bad delimiter tag: expected it to end with '=}}'")
        XCTAssertEqual(
            parseError(["t": "{{=a= b=}}"])?.message,
            "bad delimiters 'a= b': expected two delimiters separated by a space, as in {{=<% %>=}}")
    }

    func testErrorsAfterDelimiterChangeUseTheNewDelimiters() {
        let error = parseError(["t": "{{=<% %>=}}\n<%#a%>\n<%/b%>"])
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.message, "mismatched closing tag 'b': expected 'a' (opened at line 2, column 1)")
    }

    func testBadNames() {
        XCTAssertEqual(parseError(["t": "{{ }}"])?.message, "empty tag: expected a name")
        XCTAssertEqual(
            parseError(["t": "{{first name}}"])?.message, "invalid tag name 'first name': names cannot contain spaces")
        XCTAssertEqual(
            parseError(["t": "{{a..b}}"])?.message,
            "invalid name 'a..b': a dotted name needs a key between every two dots")
    }

    func testFirstErrorInNameOrderNamesItsTemplate() {
        let error = parseError(["b": "{{#x}}", "a": "fine", "c": "{{y"])
        XCTAssertEqual(error?.template, "b")
    }

    func testColumnCountsCharactersAndCaretKeepsTabs() {
        let error = parseError(["t": "\tnaïve {{#x}}"])
        XCTAssertEqual(error?.column, 8)
        XCTAssertEqual(
            error?.description, "t:1:8: error: unclosed section 'x': no closing tag\n\tnaïve {{#x}}\n\t      ^")
    }

    func testDescriptionFormat() {
        let error = MustacheError(
            template: "page", line: 3, column: 7, message: "unknown variable 'titel'", lineText: "  <h1>{{titel}}</h1>")
        XCTAssertEqual(error.description, "page:3:7: error: unknown variable 'titel'\n  <h1>{{titel}}</h1>\n      ^")
    }

    func testBlockPassedTwice() {
        XCTAssertEqual(
            parseError(["t": "{{<p}}{{$a}}1{{/a}}{{$a}}2{{/a}}{{/p}}"])?.message,
            "block 'a' is passed twice to parent 'p'")
    }
}
