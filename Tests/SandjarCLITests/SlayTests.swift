import Domain
import Foundation
import Subscriptions
import TOML
import TestSupport
import XCTest

@testable import DataEdit
@testable import SandjarCLI
@testable import SiteData

/// `sandjar slay`, in-process, on a temporary copy of `Tests/Fixtures/base`.
final class SlayTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    /// 2026-11-30T02:14:05Z: still Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-slay-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["slay"] + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func url(_ relative: String) -> URL { data.appendingPathComponent(relative) }

    private func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: url(relative))
    }

    private func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: url(relative)), as: UTF8.self)
    }

    /// Every file of the data folder, to show that a refused slay changed nothing.
    private func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: data.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: url(relative).path)
        }
        return files
    }

    private let streaming = """
        # Video and music. Review every quarter.

        [[subscription]]
        name = "Netflix"
        price = 15.49               # Standard plan
        currency = "USD"
        cycle = "monthly"
        started = 2026-03-12
        note = \"\"\"
        Shared with
        my sister.\"\"\"

        # old plan, for the record:
        # price = 9.99

        [[subscription]]
        name = "YouTube Premium"
        remind = [
          7,
          3, # a comment inside the array
        ]
        price = 13.99
        currency = "USD"
        cycle = "monthly"

        [subscription.extra]
        family = true

        [[subscription]]
          name = "Disney+"
          price = 7.99
          currency = "USD"
          cycle = "monthly"
          killed = 2026-10-03
        """

    func testSlaysByExactNameKeepingEveryOtherByte() throws {
        try write(streaming, to: "subscriptions/streaming.toml")
        let (status, out) = run(["Netflix", "--on", "2026-11-29"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "slain: Netflix on 2026-11-29 (\(data.path)/subscriptions/streaming.toml:12)\n")
        XCTAssertEqual(out.err, "")
        let expected = streaming.replacingOccurrences(
            of: "my sister.\"\"\"\n", with: "my sister.\"\"\"\nkilled = 2026-11-29\n")
        XCTAssertEqual(try text("subscriptions/streaming.toml"), expected)

        let log = DiagnosticLog(strict: false)
        let loaded = try XCTUnwrap(DataLoader(folder: DataFolder(path: data.path), log: log).load())
        XCTAssertEqual(log.errors, [])
        let killed = loaded.data.subscriptions.map { "\($0.name): \($0.killed?.description ?? "-")" }
        XCTAssertEqual(
            killed, ["Music: -", "Netflix: 2026-11-29", "YouTube Premium: -", "Disney+: 2026-10-03"])
    }

    func testTheKeyGoesAfterTheLastKeyOfTheEntryNotIntoItsSubTable() throws {
        try write(streaming, to: "subscriptions/streaming.toml")
        XCTAssertEqual(run(["YouTube Premium", "--on", "2026-11-01"]).0, 0)
        let expected = streaming.replacingOccurrences(
            of: "cycle = \"monthly\"\n\n[subscription.extra]",
            with: "cycle = \"monthly\"\nkilled = 2026-11-01\n\n[subscription.extra]")
        XCTAssertEqual(try text("subscriptions/streaming.toml"), expected)
        let table = try TOMLParser.parse(try text("subscriptions/streaming.toml"))
        let youtube = try XCTUnwrap(table["subscription"]?.arrayValue?[1].tableValue)
        XCTAssertEqual(youtube["killed"]?.dateTimeValue?.description, "2026-11-01")
        XCTAssertEqual(youtube["extra"]?.tableValue?["killed"] == nil, true)
    }

    func testIndentationAndCRLFAreKept() throws {
        let crlf = "[[subscription]]\r\n  name = \"Tidal\"\r\n  price = 10\r\n\r\n# end\r\n"
        try write(crlf, to: "subscriptions/music.toml")
        XCTAssertEqual(run(["tidal", "--on", "2026-11-02"]).0, 0)
        XCTAssertEqual(
            try text("subscriptions/music.toml"),
            "[[subscription]]\r\n  name = \"Tidal\"\r\n  price = 10\r\n  killed = 2026-11-02\r\n\r\n# end\r\n")
    }

    func testAFileWithoutATrailingNewline() throws {
        try write("[[subscription]]\nname = \"Tidal\"\nprice = 10 # last", to: "subscriptions/music.toml")
        let (status, out) = run(["Tidal", "--on", "2026-11-02"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "slain: Tidal on 2026-11-02 (\(data.path)/subscriptions/music.toml:4)\n")
        XCTAssertEqual(
            try text("subscriptions/music.toml"),
            "[[subscription]]\nname = \"Tidal\"\nprice = 10 # last\nkilled = 2026-11-02")
    }

    func testNamesMatchLooselyAndByID() throws {
        try write(streaming, to: "subscriptions/streaming.toml")
        XCTAssertEqual(run(["youtube-premium", "--on", "2026-11-01"]).1.out.hasPrefix("slain: YouTube Premium "), true)
        XCTAssertEqual(run(["  MUSIC ", "--on", "2026-11-01"]).1.out.hasPrefix("slain: Music "), true)
        XCTAssertEqual(run(["net flix!", "--on", "2026-11-01"]).1.out.hasPrefix("slain: Netflix "), true)
    }

    func testTodayInTheSiteTimeZoneIsTheDefault() throws {
        let (status, out) = run(["Music"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "slain: Music on 2026-11-29 (\(data.path)/subscriptions/main.toml:8)\n")
        XCTAssertTrue(try text("subscriptions/main.toml").hasSuffix("next_billing = 2026-12-10\nkilled = 2026-11-29\n"))
    }

    /// The clock says Nov 29: a kill on Nov 30 is written, with a word that Music is active until then.
    func testASlayAfterTodayIsWrittenWithAWarning() throws {
        let (status, out) = run(["Music", "--on", "2026-11-30"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "slain: Music on 2026-11-30 (\(data.path)/subscriptions/main.toml:8)\n")
        XCTAssertEqual(
            out.err, "sandjar: warning: 2026-11-30 is after today (2026-11-29); Music stays active until then\n")
    }

    func testUnknownNamesSuggestAndListTheActiveOnes() throws {
        try write(streaming, to: "subscriptions/streaming.toml")
        let before = snapshot()
        let (status, out) = run(["Netflx"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "sandjar: unknown subscription 'Netflx'; did you mean 'Netflix'?\n"
                + "active subscriptions: Music, Netflix, YouTube Premium\n")
        XCTAssertEqual(out.out, "")
        XCTAssertEqual(snapshot(), before)
    }

    func testSeveralMatchesAreListedWithTheirIDsAndPlaces() throws {
        try write("[[subscription]]\nname = \"music\"\nprice = 5\n", to: "subscriptions/other.toml")
        let before = snapshot()
        let (status, out) = run(["MUSIC"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "sandjar: 'MUSIC' matches 2 active subscriptions; name one by its id:\n"
                + "  music    Music (\(data.path)/subscriptions/main.toml:1)\n"
                + "  music-2  music (\(data.path)/subscriptions/other.toml:1)\n")
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(
            run(["music-2", "--on", "2026-11-01"]).1.out,
            "slain: music on 2026-11-01 (\(data.path)/subscriptions/other.toml:4)\n")
        // With one of them slain, the name finds the other.
        XCTAssertEqual(
            run(["MUSIC", "--on", "2026-11-01"]).1.out,
            "slain: Music on 2026-11-01 (\(data.path)/subscriptions/main.toml:8)\n")
    }

    func testAlreadySlainSaysWhen() throws {
        try write(streaming, to: "subscriptions/streaming.toml")
        let before = snapshot()
        let (status, out) = run(["Disney+"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "\(data.path)/subscriptions/streaming.toml:34:12: error: Disney+ was already slain on 2026-10-03\n"
                + "    killed = 2026-10-03\n             ^\nsandjar: nothing was changed\n")
        XCTAssertEqual(snapshot(), before)
    }

    func testAnInlineTableIsRefusedUntouched() throws {
        try write("subscription = [{ name = \"Tidal\", price = 10 }]\n", to: "subscriptions/inline.toml")
        let before = snapshot()
        let (status, out) = run(["Tidal", "--on", "2026-11-02"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix(
                "\(data.path)/subscriptions/inline.toml:1:17: error: subscription[1] is written as an inline table"),
            out.err)
        XCTAssertEqual(snapshot(), before)
    }

    func testDatesAreChecked() throws {
        let before = snapshot()
        let cases = [
            ("2026-02-30", "sandjar: --on '2026-02-30': day must be between 01 and 28 for 2026-02\n"),
            ("tomorrow", nil),
            (
                "2026-11-29T10:00:00",
                "sandjar: --on '2026-11-29T10:00:00': give a date such as 2026-11-29, without a time\n"
            ),
            (
                "2025-12-31",
                "sandjar: --on 2025-12-31 is before Music started (2026-01-10, \(data.path)/subscriptions/main.toml:1); nothing was changed\n"
            ),
        ]
        // A malformed date is a usage error (exit 2, with the usage); a date the data refuses exits 1.
        for (on, message) in cases {
            let (status, out) = run(["Music", "--on", on])
            let malformed = message?.hasPrefix("sandjar: --on '") ?? true
            XCTAssertEqual(status, malformed ? 2 : 1, on)
            if let message {
                XCTAssertTrue(out.err.hasPrefix(malformed ? message + "\nusage: sandjar slay" : message), out.err)
            }
        }
        XCTAssertEqual(snapshot(), before)
    }

    func testUsageErrors() throws {
        let before = snapshot()
        XCTAssertEqual(run([]).0, 2)
        XCTAssertEqual(run(["Music", "Netflix"]).0, 2)
        XCTAssertEqual(run(["Music", "--on"]).0, 2)
        XCTAssertEqual(run(["Music", "--at", "2026-11-01"]).0, 2)
        let captured = SandjarCommandTests.Captured(self)
        XCTAssertEqual(SandjarCommand.main(arguments: ["slay"], console: captured.console()), 2)
        XCTAssertTrue(captured.err.contains("sandjar slay NAME [--on DATE] [--data DIR]"), captured.err)
        XCTAssertEqual(snapshot(), before)
    }

    func testABrokenSubscriptionFileStopsTheSearch() throws {
        try write("[[subscription]]\nname = = \"x\"\n", to: "subscriptions/broken.toml")
        let before = snapshot()
        let (status, out) = run(["Music", "--on", "2026-11-01"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("\(data.path)/subscriptions/broken.toml:2:8: error: "), out.err)
        XCTAssertTrue(
            out.err.hasSuffix(
                "sandjar: sandjar reads every subscription file to find one; fix this first, nothing was changed\n"),
            out.err)
        XCTAssertEqual(snapshot(), before)
    }
    func testStringsWithBracketsHashesAndQuotesDoNotConfuseTheScan() throws {
        let tricky = """
            [[subscription]]
            name = "Tricky"
            "quoted key" = "has # and [[subscription]] and \\\" inside"
            literal = 'a # [ ] { } "'
            lines = '''
            [[subscription]]
            name = "not a table"'''
            quotes = \"""ends with two quotes\"""\"" # comment [ ]
            inline = { a = [1, 2], b = "}" }

            [[subscription]]
            name = "After"

            """
        try write(tricky, to: "subscriptions/tricky.toml")
        let (status, out) = run(["Tricky", "--on", "2026-11-02"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(out.out, "slain: Tricky on 2026-11-02 (\(data.path)/subscriptions/tricky.toml:10)\n")
        let expected = tricky.replacingOccurrences(
            of: "b = \"}\" }\n", with: "b = \"}\" }\nkilled = 2026-11-02\n")
        XCTAssertEqual(try text("subscriptions/tricky.toml"), expected)
    }

    private static let action = JournalAction(.deposit, "a test of the insert")

    func testTheInsertServesAnyArrayOfTables() throws {
        let editor = DataFileEditor(data: data.path)
        let inserted = try editor.insert(
            .string("note", "first"), intoEntry: 0, of: "deposit", in: "goals/bike.toml", action: Self.action)
        XCTAssertEqual(inserted.path, "\(data.path)/goals/bike.toml")
        let table = try TOMLParser.parse(try text("goals/bike.toml"))
        let deposits = try XCTUnwrap(table["deposit"]?.arrayValue)
        XCTAssertEqual(deposits[0].tableValue?["note"]?.stringValue, "first")
        XCTAssertEqual(deposits[0].tableValue?.keyLocation("note")?.line, inserted.line)
        XCTAssertEqual(inserted.line, 15)
        XCTAssertThrowsError(
            try editor.insert(
                .string("note", "again"), intoEntry: 1, of: "deposit", in: "goals/bike.toml", action: Self.action)
        ) { error in
            XCTAssertTrue(
                (error as? EditError)?.description.contains("deposit[2] already has 'note'") == true, "\(error)")
        }
        XCTAssertThrowsError(
            try editor.insert(
                .string("note", "x"), intoEntry: 9, of: "deposit", in: "goals/bike.toml", action: Self.action))
    }

    /// A name with no ASCII letters is known by its catalogue id, as in data.json.
    func testFindsANameByTheCatalogueIDThatDataJSONUses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-slay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: root.appendingPathComponent("content"), to: folder)
        let slain = try SlayEntry(name: "iqiyi", on: "2026-11-29").apply(
            data: folder.path, now: Date())
        XCTAssertEqual(slain.name, "爱奇艺")
        let text = try String(
            contentsOf: folder.appendingPathComponent("subscriptions/streaming.toml"), encoding: .utf8)
        XCTAssertTrue(text.contains("killed = 2026-11-29"))
    }

    private let mixed = """
        [[subscription]]
        name = "京东PLUS会员"
        catalog = false
        price = 148
        cycle = "yearly"

        [[subscription]]
        name = "ChatGPT Plus"
        price = 20
        cycle = "monthly"

        [[subscription]]
        name = "GitHub Copilot"
        price = 10
        cycle = "monthly"

        [[subscription]]
        name = "B站大会员"
        price = 25
        cycle = "monthly"

        [[subscription]]
        name = "Netflix 4K"
        price = 22.99
        cycle = "monthly"

        """

    /// Issue 13: "plus" is a word of "京东PLUS会员" but not its id, so it slays nothing and suggests;
    /// the id is `sub-` and the SHA-256 of the name, as in data.json.
    func testANameOutsideASCIIIsNotKnownByItsASCIIPart() throws {
        try write(mixed, to: "subscriptions/mixed.toml")
        let before = snapshot()
        let (status, out) = run(["plus"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix("sandjar: unknown subscription 'plus'; did you mean '京东PLUS会员' or 'ChatGPT Plus'?\n"),
            out.err)
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(
            run(["sub-aaa2789e", "--on", "2026-11-01"]).1.out,
            "slain: 京东PLUS会员 on 2026-11-01 (\(data.path)/subscriptions/mixed.toml:6)\n")
    }

    /// Words of a name and catalogue aliases suggest ("copilot", "哔哩哔哩"); they never slay.
    func testWordsAndCatalogueAliasesSuggest() throws {
        try write(mixed, to: "subscriptions/mixed.toml")
        let before = snapshot()
        let (copilot, copilotOut) = run(["copilot"])
        XCTAssertEqual(copilot, 1)
        XCTAssertTrue(
            copilotOut.err.hasPrefix("sandjar: unknown subscription 'copilot'; did you mean 'GitHub Copilot'?\n"),
            copilotOut.err)
        let (bilibili, bilibiliOut) = run(["哔哩哔哩"])
        XCTAssertEqual(bilibili, 1)
        XCTAssertTrue(
            bilibiliOut.err.hasPrefix("sandjar: unknown subscription '哔哩哔哩'; did you mean 'B站大会员'?\n"),
            bilibiliOut.err)
        XCTAssertEqual(snapshot(), before)
        // The catalogue id is the id data.json gives it.
        XCTAssertEqual(
            run(["bilibili", "--on", "2026-11-01"]).1.out,
            "slain: B站大会员 on 2026-11-01 (\(data.path)/subscriptions/mixed.toml:21)\n")
    }

    /// A catalogue id two subscriptions share names both, so it is refused with both places.
    func testACatalogueIDSharedBySeveralIsRefused() throws {
        try write(mixed, to: "subscriptions/mixed.toml")
        try write(
            "[[subscription]]\nname = \"Netflix\"\nprice = 15.49\ncycle = \"monthly\"\n", to: "subscriptions/x.toml")
        let before = snapshot()
        let (status, out) = run(["netflix"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "sandjar: 'netflix' matches 2 active subscriptions; name one by its id:\n"
                + "  netflix    Netflix 4K (\(data.path)/subscriptions/mixed.toml:22)\n"
                + "  netflix-2  Netflix (\(data.path)/subscriptions/x.toml:1)\n")
        XCTAssertEqual(snapshot(), before)
    }

    /// `slay` and data.json name every subscription alike.
    func testIDsAreTheOnesDataJSONUses() throws {
        try write(mixed, to: "subscriptions/mixed.toml")
        let folder = DataFolder(path: data.path)
        let log = DiagnosticLog(strict: false)
        let loaded = try XCTUnwrap(DataLoader(folder: folder, log: log).load())
        let catalog = ShippedCatalog.load(data: data.path, theme: nil).overlaid(by: loaded.data.catalog)
        let report = SubscriptionReport(
            subscriptions: loaded.data.subscriptions, catalog: catalog, rates: loaded.data.rates,
            today: CalendarDate(iso: "2026-11-29")!)
        let ids = try SubscriptionEntries(folder: folder, catalog: catalog).all().map(\.id)
        XCTAssertEqual(ids, report.items.map(\.id))
        XCTAssertEqual(
            ids, ["music", "sub-aaa2789e", "chatgpt-plus", "github-copilot", "bilibili", "netflix"])
    }
}
