import Domain
import Foundation
import SiteData

/// The transactions of an OFX file, 1.x (SGML) or 2.x (XML), once read into elements: every
/// `<STMTTRN>` of a bank (`<STMTRS>`) or card (`<CCSTMTRS>`) statement, with `DTPOSTED`,
/// `TRNAMT` (negative: money out, for bank and card alike), `NAME` (else `PAYEE`'s name, else
/// `MEMO`, else the check number or the transaction type, as the specification's own examples
/// name none) and the statement's `CURDEF`, under the statement's account (`ACCTID`). A
/// transaction whose `FITID` came before (overlapping downloads) is counted once. An investment
/// statement (`<INVSTMTRS>`) alone is refused as one.
enum StatementOFX {
    static func rows(_ root: MarkupNode, lines: SourceLines) throws(Diagnostic) -> (
        rows: [StatementCSV.Row], notes: [Diagnostic], skipped: [SkippedTransaction], accounts: [String]
    ) {
        guard root.name.uppercased() == "OFX" else {
            throw lines.diagnostic(.error, at: root, "an OFX file starts with <OFX>, not <\(root.name)>")
        }
        let statements = (root.all("STMTRS") + root.all("CCSTMTRS")).sorted {
            ($0.line, $0.column) < ($1.line, $1.column)
        }
        guard !statements.isEmpty else {
            if let investment = root.all("INVSTMTRS").first {
                throw lines.diagnostic(
                    .error, at: investment,
                    "an investment statement (<INVSTMTRS>): sandjar reads bank and card statements "
                        + "(<STMTRS>, <CCSTMTRS>); export the cash account's transactions instead")
            }
            throw lines.diagnostic(
                .error, at: root,
                "holds no bank or card statement (<STMTRS> or <CCSTMTRS>); export the account's transactions")
        }
        var rows: [StatementCSV.Row] = []
        var notes: [Diagnostic] = []
        var seen: Set<String> = []
        var duplicates = 0
        var skipped = 0
        var skips: [SkippedTransaction] = []
        var accounts: [String] = []
        // Each transaction is read once, as one of the statement nearest around it (a statement
        // nested in another's list holds its own), and all of them in the file's order of lines.
        var nearest: [[Int]: (transaction: MarkupNode, statement: Int)] = [:]
        var owners: [(currency: Currency?, account: String?)] = []
        for (index, statement) in statements.enumerated() {
            let currency = statement.text("CURDEF").flatMap { Currency(code: $0.uppercased()) }
            let account = statement.text("BANKACCTFROM", "ACCTID") ?? statement.text("CCACCTFROM", "ACCTID")
            if let account, !accounts.contains(account) { accounts.append(account) }
            owners.append((currency, account))
            // Statements come in the order they start, so an inner one is later than the outer.
            for transaction in statement.all("STMTTRN") {
                nearest[[transaction.line, transaction.column]] = (transaction, index)
            }
        }
        for place in nearest.keys.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            guard let (transaction, index) = nearest[place] else { continue }
            let (currency, account) = owners[index]
            switch row(transaction, currency: currency, account: account) {
            case .success(let row):
                if let id = transaction.text("FITID") {
                    guard seen.insert(id).inserted else {
                        duplicates += 1
                        continue
                    }
                }
                rows.append(row)
            case .failure(let why):
                skipped += 1
                skips.append(
                    SkippedTransaction(line: transaction.line, column: transaction.column, reason: why.message))
                if skipped <= StatementCSV.maxRowWarnings {
                    notes.append(lines.diagnostic(.warning, at: transaction, why.message + "; skipped"))
                }
            }
        }
        if skipped > StatementCSV.maxRowWarnings {
            notes.append(
                Diagnostic(
                    .warning, path: lines.path,
                    message: "\(skipped - StatementCSV.maxRowWarnings) more transactions skipped"))
        }
        if duplicates > 0 {
            notes.append(
                Diagnostic(
                    .note, path: lines.path,
                    message:
                        "\(duplicates) transaction\(duplicates == 1 ? "" : "s") with a FITID seen before counted once"))
        }
        guard !rows.isEmpty else {
            throw lines.diagnostic(
                .error, at: statements[0],
                skipped == 0 ? "this statement holds no transaction (<STMTTRN>)" : "no transaction could be read")
        }
        return (rows, notes, skips, accounts)
    }

    typealias Skip = StatementSkip

    private static func row(_ node: MarkupNode, currency: Currency?, account: String?) -> Result<
        StatementCSV.Row, Skip
    > {
        guard let posted = node.text("DTPOSTED") else { return .failure(Skip(message: "<STMTTRN> without <DTPOSTED>")) }
        guard let date = ofxDate(posted) else {
            return .failure(Skip(message: "<DTPOSTED> '\(posted)' is not a date such as 20261102"))
        }
        guard let text = node.text("TRNAMT") else { return .failure(Skip(message: "<STMTTRN> without <TRNAMT>")) }
        let decimalComma = text.contains(",") && !text.contains(".")
        guard let amount = StatementCSV.amount(text, decimalComma: decimalComma) else {
            return .failure(Skip(message: "<TRNAMT> '\(text)' is not an amount"))
        }
        let check = node.text("CHECKNUM").map { "CHECK " + $0 }
        guard
            let payee = node.text("NAME") ?? node.text("PAYEE", "NAME") ?? node.text("MEMO") ?? check
                ?? node.text("TRNTYPE")
        else {
            return .failure(Skip(message: "<STMTTRN> names no payee (<NAME> or <MEMO>)"))
        }
        let own = node.text("CURRENCY", "CURSYM").flatMap { Currency(code: $0.uppercased()) }
        return .success(
            StatementCSV.Row(
                line: node.line, date: date, payee: payee.split(whereSeparator: \.isWhitespace).joined(separator: " "),
                amount: amount.value, currency: own ?? amount.currency ?? currency, id: node.text("FITID"),
                account: account))
    }

    /// `20261102`, `20261102120000`, `20261102120000.000[-5:EST]`: the first eight digits.
    static func ofxDate(_ text: String) -> CalendarDate? {
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let value = Int(digits) else {
            return nil
        }
        return StatementCSV.calendarDate(value / 10_000, value / 100 % 100, value % 100)
    }
}
