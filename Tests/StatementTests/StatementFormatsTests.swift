import Domain
import Foundation
import SiteData
import Subscriptions
import TestSupport
import XCTest

@testable import Statement

/// Bank statements in OFX 1.x (SGML), OFX 2.x (XML), QIF and camt.053 (DESIGN.md §3): told apart
/// by their content, read into the rows a CSV gives, and refused at their line and column when
/// malformed. The fixtures in `Tests/Fixtures/statements/eu-2026.*` are one statement — 25
/// transactions of a German current account, June to November 2026 — written by hand in each
/// format (the OFX 1.x one in Windows-1252, as its header says, with CRLF line ends).
final class StatementFormatsTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/statements")

    static let fixtures: [(file: String, format: BankStatement.Format)] = [
        ("eu-2026.csv", .csv), ("eu-2026.qif", .qif), ("eu-2026.ofx", .ofx1), ("eu-2026-v2.ofx", .ofx2),
        ("eu-2026.camt053.xml", .camt053),
    ]

    private func fixture(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> BankStatement {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        do {
            return try BankStatement(bytes: bytes, path: name)
        } catch {
            XCTFail(error.description, file: file, line: line)
            throw error
        }
    }

    private func read(_ text: String, path: String = "statement") throws -> BankStatement {
        try BankStatement(bytes: Array(text.utf8), path: path)
    }

    private func failure(_ text: String, path: String = "statement") -> Diagnostic? {
        failure(Array(text.utf8), path: path)
    }

    private func failure(_ bytes: [UInt8], path: String = "statement") -> Diagnostic? {
        do {
            _ = try BankStatement(bytes: bytes, path: path)
            return nil
        } catch {
            return error
        }
    }

    private func d(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    func testTheFormatIsToldFromTheContentNotTheName() throws {
        for (file, format) in Self.fixtures {
            XCTAssertEqual(try fixture(file).format, format, file)
        }
        // Named .txt, it is still OFX.
        let renamed = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("eu-2026-v2.ofx")))
        XCTAssertEqual(try BankStatement(bytes: renamed, path: "download.txt").format, .ofx2)
    }

    func testTheFiveFormatsGiveTheSameRows() throws {
        struct Plain: Equatable {
            var date: CalendarDate
            var payee: String
            var amount: Decimal
        }
        let csv = try fixture("eu-2026.csv")
        XCTAssertEqual(csv.rows.count, 25)
        XCTAssertEqual(csv.rows.filter { $0.amount < 0 }.count, 18)
        XCTAssertEqual(csv.rows[12].payee, "Bäckerei Müller & Söhne")
        XCTAssertEqual(csv.rows[2].amount, 3200)
        for (file, format) in Self.fixtures.dropFirst() {
            let other = try fixture(file)
            XCTAssertEqual(
                other.rows.map { Plain(date: $0.date, payee: $0.payee, amount: $0.amount) },
                csv.rows.map { Plain(date: $0.date, payee: $0.payee, amount: $0.amount) }, file)
            // QIF names no currency; the others say EUR on every row.
            XCTAssertEqual(
                Set(other.rows.map { $0.currency?.code ?? "none" }), format == .qif ? ["none"] : ["EUR"], file)
            XCTAssertEqual(other.period, d("2026-06-12")...d("2026-11-30"), file)
        }
    }

    func testWhatEachFormatNotes() throws {
        // OFX 1.x: the download overlapped, so one transaction came twice under its FITID.
        let ofx = try fixture("eu-2026.ofx")
        XCTAssertEqual(
            ofx.notes.map(\.description), ["eu-2026.ofx: note: 1 transaction with a FITID seen before counted once"])
        // camt.053: the pending entry of Dec 1 is left out.
        XCTAssertEqual(
            try fixture("eu-2026.camt053.xml").notes.map(\.description),
            ["eu-2026.camt053.xml: note: 1 entry not booked yet (pending) left out"])
        // QIF: 06/15/2026 settles month first; no note needed. The account list is passed over.
        XCTAssertEqual(try fixture("eu-2026.qif").notes, [])
        let camt = try fixture("eu-2026.camt053.xml")
        XCTAssertEqual(camt.rows[0].mandate, "SPOT-4471-DE")
        XCTAssertEqual(camt.rows[0].line, 29, "a row's line is its <Ntry>")
        XCTAssertNil(camt.rows[1].mandate, "a card payment has no mandate")
    }

    /// One mandate, three spellings of the creditor: grouped as one subscription for certain.
    func testAMandateGroupsACreditorsChargesWhateverTheName() throws {
        func entry(_ date: String, _ name: String, mandate: Bool) -> String {
            """
                  <Ntry><Amt Ccy="EUR">29.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>\(date)</Dt></BookgDt>
                    <NtryDtls><TxDtls>\(mandate ? "<Refs><MndtId>VF-2231-77</MndtId></Refs>" : "")
                      <RltdPties><Cdtr><Nm>\(name)</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
            """
        }
        func statement(mandate: Bool) -> String {
            """
            <?xml version="1.0"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
            \(entry("2026-08-28", "Vodafone GmbH", mandate: mandate))
            \(entry("2026-09-28", "VODAFONE DEUTSCHLAND", mandate: mandate))
            \(entry("2026-10-28", "Vodafone Kabel Deutschland GmbH", mandate: mandate))
            \(entry("2026-11-28", "Vodafone GmbH", mandate: mandate))
            </Stmt></BkToCstmrStmt></Document>
            """
        }
        func suggestions(_ text: String) throws -> [RecurringCharges.Suggestion] {
            let rows = try read(text).rows
            return RecurringCharges.detect(
                rows.map {
                    RecurringCharges.Charge(
                        date: $0.date, payee: $0.payee, amount: -$0.amount, currency: $0.currency, mandate: $0.mandate)
                })
        }
        let grouped = try suggestions(statement(mandate: true))
        XCTAssertEqual(grouped.map(\.name), ["Vodafone GmbH"], "the latest charge's name")
        XCTAssertEqual(grouped.first?.charges.count, 4)
        XCTAssertEqual(grouped.first?.nextBilling, d("2026-12-28"))
        XCTAssertEqual(try suggestions(statement(mandate: false)).map(\.name), [], "three payees, none charged 3 times")
    }

    func testABatchEntryIsARowPerTransaction() throws {
        let statement = try read(
            """
            <Document><BkToCstmrStmt><Stmt>
              <Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-02</Dt></BookgDt>
                <NtryDtls>
                  <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">12.00</Amt></TxAmt></AmtDtls>
                    <Refs><MndtId>M-1</MndtId></Refs><RltdPties><Cdtr><Nm>Gym</Nm></Cdtr></RltdPties></TxDtls>
                  <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">18.00</Amt></TxAmt></AmtDtls>
                    <RltdPties><Cdtr><Pty><Nm>Club</Nm></Pty></Cdtr></RltdPties></TxDtls>
                </NtryDtls></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """)
        XCTAssertEqual(statement.rows.map(\.payee), ["Gym", "Club"])
        XCTAssertEqual(statement.rows.map(\.amount), [-12, -18])
        XCTAssertEqual(statement.rows.map(\.mandate), ["M-1", nil])
    }

    func testOFXOneReadsValuesWithoutEndTagsAndDeclaredCharsets() throws {
        let sgml = """
            OFXHEADER:100
            DATA:OFXSGML
            CHARSET:1252

            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>usd
            <BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261102120000[-5:EST]<TRNAMT>-15,49<FITID>1<NAME>AT&T Wireless<MEMO>
            </STMTTRN>
            <STMTTRN><DTPOSTED>20261103<TRNAMT>-1.00<FITID>2<PAYEE><NAME>Caf\u{E9} &amp; Co</PAYEE></STMTTRN>
            </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
            """
        // Windows-1252 bytes: é is 0xE9.
        var bytes: [UInt8] = []
        for scalar in sgml.unicodeScalars {
            bytes += scalar.value < 0x80 ? [UInt8(scalar.value)] : [UInt8(scalar.value & 0xFF)]
        }
        let statement = try BankStatement(bytes: bytes, path: "card.ofx")
        XCTAssertEqual(statement.format, .ofx1)
        XCTAssertEqual(statement.rows.map(\.payee), ["AT&T Wireless", "Café & Co"])
        XCTAssertEqual(statement.rows.map(\.amount), [dec("-15.49"), -1])
        XCTAssertEqual(statement.rows.map(\.date), [d("2026-11-02"), d("2026-11-03")])
        XCTAssertEqual(statement.rows.map { $0.currency?.code }, ["USD", "USD"])
    }

    func testUnreadableTransactionsAreWarningsAtTheirPlace() throws {
        let statement = try read(
            """
            <?xml version="1.0"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF><BANKTRANLIST>
              <STMTTRN><DTPOSTED>2026-11-02</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>A</NAME></STMTTRN>
              <STMTTRN><DTPOSTED>20261103</DTPOSTED><TRNAMT>lots</TRNAMT><NAME>B</NAME></STMTTRN>
              <STMTTRN><DTPOSTED>20261104</DTPOSTED><TRNAMT>-2.00</TRNAMT><NAME>C</NAME></STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """, path: "s.ofx")
        XCTAssertEqual(statement.rows.map(\.payee), ["C"])
        XCTAssertEqual(
            statement.notes.map(\.description),
            [
                """
                s.ofx:3:3: warning: <DTPOSTED> '2026-11-02' is not a date such as 20261102; skipped
                    <STMTTRN><DTPOSTED>2026-11-02</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>A</NAME></STMTTRN>
                    ^
                """,
                """
                s.ofx:4:3: warning: <TRNAMT> 'lots' is not an amount; skipped
                    <STMTTRN><DTPOSTED>20261103</DTPOSTED><TRNAMT>lots</TRNAMT><NAME>B</NAME></STMTTRN>
                    ^
                """,
            ])
        let qif = try read("!Type:CCard\nD13/31/2026\nT-1.00\nPX\n^\nD11/02/2026\nT-2.00\nPY\n^\nD11/03/2026\nPZ\n^\n")
        XCTAssertEqual(qif.rows.map(\.payee), ["Y"])
        XCTAssertEqual(
            qif.notes.map(\.headline),
            [
                "statement: note: dates such as 11/02/2026 could be read either way; reading them as month/day/year, "
                    + "as Quicken writes them (--dates dmy, mdy or ymd says otherwise)",
                "statement:2:1: warning: '13/31/2026' is not a date; skipped",
                "statement:10:1: warning: this record has no amount (a T line); skipped",
            ])
    }

    func testAMalformedFileIsOneErrorAtItsLineAndColumn() {
        // OFX 1.x: an end tag that skips a transaction's own.
        XCTAssertEqual(
            failure(
                "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTRS><BANKTRANLIST>\n<STMTTRN>\n<TRNAMT>-1\n"
                    + "</STMTTRN>\n<STMTTRN>\n<TRNAMT>-2\n</BANKTRANLIST>\n</STMTRS></BANKMSGSRSV1></OFX>\n",
                path: "a.ofx")?.description,
            """
            a.ofx:10:1: error: </BANKTRANLIST> comes before </STMTTRN>, which <STMTTRN> at 8:1 needs
              </BANKTRANLIST>
              ^
            """)
        XCTAssertEqual(
            failure("OFXHEADER:100\n\n<OFX>\n<CODE>0\n</SONRS>\n</OFX>\n", path: "b.ofx")?.headline,
            "b.ofx:5:1: error: </SONRS> closes nothing: no <SONRS> is open")
        XCTAssertEqual(
            failure("OFXHEADER:100\n\n<OFX>\n<BANKMSGSRSV1>\n<CODE>0\n</BANKMSGSRSV1>\n", path: "c.ofx")?.headline,
            "c.ofx:7:1: error: the file ends before </OFX>, which <OFX> at 3:1 needs")
        // XML: an end tag for the wrong element, an unknown entity, a file cut short.
        XCTAssertEqual(
            failure("<?xml version=\"1.0\"?>\n<OFX>\n  <STMTRS><CURDEF>EUR</STMTRS>\n</OFX>\n", path: "d.ofx")?
                .description,
            """
            d.ofx:3:22: error: </STMTRS> does not close <CURDEF>, opened at 3:11; expected </CURDEF>
                <STMTRS><CURDEF>EUR</STMTRS>
                                   ^
            """)
        XCTAssertEqual(
            failure("<Document>\n<BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>Caf&eacute;</AddtlNtryInf>", path: "e.xml")?
                .headline,
            "e.xml:2:45: error: '&' starts an entity that XML does not know; write & as &amp;")
        XCTAssertEqual(
            failure("<?xml version=\"1.0\"?>\n<Document>\n  <BkToCstmrStmt>\n", path: "f.xml")?.headline,
            "f.xml:3:3: error: the file ends before </BkToCstmrStmt>, which <BkToCstmrStmt> at 3:3 opened")
        XCTAssertEqual(
            failure("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>\n", path: "g.xml")?.headline,
            "g.xml:2:1: error: an XML file, but neither OFX (<OFX>) nor an ISO 20022 camt.053 statement "
                + "(<Document> holding <BkToCstmrStmt>); its root is <rss>")
        XCTAssertEqual(
            failure("<Document><BkToCstmrStmt><Stmt></Stmt></BkToCstmrStmt></Document>", path: "h.xml")?.headline,
            "h.xml:1:11: error: this statement holds no entry (<Ntry>)")
        XCTAssertEqual(
            failure("<?xml version=\"1.0\"?><OFX a=1></OFX>", path: "j.ofx")?.headline,
            "j.ofx:1:29: error: an attribute's value is written in quotes: a=\"…\"")
        // QIF with nothing but investments: refused as that.
        XCTAssertEqual(
            failure("!Type:Invst\nD11/02/2026\nNBuy\nT-100.00\n^\n", path: "k.qif")?.headline,
            "k.qif:1:1: error: an investment account (!Type:Invst): sandjar reads bank, cash and card accounts "
                + "(!Type:Bank, Cash, CCard); export one of those")
        // Not UTF-8, and no encoding declared.
        XCTAssertEqual(
            failure(
                [UInt8]("<Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>Caf".utf8) + [0xE9]
                    + [UInt8]("</AddtlNtryInf>".utf8), path: "l.xml")?
                .headline.hasPrefix("l.xml:1:55: error: invalid UTF-8 byte 0xE9: the file looks like"), true)
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        XCTAssertEqual(
            failure("<?xml version=\"1.0\"?>" + deep, path: "deep.xml")?.headline,
            "deep.xml:1:790: error: elements are nested more than 256 deep")
    }
}
