import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteData

/// Loading the data folder into typed models: exact decimals, positions, warnings.
final class LoaderTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func load(
        _ files: [String: String], strict: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (LoadedData?, [Diagnostic], URL) {
        let data = TestSupport.temporaryFolder(self, file: file, line: line)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let log = DiagnosticLog(strict: strict)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        return (loaded, log.entries, data)
    }

    /// Files are read on every core at once, but the findings come in the order a reader meets
    /// them: by kind (goals before pages), then by file name.
    func testFindingsComeInFileOrderWhateverCoreReadThem() throws {
        var files: [String: String] = [:]
        for index in 0..<40 {
            let name = "p\(index < 10 ? "0" : "")\(index)"
            files["pages/\(name).md"] = index % 3 == 0 ? "+++\ntitle = \"never closed\"\n" : "+++\nlink = 1\n+++\nbody"
        }
        files["goals/zz.toml"] = "name = \"Z\"\ntarget = 10\ncolour = \"red\"\n"
        let (_, diagnostics, _) = try load(files)
        let paths = diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        XCTAssertEqual(paths.first, "zz.toml", "the goal's finding before the pages'")
        let pages = paths.filter { $0.hasPrefix("p") }
        XCTAssertEqual(pages.count, 40)
        XCTAssertEqual(pages, pages.sorted())
        for diagnostic in diagnostics where diagnostic.path.hasSuffix(".md") {
            let index = Int(
                URL(fileURLWithPath: diagnostic.path).deletingPathExtension().lastPathComponent.dropFirst())!
            XCTAssertEqual(diagnostic.message.contains("never closed"), index % 3 == 0, diagnostic.headline)
        }
    }

    func testBaseFixtureLoadsIntoTypedModels() throws {
        let (loaded, diagnostics, _) = try load([:])
        XCTAssertEqual(diagnostics, [])
        let data = try XCTUnwrap(loaded).data
        XCTAssertEqual(data.site.currency.code, "USD", "inferred from locale en-US")
        let bike = try XCTUnwrap(data.goals.first)
        XCTAssertEqual(bike.deposits.map(\.amount), [50, Decimal(string: "60.25")!])
        XCTAssertEqual(bike.deposits[0].at.description, "2026-09-01T08:00:00-04:00")
        XCTAssertEqual(bike.deposits[1].at.secondOfDay, nil)
        XCTAssertEqual(GoalTotals(goal: bike).saved, Decimal(string: "110.25")!)
        XCTAssertEqual(data.patterns.map(\.id), ["4-7-8", "box", "equal", "coherent", "sigh", "rounds", "calm"])
        XCTAssertEqual(data.programs.map(\.id), ["calm-start", "short"])
        XCTAssertEqual(data.sessions.count, 2)
        XCTAssertEqual(data.sessions[1].length, .minutes(3))
        XCTAssertEqual(data.rates.rate(for: Currency(code: "EUR")!), Decimal(string: "1.08")!)
        XCTAssertEqual(try XCTUnwrap(loaded).pages.map(\.title), ["Hello"])
    }

    func testAmountsAreExactDecimals() throws {
        var deposits = ""
        for _ in 0..<10 { deposits += "[[deposit]]\nat = 2026-10-01\namount = 0.1\n" }
        let (loaded, _, _) = try load(["goals/dimes.toml": "name = \"Dimes\"\nmode = \"wish\"\ntarget = 1\n" + deposits]
        )
        let dimes = try XCTUnwrap(loaded?.data.goals.first { $0.id == "dimes" })
        let totals = GoalTotals(goal: dimes)
        XCTAssertEqual(totals.saved, 1, "ten deposits of 0.1 make exactly 1")
        XCTAssertEqual(totals.reachedOn, CalendarDate(year: 2026, month: 10, day: 1))
    }

    func testUnknownKeyIsAWarningWithASuggestionAndAnErrorWhenStrict() throws {
        let text = "name = \"Car\"\nmode = \"wish\"\ntarget = 10\ntargte = 5\n"
        let (loaded, diagnostics, data) = try load(["goals/car.toml": text])
        XCTAssertNotNil(loaded, "warnings do not stop the build")
        XCTAssertEqual(
            diagnostics.map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") },
            ["goals/car.toml:4:1: warning: unknown key 'targte'; did you mean 'target'?"])
        let (strictLoaded, strictDiagnostics, _) = try load(["goals/car.toml": text], strict: true)
        XCTAssertNil(strictLoaded)
        XCTAssertEqual(strictDiagnostics.map(\.severity), [.error])
    }

    func testEveryProblemIsReportedInOneRun() throws {
        let text = """
            name = "Car"
            mode = "wish"
            target = 0

            [[deposit]]
            at = 2026-10-01
            amount = -1

            [[deposit]]
            at = "yesterday"
            amount = 5
            """
        let (_, diagnostics, data) = try load(["goals/car.toml": text])
        XCTAssertEqual(
            diagnostics.map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") },
            [
                "goals/car.toml:3:10: error: target must be > 0",
                "goals/car.toml:7:10: error: deposit[1].amount must be > 0",
                "goals/car.toml:10:6: error: deposit[2].at must be a date or date-time like 2026-08-01T21:14:00+08:00",
            ])
        XCTAssertEqual(
            diagnostics[1].description,
            """
            \(data.path)/goals/car.toml:7:10: error: deposit[1].amount must be > 0
              amount = -1
                       ^
            """)
    }

    func testFrontMatterErrorsPointAtTheLineInThePage() throws {
        let (_, diagnostics, data) = try load(["pages/hello.md": "+++\ntitle = \"Hi\"\ndate = \"soon\"\n+++\nBody\n"])
        XCTAssertEqual(
            diagnostics.map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") },
            ["pages/hello.md:3:8: error: date must be a date like 2026-08-01"])
    }

    func testDefaultCurrencyByLocale() {
        let cases = [
            "zh-Hans-CN": "CNY", "en-US": "USD", "en-GB": "GBP", "ja-JP": "JPY", "ko-KR": "KRW",
            "zh-Hant-TW": "TWD", "zh-Hant-HK": "HKD", "de-DE": "EUR", "fr_FR": "EUR",
        ]
        for (locale, code) in cases {
            XCTAssertEqual(SiteSettings.defaultCurrency(forLocale: locale)?.code, code, locale)
        }
        XCTAssertNil(SiteSettings.defaultCurrency(forLocale: "en"))
    }

    func testCustomQuotesReplaceTheThemesAndWarnBelow366() throws {
        let quotes = "[en]\nsubjects = [\"A\", \"B\"]\npredicates = [\" x.\", \" y.\", \" z.\"]\n"
        let (loaded, diagnostics, data) = try load(["quotes.toml": quotes])
        XCTAssertEqual(
            diagnostics.map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") },
            [
                "quotes.toml:1:1: warning: en has 2 subjects × 3 predicates = 6 quotes, fewer than 366: some repeat within a year"
            ])
        let lists = try XCTUnwrap(loaded?.data.quotes[.en])
        XCTAssertEqual(lists.quote(dayOfYear: 2)?.text, "B y.")
        XCTAssertNil(loaded?.data.quotes[.zhHans])
    }

    func testTotalSavedConvertsEveryGoalIntoTheSiteCurrency() throws {
        let euro =
            "name = \"Trip\"\nmode = \"wish\"\ncurrency = \"EUR\"\ntarget = 100\n\n[[deposit]]\nat = 2026-10-02\namount = 10.50\n"
        let (loaded, _, _) = try load(["goals/trip.toml": euro])
        let report = SavingsReport(
            data: try XCTUnwrap(loaded).data, today: CalendarDate(year: 2026, month: 11, day: 29)!)
        // 110.25 USD (bike) + 10.50 EUR × 1.08 = 110.25 + 11.34
        XCTAssertEqual(report.totalSaved, Decimal(string: "121.59")!)
    }
}
