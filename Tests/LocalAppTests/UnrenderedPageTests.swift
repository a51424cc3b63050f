import Foundation
import SiteServer
import XCTest

@testable import LocalApp

/// A page serve renders for one answer (a refused form refilled with its message) whose theme
/// template fails only then: the answer is a 500 that names the template, line and column — never
/// the page without its message, as if nothing had been refused (issue 40) — and nothing is written.
final class UnrenderedPageTests: XCTestCase {
    func testATemplateFailingOnAnAnswerPageIsSaidWithItsPlace() throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("partials"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: theme) }
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("templates")
        let builtIn = try String(
            contentsOf: templates.appendingPathComponent("partials/form-deposit.mustache"), encoding: .utf8)
        // Only a refused form (its error shown) reaches the unknown name: the site builds; the answer cannot render.
        let broken = builtIn.replacingOccurrences(
            of: "{{#deposit_form}}\n", with: "{{#deposit_form}}\n{{#error}}{{no_such_name}}{{/error}}\n")
        XCTAssertNotEqual(broken, builtIn, "the partial opens as this test expects")
        try broken.write(
            to: theme.appendingPathComponent("partials/form-deposit.mustache"), atomically: true, encoding: .utf8)

        let fixture = try AppFixture(self, theme: theme)
        let before = fixture.snapshot()
        let journal = fixture.journal.entries()
        let answer = try XCTUnwrap(fixture.post("deposit", ["goal": "bike", "amount": "twelve"]))

        XCTAssertEqual(answer.status, 500)
        let text = String(decoding: answer.body, as: UTF8.self)
        XCTAssertTrue(text.contains("form-deposit.mustache:2:"), text)
        XCTAssertTrue(text.contains("no_such_name"), text)
        XCTAssertFalse(text.contains("<html"), "not a page that lacks its message")
        XCTAssertEqual(fixture.snapshot(), before, "the data did not change")
        XCTAssertEqual(fixture.journal.entries(), journal, "nothing was journalled")
    }
}
