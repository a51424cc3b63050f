import Domain
import Foundation
import SiteData
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar import wallos` (DESIGN.md §3, §6), in-process, on a temporary copy of
/// `Tests/Fixtures/base` (a USD site with a EUR rate, Music already tracked) and the hand-written
/// exports of `Tests/Fixtures/wallos`: `current.json` (pretty-printed, PHP's escapes `\/` and
/// `\u20ac`) and `old.json` (one line, as older Wallos writes it: no Payment Cycle, Renewal or
/// Active, and `Categpry`).
final class ImportWallosTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    /// 2026-11-30T02:14:05Z: still Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845)
    private let exports = SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/wallos")

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-wallos-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["import", "wallos"] + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func export(_ name: String) -> String { exports.appendingPathComponent(name).path }

    private func temporaryExport(_ text: String) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wallos-\(UUID().uuidString).json")
        XCTAssertNoThrow(try Data(text.utf8).write(to: url))
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Every file of the data folder, to show that a preview or a refusal changed nothing.
    private func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: data.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path)
        }
        return files
    }

    /// The subscriptions of a TOML text, each key → its value as text.
    private func tables(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [[String: String]] {
        do {
            let table = try TOMLParser.parse(text)
            return (table["subscription"]?.arrayValue ?? []).compactMap(\.tableValue).map { entry in
                var values: [String: String] = [:]
                for key in entry.keys {
                    let value = entry[key]!
                    values[key] =
                        value.stringValue ?? value.numberLiteral ?? value.dateTimeValue?.description
                        ?? value.boolValue.map { String($0) } ?? (value.arrayValue.map { "\($0.count) items" } ?? "?")
                }
                return values
            }
        } catch {
            XCTFail("not TOML: \(error)\n\(text)", file: file, line: line)
            return []
        }
    }

    func testThePreviewPrintsTheFileAndWritesNothing() throws {
        let before = snapshot()
        let (status, out) = run([export("current.json"), "--currency", "USD"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(snapshot(), before, "a preview writes nothing")
        XCTAssertEqual(
            out.err,
            "sandjar: would write 7 subscriptions (1 slain) to \(data.path)/subscriptions/wallos.toml; run again with "
                + "--write to write it\n")
        let found = tables(out.out)
        XCTAssertEqual(
            found.map { $0["name"] },
            [
                "Netflix", "Spotify", "Adobe Creative Cloud", "Urban Gym", "Hulu", "Domain example.org",
                "Café \"Bonjour\" Club",
            ])
        // Matched with the catalogue; the price as Wallos wrote it, its currency from the symbol or --currency.
        XCTAssertEqual(found[0]["catalog"], "netflix")
        XCTAssertEqual(found[0]["price"], "15.49")
        XCTAssertEqual(found[0]["currency"], "USD")
        XCTAssertEqual(found[1]["currency"], "EUR", "€ is EUR for certain")
        XCTAssertEqual(found[5]["price"], "12")
        // Cycles mapped: Monthly, Yearly, Every 3 Months, Every 12 Months, Weekly.
        XCTAssertEqual(
            found.map { $0["cycle"] }, ["monthly", "monthly", "yearly", "quarterly", "monthly", "yearly", "weekly"])
        XCTAssertEqual(found.map { $0["next_billing"] }[3], "2026-12-31")
        // Wallos's default categories that are the catalogue's; one of its own kept; "No category" none.
        XCTAssertEqual(found[1]["category"], "music")
        XCTAssertEqual(found[3]["category"], "health")
        XCTAssertEqual(found[6]["category"], "Food & Beverages")
        XCTAssertNil(found[0]["category"], "Entertainment is not a catalogue category: Netflix's (streaming) stands")
        XCTAssertNil(found[5]["category"])
        // The inactive one is slain on its cancellation date; an active one's date ahead is a contract's end.
        XCTAssertEqual(found[4]["killed"], "2026-08-15")
        XCTAssertEqual(found[3]["ends"], "2027-03-31")
        XCTAssertEqual(found[3]["auto_renew"], "false", "Wallos renews it by hand")
        XCTAssertEqual(found[4]["remind"], "0 items", "notifications off")
        XCTAssertEqual(found[0]["note"], "Family plan; the kids' profiles too")
        XCTAssertEqual(found[6]["note"], "Croissant Friday 🥐", "a surrogate pair read as one emoji")
        XCTAssertEqual(found[3]["unsubscribe"], "https://urbangym.example/members", "\\/ read as /")
        XCTAssertNil(found[0]["unsubscribe"], "the catalogue's cancel page is better than Wallos's home page")
        // Commented as init comments its files.
        XCTAssertTrue(
            out.out.hasPrefix(
                """
                # Subscriptions imported from Wallos (current.json) on 2026-11-29 by `sandjar import wallos`.
                # One [[subscription]] block each: move them into other files under subscriptions/ as you like.

                """), out.out)
        XCTAssertTrue(
            out.out.contains(
                """
                # Wallos: Entertainment · paid by Alex · Visa
                [[subscription]]
                name = "Netflix"
                catalog = "netflix"             # matched in the catalogue
                price = 15.49                   # per cycle; Wallos had $15.49
                currency = "USD"                # as --currency says
                cycle = "monthly"               # Wallos: Monthly
                next_billing = 2026-12-02       # Wallos's next payment

                """), out.out)
        XCTAssertTrue(out.out.contains("killed = 2026-08-15             # inactive in Wallos, cancelled this day\n"))
    }

    func testWriteThenCheckThenImportAgainAddsNothing() throws {
        let (status, out) = run([export("current.json"), "--currency", "USD", "--write"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "imported 7 subscriptions (1 slain) into \(data.path)/subscriptions/wallos.toml\n")
        let written = try String(contentsOf: data.appendingPathComponent("subscriptions/wallos.toml"), encoding: .utf8)
        XCTAssertEqual(tables(written).count, 7)
        // The data folder builds clean with it.
        let checked = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(
                arguments: ["check", data.path, "--today", "2026-11-29", "--strict"], console: checked.console()),
            0, checked.err)
        // Again: everything is tracked, nothing is written.
        let after = snapshot()
        let (again, told) = run([export("current.json"), "--currency", "USD", "--write"])
        XCTAssertEqual(again, 0, told.err)
        XCTAssertEqual(
            told.out, "nothing to import: 7 subscriptions in \(export("current.json")), all tracked already\n")
        XCTAssertTrue(
            told.err.contains("sandjar: Netflix: already tracked as netflix, \(data.path)/subscriptions/wallos.toml:7"))
        XCTAssertEqual(snapshot(), after)
    }

    func testTheOldExportAndAFileAlreadyThere() throws {
        // The first import leaves wallos.toml; the old export's Netflix is tracked by then, the rest
        // go to wallos-2.toml, never over the first.
        XCTAssertEqual(run([export("current.json"), "--currency", "USD", "--write"]).0, 0)
        let first = try Data(contentsOf: data.appendingPathComponent("subscriptions/wallos.toml"))
        let (status, out) = run([export("old.json"), "--currency", "USD", "--write"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "imported 2 subscriptions (1 slain) into \(data.path)/subscriptions/wallos-2.toml\n")
        XCTAssertEqual(try Data(contentsOf: data.appendingPathComponent("subscriptions/wallos.toml")), first)
        let second = try String(contentsOf: data.appendingPathComponent("subscriptions/wallos-2.toml"), encoding: .utf8)
        let found = tables(second)
        XCTAssertEqual(found.map { $0["name"] }, ["iCloud+", "Old VPN"])
        XCTAssertEqual(found[0]["category"], "cloud", "Categpry read as the category")
        XCTAssertNil(found[0]["cycle"], "the old export does not say")
        XCTAssertTrue(
            second.contains(
                "# cycle = \"monthly\"             # the export does not say (an older Wallos): the catalogue's until you write it\n"
            ),
            second)
        // Disabled with no cancellation date: before the payment it still shows as next (Jul 1).
        XCTAssertEqual(found[1]["killed"], "2026-06-30")
    }

    func testASymbolIsTheSiteCurrencyWhenItCanMeanIt() throws {
        // A USD site: `$` is the site's dollar without --currency; `€` stays EUR.
        let (status, out) = run([export("current.json")])
        XCTAssertEqual(status, 0, out.err)
        let found = tables(out.out)
        XCTAssertEqual(found.count, 7)
        XCTAssertEqual(found[0]["name"], "Netflix")
        XCTAssertNil(found[0]["currency"], "$ on a USD site is the site currency: no currency line")
        XCTAssertEqual(found[0]["price"], "15.49")
        XCTAssertEqual(found[1]["currency"], "EUR")
        // --currency applies to a symbol that can mean it: `$` with --currency CAD is CAD.
        try Data("base = \"USD\"\n\n[rates]\nEUR = 1.08\nCAD = 0.72\n".utf8).write(
            to: data.appendingPathComponent("rates.toml"))
        let (cad, told) = run([export("current.json"), "--currency", "CAD"])
        XCTAssertEqual(cad, 0, told.err)
        XCTAssertEqual(tables(told.out)[0]["currency"], "CAD")
        XCTAssertEqual(tables(told.out)[1]["currency"], "EUR", "€ cannot mean CAD: the option is not for it")
    }

    func testYenIsNeverDollarsWhateverCurrencySays() {
        let before = snapshot()
        let path = temporaryExport(
            """
            [{"Name": "Anime", "Payment Cycle": "Monthly", "Next Payment": "2026-12-01", "Price": "¥1500"}]
            """)
        // With --currency USD: `¥` cannot mean USD, so it is refused at its place, with its choices.
        let (status, out) = run([path, "--currency", "USD", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.out, "")
        XCTAssertEqual(
            out.err,
            """
            \(path):1:87: error: "Anime": '¥' is the symbol of JPY, CNY, never USD; say which with --currency CODE, one of JPY, CNY
              [{"Name": "Anime", "Payment Cycle": "Monthly", "Next Payment": "2026-12-01", "Price": "¥1500"}]
                                                                                                    ^
            sandjar: nothing was imported

            """)
        XCTAssertEqual(snapshot(), before, "nothing is written on any error")
        // Without --currency on a USD site: the same refusal, saying the site's currency is none of them.
        let (again, told) = run([path, "--write"])
        XCTAssertEqual(again, 1)
        XCTAssertTrue(
            told.err.hasPrefix(
                "\(path):1:87: error: \"Anime\": '¥' is the symbol of several currencies (JPY, CNY), and the site's "
                    + "currency USD is none of them; say which with --currency CODE\n"), told.err)
        XCTAssertEqual(snapshot(), before)
    }

    func testYenOnAYenSiteIsTheSiteCurrency() throws {
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try Data((text + "currency = \"JPY\"\n").utf8).write(to: site)
        try Data("base = \"JPY\"\n\n[rates]\nEUR = 160\nUSD = 150\n".utf8).write(
            to: data.appendingPathComponent("rates.toml"))
        let path = temporaryExport(
            """
            [{"Name": "Anime", "Payment Cycle": "Monthly", "Next Payment": "2026-12-01", "Price": "¥1500"},
             {"Name": "Comics", "Payment Cycle": "Monthly", "Next Payment": "2026-12-01", "Price": "$5"}]
            """)
        // `¥` is the site's yen; --currency USD is for the `$` it can mean, not for `¥`.
        let (status, out) = run([path, "--currency", "USD"])
        XCTAssertEqual(status, 0, out.err)
        let found = tables(out.out)
        XCTAssertEqual(found.map { $0["name"] }, ["Anime", "Comics"])
        XCTAssertNil(found[0]["currency"], "¥ on a JPY site is the site currency")
        XCTAssertEqual(found[0]["price"], "1500")
        XCTAssertEqual(found[1]["currency"], "USD")
    }

    func testWallosHTMLEscapesAreReadAsTyped() {
        let path = temporaryExport(
            #"""
            [{"Name": "Tom &amp; Jerry&#39;s &quot;Club&quot;", "Payment Cycle": "Monthly",
              "Next Payment": "2026-12-01", "Price": "€5", "Paid By": "Anna &amp; Tom",
              "Notes": "Kids&#039; profile &lt;3 &#x1F950; &bogus; a & b"}]
            """#)
        let (status, out) = run([path])
        XCTAssertEqual(status, 0, out.err)
        let found = tables(out.out)
        XCTAssertEqual(found.first?["name"], "Tom & Jerry's \"Club\"")
        XCTAssertEqual(found.first?["note"], "Kids' profile <3 🥐 &bogus; a & b", "an unknown name or a lone & kept")
        XCTAssertTrue(out.out.contains("# Wallos: paid by Anna & Tom\n[[subscription]]\n"), out.out)
    }

    /// Issue 39: an export saved as UTF-16 with a byte-order mark is read; an export over 16 MiB is
    /// refused before it is read; a raw control character in an error is shown escaped.
    func testUTF16AndOversizedExportsAndControlCharacters() throws {
        let json =
            #"[{"Name": "Netflix", "Payment Cycle": "Monthly", "Next Payment": "2026-12-02", "Price": "$15.49"}]"#
        let utf16 = FileManager.default.temporaryDirectory.appendingPathComponent("wallos-\(UUID().uuidString).json")
        try Data([0xFF, 0xFE] + [UInt8](json.data(using: .utf16LittleEndian)!)).write(to: utf16)
        addTeardownBlock { try? FileManager.default.removeItem(at: utf16) }
        let (status, out) = run([utf16.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(tables(out.out).first?["price"], "15.49")

        let before = snapshot()
        let big = temporaryExport("[]")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)
        try handle.close()
        let (refused, told) = run([big, "--write"])
        XCTAssertEqual(refused, 1)
        XCTAssertEqual(
            told.err, "\(big): error: is larger than 16 MiB (16777217 bytes), the most sandjar reads of any file\n")

        let raw = temporaryExport("[{\"Name\": \"X\u{1B}[2J\u{0}\", \"Price\": \"€1\"}]")
        let (broken, shown) = run([raw, "--write"])
        XCTAssertEqual(broken, 1)
        XCTAssertTrue(shown.err.contains("\\u{1B}[2J"), shown.err)
        XCTAssertFalse(shown.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, shown.err)
        XCTAssertEqual(snapshot(), before, "nothing written")
    }

    /// Issue 39: a duplicate key in rates.toml made the import say EUR was not converted and to
    /// add `EUR = …`, which made the file worse. A broken rates.toml is reported as broken, at its
    /// line with the caret, exactly as check reports it.
    func testABrokenRatesFileIsReportedAtItsLineAsCheckReportsIt() throws {
        let rates = data.appendingPathComponent("rates.toml")
        try Data("base = \"USD\"\nas_of = 2026-11-01\n\n[rates]\nEUR = 1.08\nEUR = 1.10\n".utf8).write(to: rates)
        let before = snapshot()
        let (status, out) = run([export("current.json"), "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(snapshot(), before, "nothing is written")
        XCTAssertFalse(out.err.contains("does not convert"), out.err)
        // What check says of rates.toml, line, caret and all.
        let checked = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(arguments: ["check", data.path, "--today", "2026-11-29"], console: checked.console()), 1
        )
        let fromCheck = checked.err.components(separatedBy: "\n").drop { !$0.hasPrefix(rates.path + ":6:") }.prefix(3)
        XCTAssertEqual(fromCheck.count, 3, checked.err)
        XCTAssertTrue(fromCheck.first?.contains(": error: ") == true, checked.err)
        XCTAssertTrue(fromCheck.last?.hasSuffix("^") == true, checked.err)
        XCTAssertTrue(out.err.hasPrefix(fromCheck.joined(separator: "\n") + "\n"), out.err)
        XCTAssertTrue(
            out.err.hasSuffix(
                "sandjar: rates.toml has errors, so prices in other currencies cannot be "
                    + "converted; fix it first; nothing was imported\n"), out.err)
    }

    func testMalformedJSONIsFileLineColumn() {
        let before = snapshot()
        let path = temporaryExport(
            "{\n  \"success\": true,\n  \"subscriptions\": [\n    {\"Name\": \"X\", \"Price\": \"€1\"\n  ]\n}\n")
        let (status, out) = run([path, "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            """
            \(path):5:3: error: expected ',' or '}' after the member "Price"
                ]
                ^
            sandjar: nothing was imported

            """)
        XCTAssertEqual(snapshot(), before)
    }

    func testWhatTheDataCannotTakeIsRefusedAtItsPlaceInTheExport() {
        let before = snapshot()
        let path = temporaryExport(
            """
            {"success": true, "subscriptions": [
              {"Name": "BBC", "Payment Cycle": "Yearly", "Next Payment": "2027-04-01", "Price": "£169.50"},
              {"Name": "Paper", "Payment Cycle": "Every 2 Weeks", "Next Payment": "2026-12-01", "Price": "€5"},
              {"Name": "Bad date", "Payment Cycle": "Monthly", "Next Payment": "31/12/2026", "Price": "€5"},
              {"Name": "Odd", "Payment Cycle": "Monthly", "Next Payment": "2026-12-01", "Price": "₳5"},
              {"Payment Cycle": "Monthly", "Price": "€5"}
            ]}
            """)
        let (status, out) = run([path, "--write"])
        XCTAssertEqual(status, 1)
        let headlines = out.err.split(separator: "\n").filter { $0.hasPrefix(path) }
        XCTAssertEqual(
            headlines,
            [
                "\(path):2:85: error: \"BBC\" is charged in GBP, which rates.toml does not convert into USD; add GBP = … under [rates] first",
                "\(path):3:38: error: \"Paper\": sandjar bills weekly, monthly, quarterly (Every 3 Months), semiannual (Every 6 Months) or yearly, not 'Every 2 Weeks'; change it in Wallos or in the export",
                "\(path):4:68: error: \"Bad date\": Next Payment '31/12/2026' is not a date such as 2026-12-02",
                "\(path):5:86: error: \"Odd\": '₳' is not a currency symbol sandjar knows; say which currency with --currency CODE",
                "\(path):6:3: error: this subscription has no \"Name\"",
            ].map { Substring($0) })
        XCTAssertEqual(snapshot(), before)
    }

    func testCommentsInTheSitesLanguage() throws {
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "language = \"en\"", with: "language = \"zh-Hans\"").utf8).write(
            to: site)
        let (status, out) = run([export("old.json"), "--currency", "USD"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertTrue(out.out.hasPrefix("# 订阅：2026-11-29 用 `sandjar import wallos` 从 Wallos（old.json）导入。\n"), out.out)
        XCTAssertTrue(out.out.contains("price = 15.49                   # 每个周期的价格，Wallos 里写的是 $15.49\n"), out.out)
    }

    func testUsage() {
        for words in [[export("current.json"), "--currency", "ZZZ"], [], [export("current.json"), "extra.json"]] {
            let (status, out) = run(words)
            XCTAssertEqual(status, 2, "\(words)")
            XCTAssertTrue(out.err.contains("usage: sandjar import wallos"), out.err)
        }
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: ["import", "walos", "x.json"], console: captured.console()), 2)
        XCTAssertTrue(captured.err.contains("did you mean 'wallos'?"), captured.err)
    }
}
