import Domain
import Foundation
import SiteData
import XCTest

@testable import Statement

/// Statements as banks and tools write them, not as the specifications do (DESIGN.md §3): each
/// oddity of a file in `../shared/corpus`, written small here so it is tested without the corpus
/// (`StatementReferenceTests` holds the real files against other readers).
final class StatementAsBanksWriteTests: XCTestCase {
    private func read(_ text: String, account: String? = nil) throws -> BankStatement {
        try BankStatement(bytes: Array(text.utf8), path: "s", account: account)
    }

    private func failure(_ bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try BankStatement(bytes: bytes, path: "s")
            return nil
        } catch {
            return error
        }
    }

    private func summary(_ statement: BankStatement) -> [String] {
        statement.rows.map { "\($0.date) \($0.payee) \($0.amount) \($0.account ?? "-")" }
    }

    private static let sgmlHeader = "OFXHEADER:100\nDATA:OFXSGML\n\n"

    func testOFXEndTagsAfterWhatFollowsThemArePassedOver() throws {
        // As beancount-import's Amex file: a value's end tag after the values that follow it.
        let statement = try read(
            "<OFX><SONRS><STATUS><CODE>0 <SEVERITY>INFO </SEVERITY></CODE></STATUS></SONRS>"
                + "<CCSTMTRS><CURDEF>USD <CCACCTFROM><ACCTID>37 </ACCTID></CCACCTFROM><BANKTRANLIST>"
                + "<STMTTRN><TRNTYPE>DEBIT <DTPOSTED>20131124000000.000[-7:MST] <TRNAMT>-143.94 <FITID>1 "
                + "</FITID></TRNAMT></DTPOSTED><NAME>SHOP</NAME></TRNTYPE></STMTTRN>"
                + "</BANKTRANLIST></CURDEF></CCSTMTRS></OFX>")
        XCTAssertEqual(summary(statement), ["2013-11-24 SHOP -143.94 37"])
        // An end tag naming nothing ever opened is still an error.
        XCTAssertEqual(
            failure(Array((Self.sgmlHeader + "<OFX>\n<CODE>0\n</SONRS>\n</OFX>\n").utf8))?.headline,
            "s:6:1: error: </SONRS> closes nothing: no <SONRS> is open")
    }

    func testAnOFX2HeaderOverAnSGMLBodyIsReadAsSGML() throws {
        let statement = try read(
            "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"203\"?>\n<OFX><CCSTMTRS><CURDEF>AUD\n"
                + "<CCACCTFROM><ACCTID>1</CCACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20170508\n"
                + "<TRNAMT>-5.50\n<MEMO>COFFEE\n</STMTTRN></BANKTRANLIST></CCSTMTRS></OFX>\n")
        XCTAssertEqual(statement.format, .ofx1)
        XCTAssertEqual(summary(statement), ["2017-05-08 COFFEE -5.5 1"])
    }

    func testTheSpecificationsExamplesNameNoPayeeAndWriteDecimalCommas() throws {
        // The OFX specification's STMTRS example (and ofxtools' euro copy of it): no NAME or MEMO,
        // `<!-- -->` comments after the values.
        let statement = try read(
            Self.sgmlHeader
                + "<OFX><STMTRS><CURDEF>USD <!-- currency -->\n<BANKACCTFROM><ACCTID>999988 <!-- id -->\n"
                + "</BANKACCTFROM><BANKTRANLIST>\n"
                + "<STMTTRN><TRNTYPE>CHECK<DTPOSTED>19961004<TRNAMT>-200,00<FITID>2<CHECKNUM>1000</STMTTRN>\n"
                + "<STMTTRN><TRNTYPE>ATM <!-- cash --><DTPOSTED>19961020<TRNAMT>-300,00<FITID>3</STMTTRN>\n"
                + "</BANKTRANLIST></STMTRS></OFX>\n")
        XCTAssertEqual(
            summary(statement), ["1996-10-04 CHECK 1000 -200 999988", "1996-10-20 ATM -300 999988"])
    }

    func testAnInvestmentStatementIsRefusedAsOne() {
        XCTAssertEqual(
            failure(
                Array(
                    (Self.sgmlHeader + "<OFX>\n<INVSTMTMSGSRSV1>\n  <INVSTMTRS>\n  </INVSTMTRS>\n"
                        + "</INVSTMTMSGSRSV1>\n</OFX>\n").utf8))?.headline,
            "s:6:3: error: an investment statement (<INVSTMTRS>): sandjar reads bank and card statements "
                + "(<STMTRS>, <CCSTMTRS>); export the cash account's transactions instead")
    }

    func testQIFCommentsAutoSwitchAccountsSplitsAndAGluedClearedFlag() throws {
        let text = """
            ### comments first, as quiffen's files
            !Option:AutoSwitch
            !Account
            NPortfolio
            TPort
            ^
            !Clear:AutoSwitch
            !Account
            NChecking
            TBank
            ^
            !Type:Bank
            D2/10'2020
            T-100.00
            PAmazon.com
            SFood
            D1/10'2020
            $-100.00
            ^
            D2/11'2020
            T42.32CX
            PRefund
            ^

            """
        let statement = try read(text)
        XCTAssertEqual(statement.format, .qif)
        XCTAssertEqual(
            summary(statement), ["2020-02-10 Amazon.com -100 Checking", "2020-02-11 Refund 42.32 Checking"],
            "the split's D line is the split's date, not the record's")
        // The same with CR line ends (a classic Mac), and with CRLF and blank lines between fields.
        let mac = try read(text.replacingOccurrences(of: "\n", with: "\r"))
        XCTAssertEqual(summary(mac), summary(statement))
        let windows = try read(text.replacingOccurrences(of: "\n", with: "\r\n\r\n"))
        XCTAssertEqual(summary(windows), summary(statement))
    }

    func testQIFFromAClassicMacIsMacRoman() throws {
        // 0xDB is € in MacRoman (Û in Latin-1), 0xD1 an em dash.
        let bytes = Array("!Type:CCard\rD1.12.08\rT-9.99\rPCAF\u{00}\r^\r".utf8).map { $0 == 0 ? 0xDB : $0 }
        let statement = try BankStatement(bytes: bytes + Array("D2.12.08\rT-1.00\rPX\r^\r".utf8), path: "s")
        XCTAssertEqual(statement.rows.first?.payee, "CAF€")
    }

    func testAQIFOfInvestmentsAloneIsRefusedAsOne() {
        XCTAssertEqual(
            failure(Array("# a comment\n!Type:Invst\nD1/ 1'01\nNBuy\n^\n".utf8))?.headline,
            "s:2:1: error: an investment account (!Type:Invst): sandjar reads bank, cash and card accounts "
                + "(!Type:Bank, Cash, CCard); export one of those")
    }

    private func camt(_ entries: String, second: String = "") -> String {
        """
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.04"><BkToCstmrAcctRpt>
        <Rpt><Acct><Id><IBAN>DE01</IBAN></Id></Acct>\(entries)</Rpt>\(second)
        </BkToCstmrAcctRpt></Document>
        """
    }

    func testCamtReportsAccountsPendingEntriesAndBatchesThatDoNotAddUp() throws {
        let debit = """
            <Ntry><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-02</Dt></BookgDt>
            <AddtlNtryInf>GYM</AddtlNtryInf></Ntry>
            """
        let other = "<Rpt><Acct><Id><Othr><Id>77</Id></Othr></Id></Acct>\(debit)</Rpt>"
        let statement = try read(camt(debit, second: other))
        XCTAssertEqual(statement.accounts, ["DE01", "77"])
        XCTAssertEqual(try read(camt(debit, second: other), account: "77").rows.map(\.account), ["77"])
        // A pending entry alone: nothing booked to read, said so.
        let pending = debit.replacingOccurrences(of: "<BookgDt>", with: "<Sts>PDNG</Sts><BookgDt>")
        XCTAssertEqual(
            failure(Array(camt(pending).utf8))?.headline,
            "s:1:66: error: nothing booked to read: 1 entry not booked yet (<Sts> pending or for information) "
                + "left out")
        // A batch whose transactions do not add up to the entry (genkgo's camt.054) is the entry.
        let batch = """
            <Ntry><Amt Ccy="SEK">200000</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2007-10-18</Dt></BookgDt>
            <NtryDtls><TxDtls><Amt Ccy="CHF">3.1</Amt><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties></TxDtls>
            <TxDtls><Amt Ccy="CHF">3.2</Amt><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
            """
        XCTAssertEqual(try read(camt(batch)).rows.map(\.amount), [-200000])
    }
}
