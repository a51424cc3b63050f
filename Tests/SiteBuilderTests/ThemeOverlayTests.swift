import BuiltinFiles
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData
@testable import SitePublish

/// The theme is inside the binary; a theme folder overlays it file by file (DESIGN.md §6).
final class ThemeOverlayTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// The built-in theme is `templates/` byte for byte: the build plugin missed no file and
    /// changed none.
    func testTheBuiltInThemeIsTheTemplatesFolder() throws {
        let onDisk = TestSupport.snapshot(TestSupport.templates).filter {
            !$0.key.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        XCTAssertEqual(Set(BuiltinFiles.theme.keys), Set(onDisk.keys))
        for (path, data) in onDisk {
            XCTAssertEqual(BuiltinFiles.theme[path], [UInt8](data), path)
        }
        XCTAssertGreaterThan(BuiltinFiles.theme.count, 20)
    }

    private func build(theme: String?, data: URL, file: StaticString = #filePath, line: UInt = #line) -> (
        BuildReport, SiteFiles?
    ) {
        var options = BuildOptions()
        options.data = data.path
        options.theme = theme
        options.today = CalendarDateFixture.sampleToday
        return SiteBuild(options: options).check()
    }

    private func data(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let data = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("data")
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("base"), to: data)
        return data
    }

    func testAFileInTheThemeFolderReplacesTheBuiltInOneAndAddsAssets() throws {
        let data = try data()
        let theme = data.deletingLastPathComponent().appendingPathComponent("mytheme")
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("static"), withIntermediateDirectories: true)
        let nav = String(decoding: try Theme.builtIn.read("partials/nav.mustache").get().bytes, as: UTF8.self)
        try ("<!-- my nav -->" + nav).write(
            to: theme.appendingPathComponent("partials/nav.mustache"), atomically: true, encoding: .utf8)
        try "hello".write(to: theme.appendingPathComponent("static/hello.txt"), atomically: true, encoding: .utf8)

        let (plain, plainSite) = build(theme: nil, data: data)
        XCTAssertTrue(plain.succeeded, "\(plain.diagnostics)")
        let (report, site) = build(theme: theme.path, data: data)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        let index = try XCTUnwrap(site?.text("index.html"))
        XCTAssertTrue(index.contains("<!-- my nav -->"))
        XCTAssertEqual(site?.text("hello.txt"), "hello")
        XCTAssertEqual(
            site?.text("style.css"), plainSite?.text("style.css"), "files not in the overlay are the built-in ones")
        XCTAssertFalse(try XCTUnwrap(plainSite?.text("index.html")).contains("<!-- my nav -->"))
    }

    /// `theme = "DIR"` in site.toml, relative to the data folder; `--theme` wins over it.
    func testSiteTOMLNamesATheme() throws {
        let data = try data()
        let theme = data.appendingPathComponent("look")
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("partials"), withIntermediateDirectories: true)
        let nav = String(decoding: try Theme.builtIn.read("partials/nav.mustache").get().bytes, as: UTF8.self)
        try ("<!-- look -->" + nav).write(
            to: theme.appendingPathComponent("partials/nav.mustache"), atomically: true, encoding: .utf8)
        let site = data.appendingPathComponent("site.toml")
        try (try String(contentsOf: site, encoding: .utf8) + "theme = \"look\"\n").write(
            to: site, atomically: true, encoding: .utf8)
        let (report, files) = build(theme: nil, data: data)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        XCTAssertTrue(try XCTUnwrap(files?.text("index.html")).contains("<!-- look -->"))
        let empty = TestSupport.temporaryFolder(self)
        let (overridden, plain) = build(theme: empty.path, data: data)
        XCTAssertTrue(overridden.succeeded)
        XCTAssertFalse(try XCTUnwrap(plain?.text("index.html")).contains("<!-- look -->"))
    }

    func testAMissingThemeFolderIsAnErrorNotAFallback() throws {
        let data = try data()
        let missing = data.deletingLastPathComponent().appendingPathComponent("no-such-theme").path
        let (report, site) = build(theme: missing, data: data)
        XCTAssertNil(site)
        XCTAssertEqual(report.failedStep, "load theme")
        XCTAssertEqual(
            report.diagnostics.map(\.headline),
            [
                "\(missing): error: theme folder not found (a theme folder overlays the built-in theme; "
                    + "'sandjar theme export DIR' writes the built-in one out to start from)"
            ])
    }

    /// A mistake in an overlay file points at that file, not at the built-in theme.
    func testFindingsNameTheOverlayFile() throws {
        let data = try data()
        let theme = data.deletingLastPathComponent().appendingPathComponent("broken")
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try "{{#x}}".write(to: theme.appendingPathComponent("pages/page.mustache"), atomically: true, encoding: .utf8)
        let (report, _) = build(theme: theme.path, data: data)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.count, 1)
        XCTAssertTrue(
            report.diagnostics[0].headline.hasPrefix(theme.path + "/pages/page.mustache:1:"),
            report.diagnostics[0].headline)
    }

    /// The templates, the catalogue and the string tables are read at once, but a theme wrong
    /// in all three reports them in that order, every time.
    func testFindingsOfEveryPartComeInOrder() throws {
        let data = try data()
        let theme = data.deletingLastPathComponent().appendingPathComponent("broken")
        for folder in ["pages", "i18n"] {
            try FileManager.default.createDirectory(
                at: theme.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "{{#x}}".write(to: theme.appendingPathComponent("pages/page.mustache"), atomically: true, encoding: .utf8)
        try "[[service]]\nid = \"x\"\n".write(
            to: theme.appendingPathComponent("catalog.toml"), atomically: true, encoding: .utf8)
        try "title = \"only this\"\n".write(
            to: theme.appendingPathComponent("i18n/en.toml"), atomically: true, encoding: .utf8)
        var first: [String]?
        for _ in 0..<5 {
            let (report, _) = build(theme: theme.path, data: data)
            let files = report.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent }
            XCTAssertEqual(files.first, "page.mustache")
            let catalog = try XCTUnwrap(files.firstIndex(of: "catalog.toml"), "\(files)")
            let strings = try XCTUnwrap(files.firstIndex(of: "en.toml"), "\(files)")
            XCTAssertLessThan(catalog, strings)
            if let first { XCTAssertEqual(report.diagnostics.map(\.headline), first) }
            first = first ?? report.diagnostics.map(\.headline)
        }
    }
}
