import Domain
import Foundation
import SiteData
import Subscriptions
import TestSupport
import XCTest

@testable import Statement

/// Reading bank exports for `sandjar detect`: CSV dialects, headers, dates and amounts.
final class StatementCSVTests: XCTestCase {
    private func read(
        _ text: String, columns: StatementCSV.Columns? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> StatementCSV {
        do {
            return try StatementCSV(bytes: Array(text.utf8), path: "statement.csv", columns: columns)
        } catch {
            XCTFail(error.description, file: file, line: line)
            throw error
        }
    }

    private func failure(_ bytes: [UInt8], columns: StatementCSV.Columns? = nil) -> Diagnostic? {
        do {
            _ = try StatementCSV(bytes: bytes, path: "statement.csv", columns: columns)
            return nil
        } catch {
            return error
        }
    }

    private func row(_ line: Int, _ date: String, _ payee: String, _ amount: String, _ currency: String? = nil)
        -> StatementCSV.Row
    {
        StatementCSV.Row(
            line: line, date: d(date), payee: payee, amount: Decimal(exactly: amount)!,
            currency: currency.flatMap { Currency(code: $0) })
    }

    private func d(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    func testQuotedFieldsHoldSeparatorsQuotesAndLineBreaks() throws {
        let csv = """
            Date,Description,Amount
            2026-11-02,"NETFLIX.COM, LOS GATOS",-15.49
            2026-11-03,"JOE'S ""FAMOUS"" PIZZA",-23.40
            2026-11-04,"TWO
            LINES",-1.00
            2026-11-05, "SPACED" ,-2.00
            2026-11-06,PLAIN "QUOTE",-3.00

            """
        let statement = try read(csv)
        XCTAssertEqual(
            statement.rows,
            [
                row(2, "2026-11-02", "NETFLIX.COM, LOS GATOS", "-15.49"),
                row(3, "2026-11-03", "JOE'S \"FAMOUS\" PIZZA", "-23.40"),
                row(4, "2026-11-04", "TWO LINES", "-1.00"),
                row(6, "2026-11-05", "SPACED", "-2.00"),
                row(7, "2026-11-06", "PLAIN \"QUOTE\"", "-3.00"),
            ])
        XCTAssertEqual(statement.notes, [])
        XCTAssertEqual(statement.separator, ",")
    }

    func testBOMCRLFAndSemicolonsWithADecimalComma() throws {
        let csv =
            "\u{FEFF}Buchungstag;Verwendungszweck;Betrag;Währung\r\n"
            + "02.11.2026;NETFLIX.COM 1234;-15,49;EUR\r\n"
            + "03.11.2026;\"MIETE; NOVEMBER\";-1.234,56;EUR\r\n"
            + "15.11.2026;GEHALT;2.500,00;EUR\r\n"
        let statement = try read(csv)
        XCTAssertEqual(statement.separator, ";")
        XCTAssertEqual(
            statement.rows,
            [
                row(2, "2026-11-02", "NETFLIX.COM 1234", "-15.49"),
                row(3, "2026-11-03", "MIETE; NOVEMBER", "-1234.56"),
                row(4, "2026-11-15", "GEHALT", "2500"),
            ])
        XCTAssertEqual(statement.columns.currency, nil, "Währung is not a header name sandjar knows")
    }

    func testTabsAndChineseHeadersWithDebitAndCreditColumns() throws {
        let csv = """
            支付宝交易记录明细查询
            交易日期\t交易对方\t商品名称\t支出（元）\t收入（元）\t币种
            2026年11月2日\t网易云音乐\t黑胶VIP\t¥15.00\t\t人民币
            2026年11月3日\t京东商城\t退款\t\t¥299.00\t人民币
            2026年11月4日 12:30\t美团\t外卖\t32.5\t0.00\tCNY

            """
        let statement = try read(csv)
        XCTAssertEqual(statement.separator, "\t")
        XCTAssertEqual(statement.columns, StatementCSV.Columns(date: 0, payee: 1, debit: 3, credit: 4, currency: 5))
        XCTAssertEqual(
            statement.rows,
            [
                row(3, "2026-11-02", "网易云音乐", "-15", "CNY"),
                row(4, "2026-11-03", "京东商城", "299", "CNY"),
                row(5, "2026-11-04", "美团", "-32.5", "CNY"),
            ])
    }

    func testADirectionColumnSignsTheAmount() throws {
        let csv = """
            交易创建时间,交易对方,商品名称,金额（元）,收/支,交易状态
            2026-11-02 08:01:22,网易云音乐,黑胶VIP,15.00,支出,交易成功
            2026-11-03 09:00:00,京东商城,退款,299.00,收入,退款成功
            2026-11-04 10:00:00,余额宝,转入,100.00,不计收支,交易成功

            """
        let statement = try read(csv)
        XCTAssertEqual(statement.columns.direction, 4)
        XCTAssertEqual(
            statement.rows.map(\.amount), [Decimal(-15), Decimal(299)], "不计收支 moves no money either way")
        XCTAssertEqual(statement.notes, [])
    }

    func testAmountForms() {
        let cases: [(String, Bool, String?, String?)] = [
            ("-15.49", false, "-15.49", nil), ("15,49", true, "15.49", nil), ("15,49", false, "15.49", nil),
            ("1,234.56", false, "1234.56", nil), ("1.234,56", true, "1234.56", nil), ("1 234,56", true, "1234.56", nil),
            ("1'234.50", false, "1234.5", nil), ("12,34,567.00", false, "1234567", nil), ("1,234", false, "1234", nil),
            ("1.234", true, "1234", nil), ("1.234", false, "1.234", nil), ("¥15.00", false, "15", nil),
            ("￥15.00", false, "15", nil), ("$15.49", false, "15.49", nil), ("-$15.49", false, "-15.49", nil),
            ("$-15.49", false, "-15.49", nil), ("(15.49)", false, "-15.49", nil), ("15.49-", false, "-15.49", nil),
            ("−15.49", false, "-15.49", nil), ("+3.00", false, "3", nil), (".50", false, "0.5", nil),
            ("USD 15.49", false, "15.49", "USD"), ("15.49 EUR", false, "15.49", "EUR"), ("€9,99", true, "9.99", "EUR"),
            ("US$15.49", false, "15.49", "USD"), ("HK$88", false, "88", "HKD"), ("RMB 25", false, "25", "CNY"),
            ("25.00元", false, "25", nil), ("15.49 DR", false, "-15.49", nil), ("15.49 CR", false, "15.49", nil),
            ("abc", false, nil, nil), ("", false, nil, nil), ("1.2.3", false, nil, nil), ("12,34", false, "12.34", nil),
            ("--5", false, nil, nil), ("5 apples", false, nil, nil), ("1e3", false, nil, nil),
            ("1234567890123456", false, nil, nil), ("(-5)", false, nil, nil), ("1,23", false, "1.23", nil),
            ("1,2345", false, "1.2345", nil),
        ]
        for (cell, comma, value, currency) in cases {
            let amount = StatementCSV.amount(cell, decimalComma: comma)
            XCTAssertEqual(amount?.value, value.flatMap { Decimal(exactly: $0) }, "'\(cell)'")
            XCTAssertEqual(amount?.currency?.code, currency, "'\(cell)'")
        }
    }

    func testDateForms() {
        let cases: [(String, StatementCSV.DateOrder, String?)] = [
            ("2026-11-02", .dayFirst, "2026-11-02"), ("2026/11/02", .dayFirst, "2026-11-02"),
            ("2026.11.2", .dayFirst, "2026-11-02"), ("20261102", .dayFirst, "2026-11-02"),
            ("2026年11月2日", .dayFirst, "2026-11-02"), ("2026年11月2日 13:45", .dayFirst, "2026-11-02"),
            ("02/11/2026", .dayFirst, "2026-11-02"), ("02/11/2026", .monthFirst, "2026-02-11"),
            ("2.11.26", .dayFirst, "2026-11-02"), ("11-02-2026", .monthFirst, "2026-11-02"),
            ("2026-11-02T13:45:00Z", .dayFirst, "2026-11-02"), ("2026-11-02 13:45:10", .dayFirst, "2026-11-02"),
            ("02 Nov 2026", .monthFirst, "2026-11-02"), ("Nov 2, 2026", .dayFirst, "2026-11-02"),
            ("2-Nov-26", .dayFirst, "2026-11-02"), ("Mon 2 November 2026", .dayFirst, "2026-11-02"),
            ("=\"2026-11-02\"", .dayFirst, "2026-11-02"), ("2026-02-30", .dayFirst, nil),
            ("13/13/2026", .dayFirst, nil),
            ("20261302", .dayFirst, nil), ("yesterday", .dayFirst, nil), ("", .dayFirst, nil),
            ("1850-01-01", .dayFirst, nil),
            ("2026-11", .dayFirst, nil), ("Nov 2026", .dayFirst, nil), ("12345678901", .dayFirst, nil),
        ]
        for (cell, order, expected) in cases {
            XCTAssertEqual(StatementCSV.dateShape(cell)?.date(order)?.description, expected, "'\(cell)' \(order)")
        }
    }

    func testDayOrMonthFirstIsDecidedByTheValues() throws {
        let us = try read("Date,Payee,Amount\n11/02/2026,A,-1\n11/13/2026,B,-1\n")
        XCTAssertEqual(us.dateOrder, .monthFirst)
        XCTAssertEqual(us.rows.map(\.date.description), ["2026-11-02", "2026-11-13"])
        let eu = try read("Date,Payee,Amount\n02/11/2026,A,-1\n13/11/2026,B,-1\n")
        XCTAssertEqual(eu.dateOrder, .dayFirst)
        XCTAssertEqual(eu.rows.map(\.date.description), ["2026-11-02", "2026-11-13"])
        // No day above 12: the reading under which the dates run in order wins.
        let ordered = try read(
            "Date,Payee,Amount\n01/02/2026,A,-1\n01/03/2026,B,-1\n01/04/2026,C,-1\n02/01/2026,D,-1\n")
        XCTAssertEqual(ordered.dateOrder, .monthFirst)
        XCTAssertEqual(
            ordered.notes.map(\.description),
            [
                "statement.csv: note: dates such as 01/02/2026 could be read either way; reading them as "
                    + "month/day/year, the order in which they run by date (--dates dmy, mdy or ymd says otherwise)"
            ])
        let either = try read("Date,Payee,Amount\n01/02/2026,A,-1\n")
        XCTAssertEqual(either.dateOrder, .dayFirst)
        XCTAssertEqual(
            either.notes.map(\.description),
            [
                "statement.csv: note: dates such as 01/02/2026 could be read either way; reading them as "
                    + "day/month/year, the order in which they run by date (--dates dmy, mdy or ymd says otherwise)"
            ])
    }

    /// 08/07/2026 in an en-US data folder is August 7 (issue 26), unless the dates themselves or
    /// `--dates` say otherwise; and the note says which reading was used.
    func testAmbiguousDatesFollowTheLocaleOrDates() throws {
        let csv = Array("Date,Payee,Amount\n08/07/2026,A,-1\n08/08/2026,A,-1\n".utf8)
        let american = try StatementCSV(bytes: csv, path: "s.csv", dates: .locale("en-US"))
        XCTAssertEqual(american.rows.map(\.date.description), ["2026-08-07", "2026-08-08"])
        XCTAssertEqual(
            american.notes.map(\.description),
            [
                "s.csv: note: dates such as 08/07/2026 could be read either way; reading them as month/day/year, "
                    + "as the data folder's locale en-US writes them (--dates dmy, mdy or ymd says otherwise)"
            ])
        let british = try StatementCSV(bytes: csv, path: "s.csv", dates: .locale("en-GB"))
        XCTAssertEqual(british.rows.map(\.date.description), ["2026-07-08", "2026-08-08"])
        let given = try StatementCSV(bytes: csv, path: "s.csv", dates: .given(.dayFirst))
        XCTAssertEqual(given.rows.map(\.date.description), ["2026-07-08", "2026-08-08"])
        XCTAssertEqual(given.notes.map(\.description), ["s.csv: note: reading dates as day/month/year (--dates dmy)"])
        // A day above 12 settles it, whatever the locale.
        let settled = try StatementCSV(
            bytes: Array("Date,Payee,Amount\n08/07/2026,A,-1\n25/07/2026,A,-1\n".utf8), path: "s.csv",
            dates: .locale("en-US"))
        XCTAssertEqual(settled.dateOrder, .dayFirst)
        XCTAssertEqual(settled.notes, [])
        // Year first, two-digit years: 26/07/08.
        let yearFirst = try StatementCSV(
            bytes: Array("Date,Payee,Amount\n26/07/08,A,-1\n".utf8), path: "s.csv", dates: .given(.yearFirst))
        XCTAssertEqual(yearFirst.rows.map(\.date.description), ["2026-07-08"])
    }

    /// `--columns date=9` on a file of three columns says so, not "0 after the header".
    func testColumnsPastTheRowsAreNamed() throws {
        let csv = Array("Date,Payee,Amount\n2026-11-01,A,-1\n2026-11-02,B,-1\n".utf8)
        let columns = try StatementCSV.Columns(option: "date=9,payee=2,amount=3")
        XCTAssertThrowsError(try StatementCSV(bytes: csv, path: "s.csv", columns: columns)) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.message,
                "--columns date=9,payee=2,amount=3 names column 9, but the rows have at most 3 (columns separated by ',')"
            )
        }
        let wrong = try StatementCSV.Columns(option: "date=2,payee=1,amount=3")
        XCTAssertThrowsError(try StatementCSV(bytes: csv, path: "s.csv", columns: wrong)) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.message,
                "no row has a date in column 2 (--columns date=2,payee=1,amount=3); which column holds the dates?")
        }
    }

    func testMalformedRowsAreWarningsNamingTheirLine() throws {
        let csv = """
            Date,Description,Amount,Currency
            2026-11-02,NETFLIX,-15.49,USD
            2026-13-02,NETFLIX,-15.49,USD
            2026-11-03,NETFLIX,lots,USD
            2026-11-04,,-1,USD
            2026-11-05,SHORT
            2026-11-06,ODD,-1,XYZ
            Total

            2026-11-07,"NEVER CLOSED,-1,USD
            """
        let statement = try read(csv)
        XCTAssertEqual(statement.rows, [row(2, "2026-11-02", "NETFLIX", "-15.49", "USD")])
        XCTAssertEqual(
            statement.notes.map(\.description),
            [
                "statement.csv:3: warning: '2026-13-02' is not a date",
                "statement.csv:4: warning: 'lots' is not an amount",
                "statement.csv:5: warning: no payee",
                "statement.csv:6: warning: has 2 fields, expected at least 3",
                "statement.csv:7: warning: 'XYZ' is not a currency code",
                "statement.csv:10: warning: a quoted field is never closed; the rest of the file was read as one field",
            ])
    }

    func testRowWarningsAreCapped() throws {
        let bad = (0..<70).map { "2026-11-\($0 % 28 + 1),SHOP,oops" }.joined(separator: "\n")
        let statement = try read("Date,Payee,Amount\n2026-11-01,SHOP,-1\n" + bad)
        XCTAssertEqual(statement.notes.count, StatementCSV.maxRowWarnings + 1)
        XCTAssertEqual(statement.notes.last?.description, "statement.csv: warning: 20 more rows skipped")
    }

    func testFilesThatHoldNothingUsableFail() {
        XCTAssertEqual(
            failure(Array("Date,Payee,Amount\n2026-13-01,X,-1\n".utf8))?.description,
            "statement.csv: error: no usable rows (1 after the header, 1 skipped); check the columns "
                + "(date=1,payee=2,amount=3) or give them with --columns")
        XCTAssertNotNil(failure([]))
        XCTAssertNotNil(failure(Array("just some text\nand more\n".utf8)))
        XCTAssertEqual(
            failure([0x44, 0x61, 0x74, 0x65, 0x2C, 0xC4, 0xE3, 0x0A])?.description,
            """
            statement.csv:1:6: error: invalid UTF-8 byte 0xC4: the file looks like GB18030; convert it first: \
            iconv -f GB18030 -t UTF-8 statement.csv > statement.csv.utf8, then give sandjar the .utf8 file
              Date,你
                   ^
            """, "at the first byte that is not UTF-8, the line quoted as GB18030 reads it")
        XCTAssertEqual(
            failure([0x44, 0x61, 0x74, 0x65, 0x2C, 0x81, 0x30, 0x0A])?.description,
            "statement.csv:1:6: error: invalid UTF-8 byte 0x81: the file is not UTF-8 text; convert it first, e.g. "
                + "iconv -f GB18030 -t UTF-8 statement.csv > statement.csv.utf8 for a Chinese bank's export\n"
                + "  Date,\u{FFFD}0\n       ^")
    }

    func testACardStatementListsChargesAsPositive() throws {
        let statement = try read(
            "Date,Description,Amount\n2026-11-02,NETFLIX,15.49\n2026-11-03,SPOTIFY,11.99\n2026-11-20,PAYMENT THANK YOU,-27.48\n"
        )
        XCTAssertEqual(statement.rows.map(\.amount), [dec("-15.49"), dec("-11.99"), dec("27.48")])
        XCTAssertEqual(statement.notes.first?.severity, .note)
    }

    func testColumnsOption() throws {
        XCTAssertEqual(
            try StatementCSV.Columns(option: "date=2,payee=4,amount=3,currency=1"),
            StatementCSV.Columns(date: 1, payee: 3, amount: 2, currency: 0))
        XCTAssertEqual(
            try StatementCSV.Columns(option: "date=1, payee=2, debit=3, credit=4").option,
            "date=1,payee=2,debit=3,credit=4")
        let invalid = [
            "date=1,payee=2", "date=1,amount=3", "date=0,payee=2,amount=3", "date=1,payee=2,amount=x",
            "date=1,payee=2,amount=3,debit=4", "date=1,payee=1,amount=3", "date=1,payee=2,amount=3,date=4",
            "date=1,payee=2,amout=3", "date", "",
        ]
        for option in invalid {
            XCTAssertThrowsError(try StatementCSV.Columns(option: option), option)
        }
        XCTAssertThrowsError(try StatementCSV.Columns(option: "date=1,payee=2,amout=3")) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.message,
                "--columns: unknown column name 'amout'; did you mean 'amount'? "
                    + "(names: date, payee, amount, debit, credit, currency, direction)")
        }
        // Given columns win over the header, and leading lines without a date are skipped.
        let csv = "Export of account 1234\nCcy;When;Amount;Who\nEUR;2026-11-02;-15,49;NETFLIX\n"
        let statement = try read(csv, columns: try StatementCSV.Columns(option: "date=2,payee=4,amount=3,currency=1"))
        XCTAssertEqual(statement.rows, [row(3, "2026-11-02", "NETFLIX", "-15.49", "EUR")])
    }

    func testAFileWithoutAHeaderIsReadFromItsValues() throws {
        let csv =
            "2026-11-02,NETFLIX.COM,-15.49,100.00\n2026-11-03,SPOTIFY,-11.99,88.01\n2026-11-15,SALARY,3000,3088.01\n"
        let statement = try read(csv)
        XCTAssertEqual(statement.columns, StatementCSV.Columns(date: 0, payee: 1, amount: 2))
        XCTAssertEqual(statement.rows.count, 3)
        XCTAssertEqual(
            statement.notes.map(\.description),
            ["statement.csv: note: no header row; reading columns date=1,payee=2,amount=3 (set them with --columns)"])
    }

    func testTheSampleStatements() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("statements")
        let bank = try StatementCSV(
            bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent("bank-2026.csv"))), path: "bank-2026.csv")
        XCTAssertEqual(bank.separator, ",")
        XCTAssertEqual(bank.dateOrder, .monthFirst)
        XCTAssertEqual(bank.columns, StatementCSV.Columns(date: 0, payee: 2, amount: 3, currency: 4))
        XCTAssertEqual(bank.rows.count, 87)
        XCTAssertEqual(bank.period, CalendarDate(iso: "2026-06-02")!...CalendarDate(iso: "2026-11-30")!)
        XCTAssertEqual(bank.notes.map(\.description), ["bank-2026.csv:2: warning: 'PENDING' is not an amount"])
        XCTAssertTrue(bank.rows.allSatisfy { $0.currency?.code == "USD" })
        XCTAssertEqual(bank.rows.filter { $0.amount > 0 }.count, 14, "salary twice a month and two refunds")

        let alipay = try StatementCSV(
            bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent("alipay-style.csv"))), path: "alipay.csv")
        XCTAssertEqual(alipay.separator, "\t")
        XCTAssertEqual(alipay.rows.count, 67)
        XCTAssertEqual(alipay.notes, [], "the title lines and the footer are skipped quietly")
        XCTAssertEqual(alipay.rows.first, row(6, "2026-03-01", "余额宝", "3.31", "CNY"))
    }

    /// Random bytes, and random text made of what CSV files are made of, never crash the reader
    /// (nor the detection that follows it).
    func testRandomInputNeverCrashes() {
        var generator = SplitMix64(seed: 0x5A4D_4A41_5200_0001)
        let alphabet = Array(
            "0123456789-/.,;\t\"'\r\n ¥$€()+−年月日DateAmountPayee金额交易日期支出收入币种USDCNY=*#CRDR".unicodeScalars)
        var parsed = 0
        for round in 0..<3000 {
            let length = Int(generator.next() % 300)
            var bytes: [UInt8]
            switch round % 3 {
            case 0:
                bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            case 1:
                var text = "Date,Payee,Amount,Currency\n"
                for _ in 0..<length {
                    text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
                }
                bytes = Array(text.utf8)
            default:
                // A plausible statement with a few bytes changed.
                let separator = [",", ";", "\t"][Int(generator.next() % 3)]
                var lines = [["交易日期", "Payee", "Amount", "Currency"].joined(separator: separator)]
                for _ in 0..<(length / 20) {
                    let day = generator.next() % 31 + 1
                    let amount = "-\(generator.next() % 500).\(generator.next() % 100)"
                    lines.append(
                        ["2026/11/\(day)", "\"SHOP \(generator.next() % 4)\"", amount, "USD"].joined(
                            separator: separator))
                }
                bytes = Array(lines.joined(separator: "\r\n").utf8)
                for _ in 0..<(generator.next() % 4) where !bytes.isEmpty {
                    let at = Int(generator.next() % UInt64(bytes.count))
                    let byte = Array(String(alphabet[Int(generator.next() % UInt64(alphabet.count))]).utf8)[0]
                    if generator.next() % 2 == 0 { bytes[at] = byte } else { bytes.insert(byte, at: at) }
                }
            }
            if let statement = try? StatementCSV(bytes: bytes, path: "fuzz.csv") {
                parsed += 1
                let charges = statement.rows.map {
                    RecurringCharges.Charge(date: $0.date, payee: $0.payee, amount: -$0.amount, currency: $0.currency)
                }
                _ = RecurringCharges.detect(charges, until: statement.period?.upperBound)
            }
            if round % 5 == 0 {
                _ = try? StatementCSV(
                    bytes: bytes, path: "fuzz.csv", columns: StatementCSV.Columns(date: 0, payee: 1, amount: 2))
            }
        }
        XCTAssertGreaterThan(parsed, 0, "some of the generated files are readable statements")
    }
}
