import Mustache
import XCTest

/// Inputs that crashed or hung the Mustache fuzz target (`make fuzz`, Fuzz/mustache), in its
/// input form: templates separated by NUL bytes, the first named `main`, each later one its name,
/// a line feed, then its source. Each must now end in output or a `MustacheError`.
final class FuzzRegressionTests: XCTestCase {
    /// The fuzz target's reading of an input.
    private func library(_ bytes: [UInt8]) throws -> MustacheLibrary {
        var sources: [String: String] = [:]
        for (index, chunk) in bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated() {
            if index == 0 {
                sources["main"] = String(decoding: chunk, as: UTF8.self)
            } else if let newline = chunk.firstIndex(of: 0x0A) {
                sources[String(decoding: chunk[..<newline], as: UTF8.self)] = String(
                    decoding: chunk[(newline + 1)...], as: UTF8.self)
            } else {
                sources[String(decoding: chunk, as: UTF8.self)] = ""
            }
        }
        return try MustacheLibrary(templates: sources)
    }

    private func renderError(
        _ library: MustacheLibrary, _ context: MustacheValue = [:], file: StaticString = #filePath, line: UInt = #line
    ) -> MustacheError? {
        do {
            _ = try library.render("main", context)
            XCTFail("expected the render to stop", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// `{{#b}}` 10,000 times, then as many `{{/b}}`: the tree was 10,000 levels deep and rendering
    /// it overflowed the stack. Nesting inside one template now stops at `maximumDepth`.
    func testDeeplyNestedSectionsAreASyntaxError() throws {
        let open: [UInt8] = [0x7B, 0x7B, 0x23, 0x62, 0x7D, 0x7D]  // {{#b}}
        let close: [UInt8] = [0x7B, 0x7B, 0x2F, 0x62, 0x7D, 0x7D]  // {{/b}}
        let input =
            Array([[UInt8]](repeating: open, count: 10_000).joined()) + [0x78]
            + Array([[UInt8]](repeating: close, count: 10_000).joined())
        XCTAssertThrowsError(try library(input)) { error in
            XCTAssertEqual((error as? MustacheError)?.message, "section 'b' nested more than 100 levels deep")
            XCTAssertEqual((error as? MustacheError)?.column, 601)
        }
        let deepest =
            Array([[UInt8]](repeating: open, count: 100).joined()) + [0x78]
            + Array([[UInt8]](repeating: close, count: 100).joined())
        XCTAssertEqual(try library(deepest).render("main", ["b": true]), "x")
    }

    /// Inverted sections, parents and blocks nest the same way.
    func testEveryKindOfNestingIsBounded() throws {
        // {{^y}} {{/y}}, {{<p}} {{/p}}, {{$b}} {{/b}}
        let cases: [([UInt8], [UInt8], String)] = [
            ([0x7B, 0x7B, 0x5E, 0x79, 0x7D, 0x7D], [0x7B, 0x7B, 0x2F, 0x79, 0x7D, 0x7D], "inverted section 'y'"),
            ([0x7B, 0x7B, 0x3C, 0x70, 0x7D, 0x7D], [0x7B, 0x7B, 0x2F, 0x70, 0x7D, 0x7D], "parent 'p'"),
            ([0x7B, 0x7B, 0x24, 0x62, 0x7D, 0x7D], [0x7B, 0x7B, 0x2F, 0x62, 0x7D, 0x7D], "block 'b'"),
        ]
        for (open, close, noun) in cases {
            let input =
                Array([[UInt8]](repeating: open, count: 5_000).joined())
                + Array([[UInt8]](repeating: close, count: 5_000).joined())
            XCTAssertThrowsError(try library(input)) { error in
                XCTAssertEqual((error as? MustacheError)?.message, "\(noun) nested more than 100 levels deep")
            }
        }
    }

    /// Six templates, each with 99 sections around a partial that names the next: each one is
    /// allowed, but together they nested 594 levels deep, enough to overflow a thread's stack
    /// in a debug build. Nesting across templates stops at `maximumNesting`.
    func testNestingAcrossPartialsIsBounded() throws {
        let open: [UInt8] = [0x7B, 0x7B, 0x23, 0x62, 0x7D, 0x7D]  // {{#b}}
        let close: [UInt8] = [0x7B, 0x7B, 0x2F, 0x62, 0x7D, 0x7D]  // {{/b}}
        var input: [UInt8] = []
        for index in 0..<6 {
            if index > 0 { input += [0x00, 0x70, 0x30 + UInt8(index), 0x0A] }  // NUL, "pN", LF
            input += Array([[UInt8]](repeating: open, count: 99).joined())
            input += [0x7B, 0x7B, 0x3E, 0x70, 0x31 + UInt8(index), 0x7D, 0x7D]  // {{>pN+1}}
            input += Array([[UInt8]](repeating: close, count: 99).joined())
        }
        let error = renderError(try library(input), ["b": true])
        XCTAssertEqual(
            error?.message,
            "section 'b' nested more than 500 levels deep (sections, blocks, partials and parents, across templates)")
        XCTAssertEqual(error?.template, "p5")
    }

    /// `{{>p1}}{{>p1}}`, and 25 partials each naming the next twice: only 26 levels deep, but
    /// 2^27 expansions, which hung. A render now stops once it has expanded
    /// `maximumUnwrittenExpansions` more partials than it wrote bytes (one "x" for every two).
    func testPartialsThatDoubleStopAtTheExpansionLimit() throws {
        var input: [UInt8] = [0x7B, 0x7B, 0x3E, 0x70, 0x31, 0x7D, 0x7D, 0x7B, 0x7B, 0x3E, 0x70, 0x31, 0x7D, 0x7D]
        for index in 1...25 {
            let name = Array("p\(index)".utf8)
            let next = Array("p\(index + 1)".utf8)
            input += [0x00] + name + [0x0A]
            input += [0x7B, 0x7B, 0x3E] + next + [0x7D, 0x7D, 0x7B, 0x7B, 0x3E] + next + [0x7D, 0x7D]
        }
        input += [0x00, 0x70, 0x32, 0x36, 0x0A, 0x78]  // NUL, "p26", LF, "x"
        let error = renderError(try library(input))
        XCTAssertEqual(
            error?.message,
            "partial 'p25' makes 1999985 partials and parents expanded for 999984 bytes written, "
                + "1000000 more than a page may; do partials include each other over and over?")
    }

    /// The same doubling with 8 KiB of text at the bottom would have written gigabytes; a render
    /// now stops once its output passes `maximumOutputBytes`.
    func testPartialsThatDoubleStopAtTheOutputLimit() throws {
        var input: [UInt8] = [0x7B, 0x7B, 0x3E, 0x70, 0x31, 0x7D, 0x7D, 0x7B, 0x7B, 0x3E, 0x70, 0x31, 0x7D, 0x7D]
        for index in 1...15 {
            let next = Array("p\(index + 1)".utf8)
            input += [0x00] + Array("p\(index)".utf8) + [0x0A]
            input += [0x7B, 0x7B, 0x3E] + next + [0x7D, 0x7D, 0x7B, 0x7B, 0x3E] + next + [0x7D, 0x7D]
        }
        input += [0x00, 0x70, 0x31, 0x36, 0x0A] + [UInt8](repeating: 0x78, count: 8192)  // NUL, "p16", LF, 8 KiB
        let error = renderError(try library(input))
        XCTAssertEqual(
            error?.message,
            "partial 'p16' comes after 64 MiB of output; do partials include each other over and over?")
    }
}
