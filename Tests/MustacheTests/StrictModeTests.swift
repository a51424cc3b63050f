import Mustache
import XCTest

/// Strict mode turns misspelt names and missing partials into errors.
final class StrictModeTests: XCTestCase {
    private func strictError(
        _ templates: [String: String], _ name: String = "page",
        _ context: MustacheValue = [:], file: StaticString = #filePath, line: UInt = #line
    ) -> MustacheError? {
        do {
            let library = try MustacheLibrary(templates: templates)
            let output = try library.render(name, context, strict: true)
            XCTFail("expected an error, rendered \(output.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testUnknownVariable() {
        let error = strictError(["page": "<html>\n  <h1>{{titel}}</h1>\n"], "page", ["title": "Home"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "page", line: 2, column: 7,
                message: "unknown variable 'titel'", lineText: "  <h1>{{titel}}</h1>"))
    }

    func testSameTemplateRendersEmptyWhenNotStrict() throws {
        let library = try MustacheLibrary(templates: ["page": "<h1>{{titel}}</h1>"])
        XCTAssertEqual(try library.render("page", ["title": "Home"]), "<h1></h1>")
    }

    func testNullIsNotAnError() throws {
        let library = try MustacheLibrary(templates: [
            "page": "[{{subtitle}}]{{#subtitle}}x{{/subtitle}}{{^subtitle}}none{{/subtitle}}[{{a.b}}]"
        ])
        XCTAssertEqual(try library.render("page", ["subtitle": nil, "a": nil], strict: true), "[]none[]")
    }

    func testNamesResolveThroughTheContextStack() throws {
        let library = try MustacheLibrary(templates: ["page": "{{#items}}{{name}} of {{site.name}}; {{/items}}"])
        let context: MustacheValue = ["site": ["name": "S"], "items": [["name": "a"], ["name": "b"]]]
        XCTAssertEqual(try library.render("page", context, strict: true), "a of S; b of S; ")
    }

    func testUnknownDottedName() {
        let error = strictError(["page": "{{page.titel}}"], "page", ["page": ["title": "x"]])
        XCTAssertEqual(error?.message, "unknown variable 'page.titel'")
        XCTAssertEqual(
            strictError(["page": "{{page.title.x}}"], "page", ["page": ["title": "x"]])?.message,
            "unknown variable 'page.title.x'")
    }

    func testUnknownSectionName() {
        let error = strictError(["page": "a\n{{#itemz}}\n{{/itemz}}"], "page", ["items": []])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "page", line: 2, column: 1,
                message: "unknown variable 'itemz'", lineText: "{{#itemz}}"))
        XCTAssertEqual(strictError(["page": "{{^itemz}}{{/itemz}}"])?.message, "unknown variable 'itemz'")
    }

    func testErrorInPartialNamesThePartial() {
        let error = strictError(["page": "{{>head}}", "head": "<title>\n{{titel}}</title>"], "page", ["title": "x"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "head", line: 2, column: 1,
                message: "unknown variable 'titel'", lineText: "{{titel}}</title>"))
    }

    func testErrorInPassedBlockNamesTheChild() {
        let templates = [
            "page": "{{<layout}}\n{{$body}}\n  {{titel}}\n{{/body}}\n{{/layout}}",
            "layout": "<main>{{$body}}{{/body}}</main>",
        ]
        let error = strictError(templates, "page", ["title": "x"])
        XCTAssertEqual(
            error,
            MustacheError(
                template: "page", line: 3, column: 3,
                message: "unknown variable 'titel'", lineText: "  {{titel}}"))
    }

    func testMissingPartialAndParent() throws {
        XCTAssertEqual(
            strictError(["page": "x\n  {{> foot }}"]),
            MustacheError(
                template: "page", line: 2, column: 3, message: "unknown partial 'foot'", lineText: "  {{> foot }}"))
        XCTAssertEqual(strictError(["page": "{{<layout}}{{/layout}}"])?.message, "unknown parent 'layout'")
        let library = try MustacheLibrary(templates: ["page": "[{{>foot}}{{<layout}}{{/layout}}]"])
        XCTAssertEqual(try library.render("page", [:]), "[]")
    }

    func testListsAndObjectsAreNotText() throws {
        XCTAssertEqual(
            strictError(["page": "{{site}}"], "page", ["site": ["name": "S"]])?.message,
            "'site' is an object, which cannot be written as text; use a section")
        XCTAssertEqual(
            strictError(["page": "{{tags}}"], "page", ["tags": ["a", "b"]])?.message,
            "'tags' is a list, which cannot be written as text; use a section")
        let library = try MustacheLibrary(templates: ["page": "{{tags}}|{{site}}"])
        XCTAssertEqual(try library.render("page", ["tags": ["a", 1], "site": [:]]), "a,1|")
    }
}
