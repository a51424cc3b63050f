import Mustache
import XCTest

/// Rendering behaviour beyond the spec files: escaping, numbers, indentation,
/// inheritance for layouts, large lists and recursion limits.
final class RenderTests: XCTestCase {
    private func render(
        _ template: String, _ context: MustacheValue = [:],
        partials: [String: String] = [:], strict: Bool = false
    ) throws -> String {
        var sources = partials
        sources["main"] = template
        return try MustacheLibrary(templates: sources).render("main", context, strict: strict)
    }

    func testEscapesHTMLIncludingApostrophe() throws {
        let context: MustacheValue = ["x": #"<a href="x">Tom & Jerry's</a>"#]
        XCTAssertEqual(try render("{{x}}", context), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        XCTAssertEqual(
            try render("{{{x}}}|{{&x}}", context),
            #"<a href="x">Tom & Jerry's</a>|<a href="x">Tom & Jerry's</a>"#)
        XCTAssertEqual(try render("<a title='{{x}}'>", ["x": "it's"]), "<a title='it&#39;s'>")
        XCTAssertEqual(try render("{{x}}", ["x": "naïve — ünïcödé 🎉"]), "naïve — ünïcödé 🎉")
    }

    /// `{{x}}` never writes a control character raw: each is U+FFFD, a carriage return a line
    /// feed (ControlCharacters); `{{{x}}}` is the caller's own HTML and stays as it is.
    func testEscapingReplacesControlCharacters() throws {
        let context: MustacheValue = ["x": "a\u{0}b\u{7}c\u{7F}d\u{1B}e\u{85}f\u{C}g\r\nh\ri\tj\nk"]
        XCTAssertEqual(
            try render("<p title=\"{{x}}\">{{x}}</p>", context),
            "<p title=\"a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\nh\ni\tj\nk\">"
                + "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\nh\ni\tj\nk</p>")
        XCTAssertEqual(try render("{{x}}", ["x": "<\u{7}> & \u{9F}'"]), "&lt;\u{FFFD}&gt; &amp; \u{FFFD}&#39;")
        XCTAssertEqual(try render("{{x}}", ["x": "£5 · 20°\u{A0}"]), "£5 · 20°\u{A0}", "C2 A0–BF are letters")
        XCTAssertEqual(try render("{{{x}}}", ["x": "raw\u{7}"]), "raw\u{7}")
    }

    /// The byte scan that appends plain text in one piece agrees with the rule written scalar by
    /// scalar, on random text made of what it must notice and what it must let through.
    func testEscapingAgreesWithTheRuleScalarByScalar() throws {
        func reference(_ text: String) -> String {
            let scalars = Array(text.unicodeScalars)
            var out = ""
            for (index, scalar) in scalars.enumerated() {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                case "\t", "\n": out.unicodeScalars.append(scalar)
                case "\r": if index + 1 == scalars.count || scalars[index + 1] != "\n" { out += "\n" }
                default:
                    let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    out.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
                }
            }
            return out
        }
        let alphabet: [Character] = [
            "a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}",
            "\u{9F}", "\u{A0}", "£", "é", "储", "🐷",
        ]
        let library = try MustacheLibrary(templates: ["main": "{{x}}"])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! })
            XCTAssertEqual(try library.render("main", ["x": .string(text)]), reference(text), text.debugDescription)
        }
    }

    func testScalarsPrintLikeJSON() throws {
        let context: MustacheValue = ["a": 1.21, "b": 3.0, "c": -42, "d": true, "e": nil, "f": 0.5]
        XCTAssertEqual(try render("{{a}} {{b}} {{c}} {{d}} [{{e}}] {{f}}", context), "1.21 3 -42 true [] 0.5")
    }

    func testTruthiness() throws {
        let template = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        let cases: [(MustacheValue, String)] = [
            (nil, "no"), (false, "no"), ([], "no"), ("", "no"),
            (true, "yes"), (0, "yes"), ("x", "yes"), ([:], "yes"), ([1], "yes"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try render(template, ["v": value]), expected, "\(value)")
        }
    }

    func testTenThousandItems() throws {
        let items = (0..<10_000).map { index -> MustacheValue in
            ["name": .string("item <\(index)>"), "even": .bool(index % 2 == 0)]
        }
        let template = "<ul>\n{{#items}}\n  <li{{#even}} class=\"even\"{{/even}}>{{name}}</li>\n{{/items}}\n</ul>\n"
        let output = try render(template, ["items": .list(items)])
        var expected = "<ul>\n"
        for index in 0..<10_000 {
            expected += "  <li\(index % 2 == 0 ? " class=\"even\"" : "")>item &lt;\(index)&gt;</li>\n"
        }
        expected += "</ul>\n"
        XCTAssertEqual(output, expected)
    }

    /// Issue 39: a goal of 120,000 deposits, a date partial each, stopped at "one more than the
    /// 100000 partials". The limit on partials is how deeply they nest, not how many a long list
    /// expands: 200,000 of a shallow partial render (and 200,000 of one that writes nothing), while
    /// a partial that includes itself still stops, where it includes itself.
    func testAListOf200000ShallowPartialsRendersOnlyNestingStops() throws {
        let items = MustacheValue.list((0..<200_000).map { .int($0 % 10) })
        let output = try render(
            "{{#items}}{{>date}}{{/items}}", ["items": items], partials: ["date": "<time>{{.}}</time>"])
        XCTAssertEqual(output.utf8.count, 200_000 * "<time>0</time>".utf8.count)
        XCTAssertTrue(output.hasPrefix("<time>0</time><time>1</time>"))
        XCTAssertTrue(output.hasSuffix("<time>8</time><time>9</time>"))
        XCTAssertEqual(
            try render("{{#items}}{{>nothing}}{{/items}}", ["items": items], partials: ["nothing": "{{#no}}x{{/no}}"]),
            "")

        let library = try MustacheLibrary(templates: [
            "main": "{{#items}}{{>date}}{{/items}}", "date": "<time>{{.}}</time>{{#again}}{{>date}}{{/again}}",
        ])
        XCTAssertThrowsError(try library.render("main", ["items": items, "again": true])) { error in
            XCTAssertEqual(
                error as? MustacheError,
                MustacheError(
                    template: "date", line: 1, column: 29,
                    message: "partial 'date' nested more than 100 levels deep; does it include itself without end?",
                    lineText: "<time>{{.}}</time>{{#again}}{{>date}}{{/again}}"))
        }
    }

    func testRecursivePartialsStopWithAClearError() throws {
        let library = try MustacheLibrary(templates: ["main": "{{>loop}}", "loop": "x\n{{>loop}}"])
        XCTAssertThrowsError(try library.render("main", [:])) { error in
            XCTAssertEqual(
                error as? MustacheError,
                MustacheError(
                    template: "loop", line: 2, column: 1,
                    message: "partial 'loop' nested more than 100 levels deep; does it include itself without end?",
                    lineText: "{{>loop}}"))
        }
    }

    func testRecursivePartialsOverData() throws {
        let tree: MustacheValue = ["name": "a", "kids": [["name": "b", "kids": [["name": "c", "kids": []]]]]]
        let output = try render("{{>node}}", tree, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"])
        XCTAssertEqual(output, "a(b(c()))")
    }

    func testStandalonePartialIndentsEveryLineButBlankOnes() throws {
        let partials = ["list": "<ul>\n\n  <li>{{a}}</li>\n</ul>\n", "outer": "<div>\n  {{>list}}\n</div>\n"]
        let output = try render("<body>\n  {{>outer}}\n</body>\n", ["a": "x\ny"], partials: partials)
        XCTAssertEqual(output, "<body>\n  <div>\n    <ul>\n\n      <li>x\ny</li>\n    </ul>\n  </div>\n</body>\n")
    }

    func testInlinePartialKeepsLaterLinesIndented() throws {
        let partials = ["p": "{{>q}}!", "q": "one\ntwo"]
        XCTAssertEqual(try render("  {{>p}}\n", partials: partials), "  one\n  two!")
        XCTAssertEqual(try render("<p>{{>q}}</p>", partials: partials), "<p>one\ntwo</p>")
    }

    func testLayoutWithBlocks() throws {
        let partials = [
            "layout":
                "<html>\n<head><title>{{$title}}Site{{/title}}</title></head>\n<body>\n  {{$content}}\n  {{/content}}\n</body>\n</html>\n"
        ]
        let page =
            "{{<layout}}\n{{$title}}{{page.title}} · Site{{/title}}\n{{$content}}\n<h1>{{page.title}}</h1>\n<p>Hi</p>\n{{/content}}\n{{/layout}}\n"
        let output = try render(page, ["page": ["title": "Home"]], partials: partials)
        XCTAssertEqual(
            output,
            """
            <html>
            <head><title>Home · Site</title></head>
            <body>
              <h1>Home</h1>
              <p>Hi</p>
            </body>
            </html>

            """)
    }

    func testBlockIndentation() throws {
        let parent = "<ul>\n  {{$items}}<li>a</li>\n  <li>b</li>{{/items}}\n</ul>\n"
        XCTAssertEqual(try render("{{<p}}{{/p}}", partials: ["p": parent]), "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        XCTAssertEqual(
            try render("{{<p}}{{$items}}\n<li>x</li>\n<li>y</li>{{/items}}{{/p}}", partials: ["p": parent]),
            "<ul>\n  <li>x</li>\n<li>y</li>\n</ul>\n")
        let indented = "<ul>\n  {{$items}}\n  <li>a</li>\n  {{/items}}\n</ul>\n"
        XCTAssertEqual(
            try render(
                "{{<p}}{{$items}}\n    <li>x</li>\n      <li>y</li>\n{{/items}}{{/p}}", partials: ["p": indented]),
            "<ul>\n  <li>x</li>\n    <li>y</li>\n</ul>\n")
    }

    func testBlocksReachPartialsOfTheParent() throws {
        let partials = ["layout": "[{{>head}}]", "head": "{{$title}}default{{/title}}"]
        XCTAssertEqual(try render("{{<layout}}{{$title}}mine{{/title}}{{/layout}}", partials: partials), "[mine]")
        XCTAssertEqual(try render("{{<layout}}{{/layout}}", partials: partials), "[default]")
    }

    func testParentsWorkAsComponentsInsidePassedBlocks() throws {
        let partials = [
            "layout": "<title>{{$title}}{{/title}}</title>{{$content}}{{/content}}",
            "card": "<h2>{{$title}}Card{{/title}}</h2>",
        ]
        let page =
            "{{<layout}}{{$title}}Page{{/title}}{{$content}}{{<card}}{{$title}}Mine{{/title}}{{/card}}{{<card}}{{/card}}{{/content}}{{/layout}}"
        XCTAssertEqual(try render(page, partials: partials), "<title>Page</title><h2>Mine</h2><h2>Card</h2>")
    }

    func testSetDelimitersDoNotLeakIntoPartials() throws {
        let output = try render("{{=<% %>=}}<% a %>|<%> p %>|{{a}}", ["a": "1"], partials: ["p": "{{a}}"])
        XCTAssertEqual(output, "1|1|{{a}}")
    }

    func testWindowsLineEndings() throws {
        let output = try render("a\r\n{{#s}}\r\n  b\r\n{{/s}}\r\nc", ["s": true])
        XCTAssertEqual(output, "a\r\n  b\r\nc")
    }

    func testTemplateNamesAreSorted() throws {
        let library = try MustacheLibrary(templates: ["b": "", "a/c": "", "a": ""])
        XCTAssertEqual(library.templateNames, ["a", "a/c", "b"])
    }

    func testUnknownTemplate() throws {
        let library = try MustacheLibrary(templates: [:])
        XCTAssertThrowsError(try library.render("nope", [:])) { error in
            let error = error as? MustacheError
            XCTAssertEqual(error?.message, "unknown template 'nope'")
            XCTAssertEqual(error?.description, "nope: error: unknown template 'nope'")
        }
    }

    func testRendersRepeatedlyFromOneParse() throws {
        let library = try MustacheLibrary(templates: ["page": "<h1>{{title}}</h1>"])
        for index in 0..<1_000 {
            XCTAssertEqual(try library.render("page", ["title": .string("P\(index)")]), "<h1>P\(index)</h1>")
        }
    }
}
