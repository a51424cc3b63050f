import Foundation
import XCTest

@testable import SiteBuilder

/// The theme is checked before anything is published: strict variables, complete string tables.
final class ThemeTests: XCTestCase {
    private func theme(editing path: String, _ edit: (String) -> String) throws -> (URL, [String]) {
        let folder = TestSupport.temporaryFolder(self).appendingPathComponent("templates")
        try TestSupport.overlay(TestSupport.templates, onto: folder)
        let file = folder.appendingPathComponent(path)
        try edit(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        var options = BuildOptions()
        options.data = TestSupport.fixtures.appendingPathComponent("base").path
        options.templates = folder.path
        options.today = CalendarDateFixture.sampleToday
        let errors = SiteBuild(options: options).check().0.diagnostics.filter { $0.severity == .error }
        return (folder, errors.map { $0.headline.replacingOccurrences(of: folder.path + "/", with: "") })
    }

    func testMisspeltVariableIsAnErrorWithItsPosition() throws {
        let (_, errors) = try theme(editing: "pages/goals.mustache") {
            $0.replacingOccurrences(of: "<h1>{{t.goals.title}}</h1>", with: "<h1>{{t.goals.titel}}</h1>")
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].hasPrefix("pages/goals.mustache:3:5: error: "), errors[0])
        XCTAssertTrue(errors[0].contains("titel"), errors[0])
    }

    func testStringMissingFromOneLanguageIsAnError() throws {
        let (_, errors) = try theme(editing: "i18n/zh-Hans.toml") {
            $0.replacingOccurrences(of: "home = \"回到今天\"\n", with: "")
        }
        XCTAssertEqual(errors, ["i18n/zh-Hans.toml: error: missing string 'notfound.home' (present in en)"])
    }

    func testBrokenTemplateSyntaxNamesTheTemplate() throws {
        let (_, errors) = try theme(editing: "pages/page.mustache") {
            $0.replacingOccurrences(of: "{{/date}}", with: "{{/data}}")
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(
            errors[0],
            "pages/page.mustache:7:1: error: mismatched closing tag 'data': expected 'date' (opened at line 5, column 1)"
        )
    }
}
