import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteData

/// Bad input at scale (DESIGN.md §2 "Validation and limits", §7 "Bad input gets a clear error"):
/// a 50 MB file, 10,000-deep nesting and invalid UTF-8 in every kind of data file each end the
/// built `sandjar build` with exit 1 and one `path:line:column: error:` (or `path: error:` for
/// the size), and the published site stays as it was. How long each took is printed (measured,
/// not asserted: `make bench` is where speed is judged).
final class BadInputScaleTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// Every kind of data file: where it lives and how a line is put into it so that the line is
    /// line `line` of the file.
    private struct Kind {
        var file: String
        var line = 1
        var isPage: Bool { file.hasSuffix(".md") }

        /// The file's new bytes with `bad` as a line of TOML in it.
        func inserting(_ bad: [UInt8], into old: [UInt8]) -> [UInt8] {
            let newline = UInt8(ascii: "\n")
            if isPage { return Array("+++\n".utf8) + bad + [newline] + Array("+++\nHello.\n".utf8) }
            return bad + [newline] + old
        }
    }

    private static let kinds = [
        Kind(file: "site.toml"), Kind(file: "rates.toml"), Kind(file: "goals/bike.toml"),
        Kind(file: "subscriptions/main.toml"), Kind(file: "practice/2026-11.toml"), Kind(file: "breathing.toml"),
        Kind(file: "catalog.toml"), Kind(file: "quotes.toml"), Kind(file: "pages/hello.md", line: 2),
    ]

    /// The site every bad build points at, built once for the whole class.
    private struct Published: Sendable {
        let folder: URL
        let output: URL
        let cache: URL
        let site: [String: Data]

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-scale-\(UUID().uuidString)")
            output = folder.appendingPathComponent("public")
            cache = folder.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let base = TestSupport.fixtures.appendingPathComponent("base")
            let good = try SandjarProcess.run(
                BadInputScaleTests.arguments(data: base, output: output, cache: cache), logs: folder)
            guard good.status == 0 else { throw XCTSkip("the base fixture does not build: \(good.stderr)") }
            site = TestSupport.snapshot(output)
        }
    }

    private static let published = Result { try Published() }

    private var work: URL!
    private var published: Published!
    private var output: URL { published.output }
    private var cases = 0

    override func setUpWithError() throws {
        published = try BadInputScaleTests.published.get()
        work = TestSupport.temporaryFolder(self)
    }

    override class func tearDown() {
        if case .success(let published) = published { try? FileManager.default.removeItem(at: published.folder) }
        super.tearDown()
    }

    func testA50MBFileOfEveryKindIsRefusedWithoutReadingIt() throws {
        // One 50 MB file, linked into place for each kind.
        let big = work.appendingPathComponent("big")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        let chunk = Data(repeating: UInt8(ascii: "["), count: 1 << 20)
        for _ in 0..<50 { handle.write(chunk) }
        try handle.close()
        for kind in BadInputScaleTests.kinds {
            try check(kind.file, "is larger than 16 MiB (52428800 bytes)", line: nil) { url in
                try? FileManager.default.removeItem(at: url)
                try FileManager.default.linkItem(at: big, to: url)
            }
        }
    }

    func testNesting10000DeepInEveryKindIsRefusedAtLevel129() throws {
        let depth = 10_000
        let arrays = "deep = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let tables = "deep = " + String(repeating: "{a = ", count: depth) + "1" + String(repeating: "}", count: depth)
        let message = "nesting is deeper than the limit of 128 levels"
        for kind in BadInputScaleTests.kinds {
            // The 129th bracket: after `deep = ` and 128 opening ones.
            try check(kind, Array(arrays.utf8), message, column: 7 + 128 + 1)
            try check(kind, Array(tables.utf8), message, column: 7 + 128 * 5 + 1)
        }
        // Nesting by other roads: dotted keys, table headers, arrays of tables, arrays of inline tables.
        let keys = Array(repeating: "a", count: depth).joined(separator: ".")
        let goal = Kind(file: "goals/bike.toml")
        try check(goal, Array("\(keys) = 1".utf8), message, column: 128 * 2 + 1)
        try check(goal, Array("[\(keys)]".utf8), message, column: 1 + 128 * 2 + 1)
        try check(goal, Array("[[\(keys)]]".utf8), message, column: 2 + 128 * 2 + 1)
        let mixed =
            "x = " + String(repeating: "[{a = ", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2)
        try check(goal, Array(mixed.utf8), message, column: 4 + 64 * 6 + 1)
    }

    func testInvalidUTF8InEveryKindIsRefusedAtItsByte() throws {
        // `bad = "café ` then the bad bytes: column 13.
        // The rest of each file is UTF-8, so no other encoding is suggested.
        let prefix = Array("bad = \"caf\u{E9} ".utf8)
        let advice = ": save the file as UTF-8, the only encoding sandjar reads"
        for kind in BadInputScaleTests.kinds {
            try check(kind, prefix + [0xFF] + Array("\"".utf8), "invalid UTF-8 byte 0xFF" + advice, column: 13)
        }
        // Other ways to be invalid: a lone continuation byte, an overlong encoding, a surrogate,
        // a sequence cut short by the end of the line.
        let goal = Kind(file: "goals/bike.toml")
        let spoilers: [([UInt8], String)] = [
            ([0x80], "0x80"), ([0xC0, 0xAF], "0xC0"), ([0xED, 0xA0, 0x80], "0xED"), ([0xE2, 0x82], "0xE2"),
        ]
        for (bytes, first) in spoilers {
            try check(goal, prefix + bytes + Array("\"".utf8), "invalid UTF-8 byte \(first)" + advice, column: 13)
        }
    }

    /// Deep Markdown is not an error (only TOML nesting is bounded), but it must build, not crash.
    func testDeeplyNestedMarkdownBuildsWithoutCrashing() throws {
        let data = work.appendingPathComponent("markdown")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let body =
            String(repeating: ">", count: 10_000) + " deep\n\n" + String(repeating: "*", count: 10_000) + "x"
            + String(repeating: "*", count: 10_000) + "\n\n" + String(repeating: "[", count: 10_000) + "x"
            + String(repeating: "]", count: 10_000) + "(y)\n"
        try ("+++\ntitle = \"Deep\"\n+++\n" + body).write(
            to: data.appendingPathComponent("pages/deep.md"), atomically: true, encoding: .utf8)
        // Into a folder of its own: the shared published site stays as it is.
        let site = work.appendingPathComponent("public")
        let run = try SandjarProcess.run(
            BadInputScaleTests.arguments(data: data, output: site, cache: published.cache), logs: work)
        XCTAssertEqual(run.status, 0, run.stderr)
        print("deep Markdown page built in \(String(format: "%.2f", run.seconds)) s")
        XCTAssertNotNil(FileManager.default.contents(atPath: site.appendingPathComponent("pages/deep/index.html").path))
    }

    /// Windows line endings are text too: the front matter of a CRLF page is read, not shown.
    func testPageWithCRLFLineEndingsKeepsItsFrontMatter() throws {
        let data = work.appendingPathComponent("crlf")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let page = "+++\r\ntitle = \"Windows\"\r\ndate = 2026-11-02\r\n+++\r\nHello *CRLF*.\r\n"
        try page.write(to: data.appendingPathComponent("pages/win.md"), atomically: true, encoding: .utf8)
        let log = DiagnosticLog(strict: true)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        XCTAssertEqual(log.entries, [])
        let win = try XCTUnwrap(loaded?.pages.first { $0.slug == "win" })
        XCTAssertEqual(win.title, "Windows")
        XCTAssertEqual(win.date, CalendarDate(year: 2026, month: 11, day: 2))
        XCTAssertFalse(win.body.contains("+++"), win.body)
    }

    // MARK: - Helpers

    private static func arguments(data: URL, output: URL, cache: URL) -> [String] {
        [
            "build", data.path, "--out", output.path,
            "--cache", cache.path, "--today", "2026-11-29",
        ]
    }

    /// `bad` as line `kind.line` of the file, then the build must fail with `message` at that line
    /// and `column`.
    private func check(
        _ kind: Kind, _ bad: [UInt8], _ message: String, column: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try check(kind.file, message, line: (kind.line, column), file: file, testLine: line) { url in
            let old = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) } ?? []
            try Data(kind.inserting(bad, into: old)).write(to: url)
        }
    }

    /// A fresh copy of the base data folder, `spoil` applied to `relative` in it, one failed build.
    private func check(
        _ relative: String, _ message: String, line place: (Int, Int)?,
        file: StaticString = #filePath, testLine: UInt = #line, spoil: (URL) throws -> Void
    ) throws {
        cases += 1
        let data = work.appendingPathComponent("case-\(cases)")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        try spoil(data.appendingPathComponent(relative))
        let run = try SandjarProcess.run(
            BadInputScaleTests.arguments(data: data, output: output, cache: published.cache), logs: work, file: file,
            line: testLine)
        let at = place.map { ":\($0.0):\($0.1)" } ?? ""
        let expected = "\(data.path)/\(relative)\(at): error: \(message)"
        let label = "\(relative): \(message)"
        XCTAssertEqual(run.status, 1, "\(label): \(run.stderr)", file: file, line: testLine)
        XCTAssertEqual(run.errors, [expected], label, file: file, line: testLine)
        XCTAssertTrue(
            run.stderr.hasSuffix(
                "sandjar: build failed in step 'load data' with 1 error; the published site was not changed\n"),
            run.stderr,
            file: file, line: testLine)
        // The offending line is quoted around the column, not whole.
        XCTAssertLessThan(run.stderr.utf8.count, 2_000, "\(label): the message stays short", file: file, line: testLine)
        XCTAssertTrue(
            TestSupport.snapshot(output) == published.site, "\(label): the site changed", file: file, line: testLine)
        print("\(String(format: "%.3f", run.seconds)) s  \(relative)\(at): \(message)")
        try FileManager.default.removeItem(at: data)
    }
}
