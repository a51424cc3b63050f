import Domain
import Foundation
import Subscriptions
import XCTest

@testable import SiteData
@testable import Statement

/// Inputs that hung the statement fuzz target (`make fuzz`, Fuzz/csv) or its path through
/// `sandjar detect`: `StatementCSV`, then `RecurringCharges.detect` on the money out.
final class FuzzRegressionTests: XCTestCase {
    private func detect(_ bytes: [UInt8]) throws -> [RecurringCharges.Suggestion] {
        let statement = try StatementCSV(bytes: bytes, path: "fuzz.csv")
        let charges = statement.rows.filter { $0.amount < 0 }.map { row in
            RecurringCharges.Charge(date: row.date, payee: row.payee, amount: -row.amount, currency: row.currency)
        }
        return RecurringCharges.detect(charges, until: statement.period?.upperBound)
    }

    /// 3,000 weekly charges to one payee whose amounts wobble, 10.00 and 10.20, then 12.00 and
    /// 12.30: looking for the price change sorted every later run afresh, minutes of work for a
    /// 100 KB file (2 minutes at 4,000 charges). Now the runs are kept sorted as they grow.
    func testManyWobblingChargesToOnePayeeFindTheirPriceChangeQuickly() throws {
        var csv = Array("Date,Payee,Amount\n".utf8)
        var date = CalendarDate(year: 1950, month: 1, day: 2)!
        for index in 0..<3_000 {
            let amount = index < 1_500 ? (index % 2 == 0 ? "10.00" : "10.20") : (index % 2 == 0 ? "12.00" : "12.30")
            csv += Array("\(date),GYM,-\(amount)\n".utf8)
            date = date.adding(days: 7)
        }
        let found = try detect(csv)
        let gym = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(gym.cycle, .weekly)
        XCTAssertEqual(gym.charges.count, 3_000)
        XCTAssertEqual(
            gym.priceChange,
            RecurringCharges.PriceChange(
                from: Decimal(string: "10.20")!, to: Decimal(string: "12.00")!,
                on: CalendarDate(year: 1950, month: 1, day: 2)!.adding(days: 7 * 1_500)))
    }

    /// A card statement spliced into a bank statement's list of transactions (found by the ofx
    /// fuzz target): the bank statement's transactions after the card's were read first, and the
    /// card's after them, out of the file's order of lines. Each transaction is now one of the
    /// statement nearest around it, and the rows come in the order of lines.
    func testAStatementNestedInAnothersListKeepsTheRowsInLineOrder() throws {
        let ofx = """
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR
            <BANKACCTFROM><ACCTID>BANK1</BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><DTPOSTED>20260612<TRNAMT>-1.00<FITID>b1<NAME>FIRST</STMTTRN>
            <STMTTRN><DTPOSTED>20260630<TRNAMT>-2.00<FITID>b2<NAME>SPLICED
            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD
            <CCACCTFROM><ACCTID>CARD1</CCACCTFROM><BANKTRANLIST>
            <STMTTRN><DTPOSTED>20260102<TRNAMT>-9.99<NAME>HULU</STMTTRN>
            </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
            </STMTTRN>
            <STMTTRN><DTPOSTED>20260803<TRNAMT>-3.00<FITID>b3<NAME>LAST</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let statement = try BankStatement(bytes: Array(ofx.utf8), path: "s.ofx")
        let lines = statement.rows.map(\.line)
        XCTAssertEqual(lines, lines.sorted(), "\(statement.rows)")
        XCTAssertEqual(statement.rows.filter { $0.payee == "HULU" }.count, 1)
        XCTAssertEqual(statement.rows.first { $0.payee == "HULU" }?.account, "CARD1")
        XCTAssertEqual(statement.rows.first { $0.payee == "LAST" }?.account, "BANK1")
    }
}
