import Domain
import FixtureGenerator
import Foundation
import SiteData
import SiteRender
import TestSupport
import XCTest

@testable import SiteBuilder

/// The sites the whole-site checks (the Nu HTML checker, the browser) judge besides the sample
/// (issue 12): a site with no data (just site.toml), one goal and 2,000 Markdown pages.
enum TestSites {
    struct Built {
        var name: String
        var output: URL
    }

    /// The sample site in both languages (zh-hans/ and en/) under `work/sample-site`; nil (and a
    /// test failure) when it does not build. `served`: as `sandjar serve` serves it, with its forms,
    /// one of them sent back with a message, and the badges announced as just unlocked.
    /// - Parameter notice: every served page also says what a write did, with its Edit forms open
    ///   (for the HTML checker, which must see every piece serve adds; a person sees them one page
    ///   at a time).
    static func sampleInBothLanguages(
        in work: URL, served: Bool = false, notice: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws -> URL? {
        try build(
            served ? (notice ? "served-notice" : "served") : "sample", in: work,
            forms: served ? (notice ? SampleForms.withNotice : SampleForms.served) : nil, file: file, line: line
        ) { data in
            try TestSupport.overlay(TestSupport.sampleContent, onto: data)
            try TestSupport.setBothLanguages(in: data.appendingPathComponent("site.toml"))
        }
    }

    /// The three edge sites, built under `work`: those that did not build fail the test and are left out.
    static func edgeSites(in work: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [Built] {
        let sites = [
            ("no data", try build("empty", in: work, file: file, line: line) { _ in }),
            ("one goal", try build("one-goal", in: work, currency: "CNY", file: file, line: line, writeData: oneGoal)),
            (
                "2,000 pages",
                try build(
                    "pages", in: work, today: FixtureGenerator.lastDay, file: file, line: line,
                    writeData: twoThousandPages)
            ),
        ]
        return sites.compactMap { name, output in output.map { Built(name: name, output: $0) } }
    }

    /// Builds a data folder that `writeData` fills (after an English site.toml in `currency`) into
    /// `<name>-site`; nil (and a test failure) when the build fails.
    private static func build(
        _ name: String, in work: URL, currency: String = "USD", today: CalendarDate = CalendarDateFixture.sampleToday,
        forms: ServeForms? = nil, file: StaticString, line: UInt, writeData: (URL) throws -> Void
    ) throws -> URL? {
        let data = work.appendingPathComponent("\(name)-data")
        let output = work.appendingPathComponent("\(name)-site")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try "title = \"Jar of \(name)\"\nlanguage = \"en\"\ncurrency = \"\(currency)\"\ntimezone = \"UTC\"\n"
            .write(to: data.appendingPathComponent("site.toml"), atomically: true, encoding: .utf8)
        try writeData(data)
        var options = BuildOptions()
        options.data = data.path
        options.output = output.path
        options.today = today
        options.serve = forms
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(name): \(report.diagnostics)", file: file, line: line)
        return report.succeeded ? output : nil
    }

    /// The sample's milk-tea goal (in yuan) and nothing else.
    private static func oneGoal(_ data: URL) throws {
        let goals = data.appendingPathComponent("goals")
        try FileManager.default.createDirectory(at: goals, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.sampleContent.appendingPathComponent("goals/milk-tea.toml"),
            to: goals.appendingPathComponent("milk-tea.toml"))
    }

    /// The fixture generator's Markdown pages (scale 4: 2,000 of them) and nothing else.
    private static func twoThousandPages(_ data: URL) throws {
        for (path, text) in FixtureGenerator(scale: 4).files() where path.hasPrefix("pages/") {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
