import Domain
import FixtureGenerator
import Foundation
import SiteRender
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
            forms: served ? (notice ? servedWithNotice : servedForms) : nil, file: file, line: line
        ) { data in
            try TestSupport.overlay(TestSupport.sampleContent, onto: data)
            try TestSupport.setBothLanguages(in: data.appendingPathComponent("site.toml"))
        }
    }

    /// The forms of a served site, the deposit on the headphones' page sent back refused.
    static let servedForms = ServeForms(
        token: String(repeating: "0", count: 32),
        pending: PendingForm(
            kind: .deposit, target: "sony-headphones", values: ["amount": "12,5", "note": "<b>tip</b>", "at": ""],
            message: "invalid amount '12,5': use a point for the decimals: 12.5"))

    /// The same, every page also saying what a write did (a deposit, with a warning, a badge and
    /// Undo), and the Edit of an entry open where the page lists it: a form sent back whose
    /// target is that entry's fingerprint opens it on every page that shows the entry.
    static let servedWithNotice: ServeForms = {
        var forms = servedForms
        // A slay sent back on a subscription's row: its Slay and Change price forms are open.
        forms.pending = PendingForm(
            kind: .slay, target: "netflix", values: ["on": "2028-01-01"],
            message: "2028-01-01 is more than a year ahead; a cancellation takes effect within a year")
        forms.notice = ServeNotice(
            kind: "deposit", values: ["goal": "sony-headphones", "amount": "50"], undoID: 7,
            warnings: ["2026-12-24 is after today (2026-11-29): it is written, and counts from that day."],
            unlocked: ["first_coin"])
        forms.editing = editedDeposit
        return forms
    }()

    /// The fingerprint of the sample headphones goal's second deposit (a plain date, a note with an
    /// ampersand), opened for editing.
    static let editedDeposit = EntryFingerprint.of(
        Deposit(at: EventTime(date: CalendarDate(iso: "2026-08-15")!), amount: 120, note: "闲鱼卖掉旧耳机 & 充电盒"))

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
