import Basics
import Mustache
import XCTest

/// `Pending` runs a build's work on another thread (the theme, the jars, the pages without
/// jars): the pages rendered there must have the stack a hostile theme's nesting needs.
final class PendingTests: XCTestCase {
    /// Six templates, each 99 sections around a partial naming the next: nesting stops at
    /// `maximumNesting` (500) with an error, on a `Pending` thread as on the main thread.
    func testARenderNestedToTheLimitFinishesWithItsErrorOnAPendingThread() throws {
        var templates: [String: String] = [:]
        for index in 0..<6 {
            let inner = index < 5 ? "{{>p\(index + 1)}}" : "x"
            templates["p\(index)"] =
                String(repeating: "{{#b}}", count: 99) + inner + String(repeating: "{{/b}}", count: 99)
        }
        let library = try MustacheLibrary(templates: templates)
        let message = Pending { () -> String? in
            do {
                _ = try library.render("p0", ["b": true])
                return nil
            } catch {
                return (error as? MustacheError)?.message
            }
        }
        XCTAssertEqual(
            message.value,
            "section 'b' nested more than 500 levels deep (sections, blocks, partials and parents, across templates)")
    }

    func testTheValueIsTheWorksAndCanBeReadAgain() {
        let pending = Pending { (1...1_000).reduce(0, +) }
        XCTAssertEqual(pending.value, 500_500)
        XCTAssertEqual(pending.value, 500_500)
    }
}
