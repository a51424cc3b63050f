import Domain
import Foundation
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar detect`, in-process, on the sample statements in `Tests/Fixtures/statements`.
final class DetectTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private let statements = SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/statements")
    private let base = SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base")

    /// Through the command line's own entry, as a user runs it.
    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(arguments: ["detect"] + words, console: captured.console())
        return (status, captured)
    }

    private func temporaryFile(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandjar-detect-\(UUID().uuidString).csv")
        XCTAssertNoThrow(try Data(text.utf8).write(to: url), file: file, line: line)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// The suggested tables, read back with the TOML parser: (name, cycle, price, currency,
    /// started, next_billing).
    private func suggested(_ toml: String, file: StaticString = #filePath, line: UInt = #line) -> [[String]] {
        do {
            let table = try TOMLParser.parse(toml)
            XCTAssertEqual(table.keys.filter { $0 != "subscription" }, [], file: file, line: line)
            return (table["subscription"]?.arrayValue ?? []).compactMap(\.tableValue).map { entry in
                ["name", "cycle", "price", "currency", "started", "next_billing"].map { key in
                    guard let value = entry[key] else { return "-" }
                    return value.stringValue ?? value.numberLiteral ?? value.dateTimeValue?.description ?? "?"
                }
            }
        } catch {
            XCTFail("not valid TOML: \(error)\n\(toml)", file: file, line: line)
            return []
        }
    }

    /// detect takes the dates' order, the site currency and the theme from site.toml, and the
    /// catalogue and tracked subscriptions from the data: site.toml is parsed once for all of them
    /// (four times before; issue 40).
    func testSiteTomlIsParsedOnce() throws {
        let site = try [UInt8](Data(contentsOf: base.appendingPathComponent("site.toml")))
        let subscriptions = try [UInt8](Data(contentsOf: base.appendingPathComponent("subscriptions/main.toml")))
        final class Counts: @unchecked Sendable {
            let lock = NSLock()
            var parsed: [[UInt8]] = []
        }
        let counts = Counts()
        TOMLParser.parsing = { bytes in counts.lock.withLock { counts.parsed.append(bytes) } }
        defer { TOMLParser.parsing = nil }
        let (status, out) = run([statements.appendingPathComponent("bank-2026.csv").path, "--data", base.path])
        TOMLParser.parsing = nil
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(counts.parsed.filter { $0 == site }.count, 1, "site.toml")
        XCTAssertEqual(counts.parsed.filter { $0 == subscriptions }.count, 1, "subscriptions/main.toml")
    }

    func testTheBankStatementSuggestsExactlyItsSubscriptions() throws {
        let (status, out) = run([statements.appendingPathComponent("bank-2026.csv").path, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.err, "\(statements.path)/bank-2026.csv:2: warning: 'PENDING' is not an amount\n",
            "malformed rows are warnings on stderr")
        XCTAssertEqual(
            suggested(out.out),
            [
                ["APPLE.COM/BILL CA", "monthly", "2.99", "USD", "2026-06-20", "2026-12-20"],
                ["IRONWORKS GYM WEEKLY", "weekly", "12.00", "USD", "2026-08-31", "2026-11-30"],
                ["NETFLIX.COM CA", "monthly", "15.49", "USD", "2026-06-03", "2026-12-03"],
                ["Spotify USA", "monthly", "16.99", "USD", "2026-06-12", "2026-12-12"],
            ], "not the domain charged once, the groceries, the coffee at one price, the varying power bill")
        let text = out.out
        XCTAssertTrue(
            text.hasPrefix(
                "# sandjar detect: subscriptions suggested from bank-2026.csv (87 rows, 2026-06-02 … 2026-11-30).\n"))
        XCTAssertTrue(
            text.contains("\n# detected from bank-2026.csv: 6 charges, monthly, 2026-06-03 … 2026-11-03\n"), text)
        XCTAssertTrue(text.contains("\n# price 14.99 until 2026-08-12, 16.99 since 2026-09-12\n"), text)
        XCTAssertTrue(text.contains("\n# no charge around 2026-09-20: one monthly charge skipped\n"), text)
        XCTAssertTrue(
            text.contains("\n# detected from bank-2026.csv: 13 charges, weekly, 2026-08-31 … 2026-11-23\n"), text)
        // Hulu stopped after August: shown, commented out, after the others.
        XCTAssertTrue(
            text.hasSuffix(
                """

                # Charged regularly before, but not lately: perhaps cancelled already.

                # detected from bank-2026.csv: 3 charges, monthly, 2026-06-08 … 2026-08-08
                # charged on 2026-06-08, 2026-07-08, 2026-08-08
                # stopped on 2026-08-08? no charge since, though the statement runs to 2026-11-30
                # [[subscription]]
                # name = "HULU CA"
                # catalog = "hulu"
                # price = 7.99
                # currency = "USD"
                # cycle = "monthly"
                # started = 2026-06-08
                # next_billing = 2026-09-08

                """), text)
    }

    /// Issue 13: detect suggested Netflix that the data already tracked; pasted in, it counted
    /// twice. Tracked ones (the same catalogue entry, or the same name) are listed apart, as
    /// comments, and never as TOML.
    func testSubscriptionsAlreadyTrackedAreListedApartAndNotSuggested() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-detect-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: base, to: data)
        addTeardownBlock { try? FileManager.default.removeItem(at: data) }
        let video = """
            # what I pay for

            [[subscription]]
            name = "Netflix"
            price = 15.49
            cycle = "monthly"

            [[subscription]]
            name = "Ironworks gym, weekly"
            catalog = false
            price = 12
            cycle = "weekly"

            [[subscription]]
            name = "Hulu"
            price = 7.99
            cycle = "monthly"

            """
        try Data(video.utf8).write(to: data.appendingPathComponent("subscriptions/video.toml"))
        let (status, out) = run([statements.appendingPathComponent("bank-2026.csv").path, "--data", data.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            suggested(out.out),
            [
                ["APPLE.COM/BILL CA", "monthly", "2.99", "USD", "2026-06-20", "2026-12-20"],
                ["Spotify USA", "monthly", "16.99", "USD", "2026-06-12", "2026-12-12"],
            ])
        let file = "\(data.path)/subscriptions/video.toml"
        XCTAssertTrue(
            out.out.hasSuffix(
                """

                # Already tracked, so not suggested again:
                # HULU CA: already tracked as hulu, \(file):14 (no charge lately: cancelled already? sandjar slay hulu)
                # IRONWORKS GYM WEEKLY: already tracked as ironworks-gym-weekly, \(file):8
                # NETFLIX.COM CA: already tracked as netflix, \(file):3

                """), out.out)
        XCTAssertFalse(out.out.contains("name = \"HULU CA\""), "nor among the lapsed ones")
    }

    /// Issue 39: "Spotify Premium" on a statement was taken as the "Spotify Family" tracked, since
    /// both are the catalogue's Spotify. Another plan of one brand is suggested; the brand alone is
    /// tracked.
    func testAnotherPlanOfATrackedBrandIsSuggested() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-detect-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: base, to: data)
        addTeardownBlock { try? FileManager.default.removeItem(at: data) }
        try Data("[[subscription]]\nname = \"Spotify Family\"\nprice = 16.99\ncycle = \"monthly\"\n".utf8).write(
            to: data.appendingPathComponent("subscriptions/music.toml"))
        let months = ["06", "07", "08", "09"]
        let rows = months.flatMap { month in
            ["2026-\(month)-12,Spotify Premium,-11.99", "2026-\(month)-20,SPOTIFY P1X2Y3Z4,-16.99"]
        }
        let statement = temporaryFile((["Date,Description,Amount"] + rows).joined(separator: "\n") + "\n")
        let (status, out) = run([statement, "--data", data.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(suggested(out.out).map { $0[0] }, ["Spotify Premium"], out.out)
        XCTAssertTrue(
            out.out.contains("# SPOTIFY: already tracked as spotify, \(data.path)/subscriptions/music.toml:1\n"),
            out.out)
    }

    func testTheAlipayStyleStatement() throws {
        let (status, out) = run([statements.appendingPathComponent("alipay-style.csv").path, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.err, "")
        XCTAssertEqual(
            suggested(out.out),
            [
                ["中国移动", "monthly", "50.00", "CNY", "2026-03-28", "2026-12-28"],
                ["北京爱奇艺科技有限公司", "monthly", "25.00", "CNY", "2026-03-09", "2026-12-09"],
                ["百度网盘", "quarterly", "68.00", "CNY", "2026-03-10", "2026-12-10"],
                ["网易云音乐", "monthly", "15.00", "CNY", "2026-03-02", "2026-12-02"],
            ], "not the yearly 哔哩哔哩 charged once, nor 瑞幸咖啡 at one price on no schedule")
    }

    func testTheSiteCurrencyFillsInWhenTheStatementNamesNone() throws {
        let csv = "Date,Payee,Amount\n2026-09-02,NETFLIX,-15.49\n2026-10-02,NETFLIX,-15.49\n2026-11-02,NETFLIX,-15.49\n"
        let path = temporaryFile(csv)
        XCTAssertEqual(suggested(run([path, "--data", base.path]).1.out).first?[3], "USD", "base is en-US")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)").path
        let (status, out) = run([path, "--data", missing])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err, "sandjar: \(missing): data folder not found; create one with 'sandjar init \(missing)'\n")
        XCTAssertEqual(out.out, "")
    }

    /// A site.toml that cannot be read: located, with its line and a caret, and nothing
    /// suggested.
    func testABrokenSiteCurrencyIsLocatedWithItsLine() throws {
        let csv = "Date,Payee,Amount\n2026-09-02,NETFLIX,-15.49\n2026-10-02,NETFLIX,-15.49\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try Data("title = \"Mine\"\ncurrency = DOLLARS\n".utf8).write(to: folder.appendingPathComponent("site.toml"))
        let (status, out) = run([temporaryFile(csv), "--data", folder.path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.out, "")
        let lines = out.err.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(
            lines.first?.hasPrefix("\(folder.path)/site.toml:2:12: error: ") == true
                && lines.first?.hasSuffix("(sandjar reads the site currency from it)") == true, out.err)
        XCTAssertEqual(lines.dropFirst().prefix(2), ["  currency = DOLLARS", "             ^"], out.err)
    }

    func testNothingDetectedIsACommentAndSuccess() throws {
        let path = temporaryFile("Date,Payee,Amount\n2026-11-02,SHOP,-5\n2026-11-03,CAFE,-4\n")
        let (status, out) = run([path, "--data", base.path])
        XCTAssertEqual(status, 0)
        let name = URL(fileURLWithPath: path).lastPathComponent
        XCTAssertEqual(
            out.out,
            "# sandjar detect: no recurring charges found in \(name) (2 rows, 2026-11-02 … 2026-11-03).\n"
                + "# 2 transactions read, 2026-11-02 … 2026-11-03, sum -9.00\n")
        XCTAssertEqual(suggested(out.out), [])
    }

    func testTheBuiltInCatalogueNamesKnownServices() throws {
        let (status, out) = run([statements.appendingPathComponent("bank-2026.csv").path, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertTrue(out.out.contains("name = \"NETFLIX.COM CA\"\ncatalog = \"netflix\"\n"), out.out)
    }

    /// A theme folder's catalogue.toml (here given with --theme) names services for detect as
    /// it does for a build.
    func testNamesAreEscapedAndTheThemeCatalogueWritesAnID() throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: theme) }
        try Data(
            "[[service]]\nid = \"oreilly\"\nname = \"O'Reilly Media Books\"\ncategory = \"reading\"\n".utf8
        ).write(to: theme.appendingPathComponent("catalog.toml"))
        let csv = """
            Date,Payee,Amount
            2026-09-02,"O""Reilly\\Media Books",-9.99
            2026-10-02,"O""Reilly\\Media Books",-9.99
            2026-11-02,"O""Reilly\\Media Books",-9.99

            """
        let (status, out) = run([temporaryFile(csv), "--data", base.path, "--theme", theme.path])
        XCTAssertEqual(status, 0, out.err)
        let table = try TOMLParser.parse(out.out)
        let entry = try XCTUnwrap(table["subscription"]?.arrayValue?.first?.tableValue)
        XCTAssertEqual(entry["name"]?.stringValue, "O\"Reilly\\Media Books")
        XCTAssertEqual(entry["catalog"]?.stringValue, "oreilly")
        XCTAssertTrue(out.out.contains("\nname = \"O\\\"Reilly\\\\Media Books\"\ncatalog = \"oreilly\"\n"), out.out)
    }

    func testColumnsOverrideTheHeader() throws {
        let csv = """
            id;when;what;value
            1;2026-09-02;NETFLIX;-15,49
            2;2026-10-02;NETFLIX;-15,49
            3;2026-11-02;NETFLIX;-15,49

            """
        let path = temporaryFile(csv)
        XCTAssertEqual(run([path, "--data", base.path]).0, 1, "no header names the columns, and column 1 is no date")
        let (status, out) = run([path, "--columns", "date=2,payee=3,amount=4", "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(suggested(out.out), [["NETFLIX", "monthly", "15.49", "USD", "2026-09-02", "2026-12-02"]])
    }

    func testErrorsAndUsage() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).csv")
            .path
        let (status, out) = run([missing])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.err, "\(missing): error: no such file\n")
        let empty = temporaryFile("Date,Payee,Amount\n")
        XCTAssertEqual(run([empty]).0, 1)
        XCTAssertTrue(run([empty]).1.err.contains("error: no usable rows"))
        XCTAssertEqual(run([]).0, 2)
        XCTAssertEqual(run([empty, empty]).0, 2)
        XCTAssertEqual(run([empty, "--columns", "date=1"]).0, 2)
        XCTAssertEqual(run([empty, "--colums", "date=1"]).0, 2)
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(
            SandjarCommand.main(arguments: ["detect", empty, "--columns", "x"], console: captured.console()), 2)
        XCTAssertTrue(captured.err.hasPrefix("sandjar: --columns 'x': 'x' is not NAME=NUMBER"), captured.err)
    }

    private func temporaryBytes(_ bytes: [UInt8], _ ext: String) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandjar-detect-\(UUID().uuidString).\(ext)")
        XCTAssertNoThrow(try Data(bytes).write(to: url))
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Issue 39: a UTF-16 statement (Excel's "Unicode Text") was called Latin-1, with an iconv line
    /// that filled it with NULs, and the error printed raw NULs. With a byte-order mark it is read
    /// as the UTF-8 one is; without, it is named UTF-16 and nothing raw reaches the terminal.
    func testAUTF16StatementIsReadOrNamedRight() throws {
        let original = statements.appendingPathComponent("bank-2026.csv")
        let text = try String(contentsOf: original, encoding: .utf8)
        let (_, utf8) = run([original.path, "--data", base.path])
        let le = temporaryBytes([0xFF, 0xFE] + [UInt8](text.data(using: .utf16LittleEndian)!), "csv")
        let (status, out) = run([le, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(suggested(out.out), suggested(utf8.out))
        XCTAssertEqual(suggested(out.out).count, 4)

        let bare = temporaryBytes([UInt8](text.data(using: .utf16BigEndian)!), "csv")
        let (refused, told) = run([bare, "--data", base.path])
        XCTAssertEqual(refused, 1)
        XCTAssertEqual(
            told.err,
            "\(bare): error: is not UTF-8 text but looks like UTF-16BE (UTF-16 without a byte-order mark); convert it "
                + "first: iconv -f UTF-16BE -t UTF-8 \(bare) > \(bare).utf8, then give sandjar the .utf8 file\n")
        // An error that quotes a line holding control characters shows them escaped.
        let odd = temporaryFile("Date,Payee,Amount\n2026-01-02,A,x\u{1B}[2J\u{0}y\n2026-01-03,B,-1\n")
        let (_, quoted) = run([odd, "--data", base.path])
        XCTAssertTrue(quoted.err.contains("\\u{1B}[2J"), quoted.err)
        XCTAssertFalse(quoted.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, quoted.err)
    }

    /// A statement is held to the limit of every file sandjar reads, 16 MiB, before it is read.
    func testAStatementOver16MiBIsRefused() throws {
        let path = temporaryFile("Date,Payee,Amount\n")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)
        try handle.close()
        let (status, out) = run([path, "--data", base.path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "\(path): error: is larger than 16 MiB (16777217 bytes), the most sandjar reads of any file; export a "
                + "shorter period\n")
    }

    /// A data folder in euros, so a QIF statement (which names no currency) reads as EUR too.
    private func euroData() throws -> URL {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-detect-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: base, to: data)
        addTeardownBlock { try? FileManager.default.removeItem(at: data) }
        let site = data.appendingPathComponent("site.toml")
        let text = try String(contentsOf: site, encoding: .utf8) + "currency = \"EUR\"\n"
        try Data(text.utf8).write(to: site)
        try Data("base = \"EUR\"\nas_of = 2026-11-01\n\n[rates]\nUSD = 0.93\n".utf8)
            .write(to: data.appendingPathComponent("rates.toml"))
        return data
    }

    /// Issue 35: one statement, written by hand as CSV, QIF, OFX 1.x, OFX 2.x and camt.053,
    /// gives the same suggestions, word for word (camt.053 adds the mandate each was collected
    /// under).
    func testTheSameStatementInEveryFormatGivesTheSameSuggestions() throws {
        let data = try euroData()
        var outputs: [String: String] = [:]
        for file in ["eu-2026.csv", "eu-2026.qif", "eu-2026.ofx", "eu-2026-v2.ofx", "eu-2026.camt053.xml"] {
            let (status, out) = run([statements.appendingPathComponent(file).path, "--data", data.path])
            XCTAssertEqual(status, 0, "\(file): \(out.err)")
            outputs[file] = out.out.replacingOccurrences(of: file, with: "STATEMENT")
        }
        let csv = try XCTUnwrap(outputs["eu-2026.csv"])
        XCTAssertEqual(
            suggested(csv),
            [
                ["NETFLIX.COM", "monthly", "13.99", "EUR", "2026-08-03", "2026-12-03"],
                ["SPOTIFY AB", "monthly", "10.99", "EUR", "2026-06-12", "2026-12-12"],
                ["VODAFONE GMBH", "monthly", "29.99", "EUR", "2026-08-28", "2026-12-28"],
            ], "not the groceries, the bakery, the refund or the salary")
        // Every format reads the same 25 transactions; the CSV names no account, the others do.
        func withoutAccounts(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("# collected by SEPA direct debit under mandate ") }
                .filter { !($0.hasPrefix("# ") && $0.contains(" transactions read, ")) }
                .joined(separator: "\n")
        }
        for (file, text) in outputs {
            XCTAssertTrue(text.contains("25 transactions read, 2026-06-"), "\(file): \(text)")
            XCTAssertEqual(withoutAccounts(text), withoutAccounts(csv), file)
        }
        let camt = try XCTUnwrap(outputs["eu-2026.camt053.xml"])
        XCTAssertTrue(
            camt.contains(
                "# collected by SEPA direct debit under mandate VF-2231-77: cancel it with your bank too\n"
                    + "[[subscription]]\nname = \"VODAFONE GMBH\""), camt)
    }

    /// Issue 39: two overlapping downloads joined into one file hold some charges twice; Spotify
    /// vanished. The same charge twice counts once, in CSV and QIF alike.
    func testAChargeTwiceInJoinedDownloadsCountsOnce() throws {
        let csv = try String(contentsOf: statements.appendingPathComponent("bank-2026.csv"), encoding: .utf8)
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        // The second download repeats the month of October it shares with the first.
        let october = rows.filter { $0.hasPrefix("10/") }
        XCTAssertTrue(october.contains { $0.contains("Spotify") })
        XCTAssertEqual(october.count, 15, "the 15 rows of October")
        let joined = temporaryFile((rows + october).joined(separator: "\r\n") + "\r\n")
        let (status, out) = run([joined, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        let (alone, once) = run([statements.appendingPathComponent("bank-2026.csv").path, "--data", base.path])
        XCTAssertEqual(alone, 0)
        XCTAssertEqual(suggested(out.out), suggested(once.out), "the joined file suggests what one download does")
        XCTAssertTrue(suggested(out.out).contains { $0[0] == "Spotify USA" }, out.out)

        let qif = try String(contentsOf: statements.appendingPathComponent("eu-2026.qif"), encoding: .utf8)
        let records = qif.components(separatedBy: "^\n")
        let spotify = try XCTUnwrap(records.first { $0.contains("PSPOTIFY AB") && $0.contains("!Type") == false })
        let joinedQIF = temporaryFile(qif + spotify + "^\n")
        let data = try euroData()
        let (qifStatus, qifOut) = run([joinedQIF, "--data", data.path])
        XCTAssertEqual(qifStatus, 0, qifOut.err)
        XCTAssertTrue(suggested(qifOut.out).contains { $0[0] == "SPOTIFY AB" }, qifOut.out)
    }

    /// A series whose next charge is missing before the statement's end is commented out, as
    /// stopped on its last charge, never suggested as running with a next billing already past.
    func testASeriesMissingItsLastChargeIsSuggestedAsStopped() throws {
        let path = temporaryFile(
            """
            Date,Description,Amount
            2026-06-05,STREAMBOX,-9.99
            2026-07-05,STREAMBOX,-9.99
            2026-08-05,STREAMBOX,-9.99
            2026-09-05,STREAMBOX,-9.99
            2026-10-09,GROCER,-40.00

            """)
        let (status, out) = run([path, "--data", base.path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(suggested(out.out), [], "nothing suggested as running")
        XCTAssertTrue(
            out.out.contains(
                "# stopped on 2026-09-05? no charge since, though the statement runs to 2026-10-09\n"
                    + "# [[subscription]]\n# name = \"STREAMBOX\"\n"), out.out)
    }

    func testAMalformedStatementIsALocatedErrorAndExit1() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandjar-detect-\(UUID().uuidString).xml"
        ).path
        try Data("<?xml version=\"1.0\"?>\n<OFX>\n  <STMTRS><CURDEF>EUR</STMTRS>\n</OFX>\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let (status, out) = run([path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out.out, "")
        XCTAssertEqual(
            out.err,
            """
            \(path):3:22: error: </STMTRS> does not close <CURDEF>, opened at 3:11; expected </CURDEF>
                <STMTRS><CURDEF>EUR</STMTRS>
                                   ^

            """)
    }

    func testJSONPrintsEveryTransactionWhatWasSkippedAndTheSuggestions() throws {
        let path = statements.appendingPathComponent("bank-2026.csv").path
        let (status, out) = run([path, "--data", base.path, "--format", "json"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertTrue(out.out.hasPrefix("{\n  \"file\": \"\(path)\",\n  \"format\": \"CSV\",\n"), out.out)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.out.utf8)) as? [String: Any])
        XCTAssertEqual(json.keys.sorted(), ["file", "format", "skipped", "suggestions", "transactions"])
        let transactions = try XCTUnwrap(json["transactions"] as? [[String: Any]])
        XCTAssertEqual(transactions.count, 87)
        XCTAssertEqual(transactions.first?.keys.sorted(), ["amount", "currency", "date", "id", "line", "payee"])
        XCTAssertTrue(transactions.contains { ($0["amount"] as? Double ?? 0) < 0 }, "debits are negative")
        let skipped = try XCTUnwrap(json["skipped"] as? [[String: Any]])
        XCTAssertEqual(skipped.count, 1)
        XCTAssertEqual(skipped.first?["line"] as? Int, 2)
        XCTAssertEqual(skipped.first?["column"] as? Int, 1)
        XCTAssertEqual(skipped.first?["reason"] as? String, "'PENDING' is not an amount")
        let suggestions = try XCTUnwrap(json["suggestions"] as? [[String: Any]])
        XCTAssertEqual(
            suggestions.first?.keys.sorted(),
            ["charges", "currency", "cycle", "name", "next_billing", "price", "started", "stopped"])
        XCTAssertEqual(suggestions.count, 5, "the four in the TOML and Hulu, stopped")
        XCTAssertEqual(suggestions.filter { $0["stopped"] is String }.count, 1)
    }

    func testSeveralAccountsAreEachSummedAndOneIsPickedWithAccount() throws {
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML

            <OFX><BANKMSGSRSV1>
            <STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>111</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><DTPOSTED>20261102<TRNAMT>-9.99<FITID>1<NAME>SHOP</STMTTRN>
            <STMTTRN><DTPOSTED>20261105<TRNAMT>-5,01<FITID>2<NAME>CAFE</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS>
            <STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>222</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><DTPOSTED>20261103<TRNAMT>100.00<FITID>3<NAME>PAY</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS>
            </BANKMSGSRSV1></OFX>

            """
        let path = temporaryFile(ofx)
        let (status, out) = run([path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.out.split(separator: "\n").dropFirst().map(String.init),
            [
                "# account 111: 2 transactions read, 2026-11-02 … 2026-11-05, sum -15.00 EUR",
                "# account 222: 1 transaction read, 2026-11-03 … 2026-11-03, sum 100.00 USD",
            ])
        let (picked, one) = run([path, "--account", "222", "--format", "json"])
        XCTAssertEqual(picked, 0, one.err)
        XCTAssertTrue(one.out.contains("\"payee\": \"PAY\""), one.out)
        XCTAssertFalse(one.out.contains("SHOP"), one.out)
        let (missing, none) = run([path, "--account", "333"])
        XCTAssertEqual(missing, 1)
        XCTAssertEqual(none.out, "")
        XCTAssertEqual(
            none.err,
            "\(path): error: --account 333: no such account in this file; it holds '111' (first transaction at line 6), "
                + "'222' (first transaction at line 10)\n", "each account at the line the file first names it on")
        let (typo, near) = run([path, "--account", "22"])
        XCTAssertEqual(typo, 1)
        XCTAssertTrue(near.err.hasSuffix("(first transaction at line 10); did you mean '222'?\n"), near.err)
    }
}
