import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Text from the data folder lands in HTML, SVG, Atom, iCalendar and JSON; none of it may ever
/// become markup or script in the published site.
final class HostileInputTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let evil = "<script>alert(1)</script>\\\"' onmouseover=alert(2) x=\\\"&amp;"

    func testScriptInEveryTextFieldStaysText() throws {
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let e = HostileInputTests.evil
        let files: [String: String] = [
            "site.toml":
                "title = \"\(e)\"\nlanguage = \"en\"\ncurrency = \"USD\"\nbase_url = \"https://example.org/x/\"\n",
            "goals/evil.toml": """
            name = "\(e)"
            mode = "wish"
            target = 100
            icon = "\(e)"
            note = "[click](javascript:alert(3)) <img src=x onerror=alert(4)> \(e)"

            [plan]
            amount = 10
            frequency = "weekly"
            start = 2026-10-01

            [[deposit]]
            at = 2026-10-02T23:00:00
            amount = 150
            note = "\(e)"
            """,
            "subscriptions/evil.toml": """
            [[subscription]]
            name = "\(e)"
            catalog = false
            price = 5
            category = "\(e)"
            trial = true
            next_billing = 2026-11-30
            note = "\(e)"
            killed = 2026-11-01
            started = 2026-01-01

            [[subscription]]
            name = "\(e) 2"
            catalog = false
            price = 5
            trial = true
            next_billing = 2026-11-30
            """,
            "breathing.toml": """
            [[pattern]]
            id = "calm"
            name = "\(e)"
            inhale = 4
            exhale = 6

            [[program]]
            id = "short"
            name = "\(e)"
            days = [{ pattern = "calm", cycles = 3 }]

            [[enrollment]]
            program = "short"
            start = 2026-11-01
            """,
            "quotes.toml": "[en]\nsubjects = [\"\(e)\"]\npredicates = [\" \(e)\"]\n",
            "pages/evil.md": "+++\ntitle = \"\(e)\"\n+++\n<script>alert(5)</script>\n\n[x](javascript:alert(6)) \(e)\n",
        ]
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        let site = TestSupport.snapshot(work.appendingPathComponent("public"))
        XCTAssertGreaterThan(site.count, 20)
        var checked = 0
        // calendar.ics is plain text for calendar apps (RFC 5545 TEXT, escaped there), never a page.
        for (path, bytes) in site where !path.hasSuffix(".ics") {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            // The theme's own scripts (a goal's replay, serve's pacer, the pacer's own file, exactly
            // where the theme puts it) are the only ones; no text from the data becomes one.
            let scripts = text.components(separatedBy: "<script").dropFirst()
            let depth = path.split(separator: "/").count - 1
            let pacer = " src=\"" + String(repeating: "../", count: depth) + "pacer.js\"></script>"
            XCTAssertTrue(
                scripts.allSatisfy { $0.hasPrefix(">\n(function () {") || $0.hasPrefix(pacer) },
                "\(path) carries a <script> element")
            XCTAssertFalse(text.contains("javascript:alert"), "\(path) carries a javascript: URL")
            XCTAssertFalse(text.contains("onerror=alert"), "\(path) carries an event handler")
            XCTAssertFalse(text.contains("\" onmouseover"), "\(path) let a quote close an attribute")
            checked += 1
        }
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: site["data.json"]!))
        let feed = String(decoding: site["feed.xml"]!, as: UTF8.self)
        XCTAssertTrue(feed.contains("&lt;script&gt;"), "the feed keeps the text, escaped")
        let calendar = String(decoding: site["subscriptions/calendar.ics"]!, as: UTF8.self)
        XCTAssertTrue(
            calendar.contains(#"SUMMARY:<script>alert(1)</script>"' onmouseover=alert(2) x="&amp\; 2"#), calendar)
        print("hostile input: \(checked) published files checked")
    }

    /// The control characters a TOML escape puts in a string, as the escapes are written in the
    /// file: C0 (NUL, BEL, ESC, form feed), DEL, a C1 control (NEL) and a carriage return alone.
    static let controls = #"\u0000 \u0007 \u007F \u001B \u0085 \u000C \r"#
    /// The same characters as the text holds them once read.
    static let controlText = "\u{0} \u{7} \u{7F} \u{1B} \u{85} \u{C} \r"
    /// What pages, SVG, Atom and iCalendar show for them (ControlCharacters.cleaned): a
    /// replacement character each, the carriage return a line break.
    static let shownText = "\u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \n"

    /// Every text field holds control characters written as TOML escapes (and the Markdown body
    /// holds them as they are): no published file carries one raw, the pages show a replacement
    /// character for each and pass the Nu checker, the feed and the SVG files are XML, the
    /// calendars parse, and the JSON files give the exact text back from their escapes.
    func testControlCharactersInEveryTextFieldNeverReachAFileRaw() throws {
        let output = try buildSiteWithControlCharacters()
        let site = TestSupport.snapshot(output)
        XCTAssertGreaterThan(site.count, 20)

        let scanned = site.filter { !$0.key.hasSuffix(".png") }
        let raw = scanned.keys.sorted().compactMap { path in rawControl(in: scanned[path]!).map { "\(path): \($0)" } }
        XCTAssertEqual(raw, [], "\(raw.count) files carry a control character raw")
        XCTAssertGreaterThan(scanned.count, 400, "the quote pages alone are 366")
        print("control characters: \(scanned.count) published files scanned")

        // Pages, SVG, Atom: one replacement character for each, a line break for the return.
        let shown = Self.shownText
        let goalPage = try text(site, "goals/noisy/index.html")
        for field in ["Goal", "Deposit", "Pause"] {
            XCTAssertTrue(goalPage.contains("\(field) \(shown) end"), "\(field) on the goal page")
        }
        let page = try text(site, "pages/noisy/index.html")
        XCTAssertTrue(page.contains("Page \(shown) end"), "the front matter's title:\n\(page)")
        // Markdown is CommonMark's to lay out: the carriage return ends a line there and the form
        // feed is white space at its end. The five controls before them are each U+FFFD.
        let five = "\u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}"
        XCTAssertTrue(goalPage.contains("<p>Note \(five)"), "the goal's Markdown note")
        for field in ["<p>Body", "<pre><code>code", "<code>inline"] {
            XCTAssertTrue(page.contains("\(field) \(five)"), "\(field) on the Markdown page:\n\(page)")
        }
        XCTAssertTrue(try text(site, "index.html").contains("Quote \(shown) end"))
        XCTAssertTrue(try text(site, "subscriptions/index.html").contains("Category \(shown) end"))
        let feed = try text(site, "feed.xml")
        XCTAssertTrue(feed.contains("<title>Site \(shown) end</title>"), feed)
        XCTAssertTrue(feed.contains("Slain \(shown) end"), feed)
        for (path, bytes) in site where path.hasSuffix(".xml") || path.hasSuffix(".svg") {
            let parser = XMLParser(data: bytes)
            XCTAssertTrue(parser.parse(), "\(path) is not XML: \(String(describing: parser.parserError))")
        }

        // JSON: the exact text, through its escapes.
        let exact = Self.controlText
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: site["data.json"]!) as? [String: Any])
        XCTAssertEqual((json["site"] as? [String: Any])?["title"] as? String, "Site \(exact) end")
        let goals = (json["savings"] as? [String: Any])?["goals"] as? [[String: Any]] ?? []
        XCTAssertTrue(goals.contains { $0["name"] as? String == "Goal \(exact) end" }, "\(goals)")
        let items = (json["subscriptions"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        XCTAssertTrue(items.contains { $0["name"] as? String == "Music \(exact) end" }, "\(items)")
        XCTAssertTrue(
            ((json["quote"] as? [String: Any])?["text"] as? String)?.contains("Quote \(exact)") == true, "\(json)")
        let widget = try XCTUnwrap(JSONSerialization.jsonObject(with: site["widget.json"]!) as? [String: Any])
        XCTAssertEqual(widget["title"] as? String, "Site \(exact) end")
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: site["manifest.webmanifest"]!) as? [String: Any])
        XCTAssertEqual(manifest["name"] as? String, "Site \(exact) end")

        try assertCalendarsParse(
            output, showing: ["Music \(shown) end", "Subscription \(shown) end", "Goal \(shown) end"])

        let checker = try HTMLValidityTests.checkerCommand()
        let failures = try HTMLValidityTests.checkerErrors(in: [output], checker: checker, test: self)
        print("control characters: \(site.keys.filter { $0.hasSuffix(".html") }.count) pages through the Nu checker")
        XCTAssertTrue(
            failures.isEmpty, "\(failures.count) Nu HTML checker errors:\n\(failures.joined(separator: "\n"))")
    }

    /// The base fixture with control characters written as TOML escapes in every text field (and
    /// raw in a Markdown body), built to disk for today: the published folder.
    private func buildSiteWithControlCharacters(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let c = Self.controls
        let files: [String: String] = [
            "site.toml": """
            title = "Site \(c) end"
            language = "en"
            currency = "USD"
            base_url = "https://example.org/x/"
            """,
            "goals/noisy.toml": """
            name = "Goal \(c) end"
            mode = "wish"
            target = 1000
            icon = "🎧\\u0007"
            note = "Note \(c) end"

            [plan]
            amount = 10
            frequency = "weekly"
            start = 2026-10-01

            [[pause]]
            from = 2026-11-20
            to = 2026-12-10
            note = "Pause \(c) end"

            [[deposit]]
            at = 2026-10-02T23:00:00
            amount = 150
            note = "Deposit \(c) end"
            """,
            "subscriptions/noisy.toml": """
            [[subscription]]
            name = "Music \(c) end"
            catalog = false
            price = 5
            category = "Category \(c) end"
            trial = true
            next_billing = 2026-12-10
            note = "Subscription \(c) end"

            [[subscription]]
            name = "Slain \(c) end"
            catalog = false
            price = 5
            started = 2026-01-01
            killed = 2026-11-01
            """,
            "breathing.toml": """
            [[pattern]]
            id = "calm"
            name = "Pattern \(c) end"
            inhale = 4
            exhale = 6

            [[program]]
            id = "short"
            name = "Program \(c) end"
            days = [{ pattern = "calm", cycles = 3 }]

            [[enrollment]]
            program = "short"
            start = 2026-11-01
            """,
            "quotes.toml": "[en]\nsubjects = [\"Quote \(c)\"]\npredicates = [\" end\"]\n",
            "pages/noisy.md": "+++\ntitle = \"Page \(c) end\"\n+++\nBody \(Self.controlText) end\n\n"
                + "    code \(Self.controlText) end\n\n`inline \(Self.controlText) end`\n",
        ]
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return work.appendingPathComponent("public")
    }

    private func text(_ site: [String: Data], _ path: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> String
    {
        String(decoding: try XCTUnwrap(site[path], "no \(path)", file: file, line: line), as: UTF8.self)
    }

    /// The first control character in a file, as a byte and the text around it, or nil: no C0
    /// control but tab, line feed and the carriage return of a CRLF (iCalendar's line end; no
    /// other file writes one), no DEL, no C1 control (C2 80–C2 9F in UTF-8).
    private func rawControl(in data: Data) -> String? {
        let bytes = [UInt8](data)
        for (offset, byte) in bytes.enumerated() {
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : nil
            let raw: Bool
            switch byte {
            case 0x09, 0x0A: raw = false
            case 0x0D: raw = next != 0x0A
            case 0x00..<0x20, 0x7F: raw = true
            case 0xC2: raw = next.map { (0x80...0x9F).contains($0) } ?? false
            default: raw = false
            }
            if raw {
                let window = bytes[max(0, offset - 30)..<min(bytes.count, offset + 30)]
                return "0x\(String(byte, radix: 16)) at byte \(offset) in "
                    + String(decoding: window, as: UTF8.self).debugDescription
            }
        }
        return nil
    }

    /// Both calendars read back by Python's `icalendar` (as DeadlinesCalendarTests reads them),
    /// every text value among them holding each of `texts`.
    private func assertCalendarsParse(
        _ output: URL, showing texts: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let script = """
            import json, sys
            try:
                from icalendar import Calendar
            except ImportError as error:
                print("skipped: " + str(error)); sys.exit(77)
            values = []
            for path in sys.argv[1:]:
                cal = Calendar.from_ical(open(path, 'rb').read())
                values.append(str(cal.get('X-WR-CALNAME')))
                for component in cal.walk():
                    for key in ('SUMMARY', 'DESCRIPTION'):
                        if key in component: values.append(str(component[key]))
                    if 'CATEGORIES' in component:
                        values += [str(c) for c in component['CATEGORIES'].cats]
            print(json.dumps(values))
            """
        let calendars = ["calendar.ics", "subscriptions/calendar.ics"].map { output.appendingPathComponent($0).path }
        let logs = TestSupport.temporaryFolder(self, file: file, line: line)
        let run = try SandjarProcess(command: ["/usr/bin/env", "python3", "-c", script] + calendars, logs: logs)
            .wait(timeout: 120, file: file, line: line)
        if run.status == 77 || run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have icalendar (make test-deps): \(run.stdout)", file: file, line: line)
            }
            throw XCTSkip(run.stdout)
        }
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        let values = try JSONDecoder().decode([String].self, from: Data(run.stdout.utf8))
        // X-WR-CALNAME is no TEXT property to icalendar, which leaves its `\n` as written.
        let name = "Site " + Self.shownText.replacingOccurrences(of: "\n", with: #"\n"#) + " end"
        XCTAssertTrue(
            values.contains { $0.hasPrefix(name) }, "no \(name.debugDescription) in \(values)", file: file, line: line)
        for text in texts {
            XCTAssertTrue(
                values.contains { $0.contains(text) }, "no \(text.debugDescription) in \(values)", file: file,
                line: line)
        }
    }
}
