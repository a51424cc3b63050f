import Domain
import Foundation
import SiteData

/// A Quicken Interchange Format file: `!Type:Bank` (or `Cash`, `CCard`, `Oth A`, `Oth L`), then
/// records of one-letter fields — `D` date, `T` (or `U`) amount, `P` payee, `M` memo — each ended by
/// a line `^`. Account lists (`!Account`), options and investment records are passed over.
///
/// QIF dates carry no order: `02/11/2026` and Quicken's `2/11'26` are read as the file's own
/// dates settle it, else as `--dates` or the site's locale says, else month first, as Quicken
/// writes them (a note says which). A record without a date or
/// an amount is a warning at its line, and skipped.
enum StatementQIF {
    /// Whether `bytes` starts like a QIF file: a `!Type:`, `!Account`, `!Option` or `!Clear` line,
    /// after any `#` comment lines (quiffen's files start with `###` ones).
    static func looksLikeQIF(_ bytes: ArraySlice<UInt8>) -> Bool {
        var start = bytes.startIndex
        while start < bytes.endIndex, bytes[start] == UInt8(ascii: "#") || bytes[start] <= 0x20 {
            if bytes[start] == UInt8(ascii: "#") {
                while start < bytes.endIndex, bytes[start] != 0x0A, bytes[start] != 0x0D { start += 1 }
            } else {
                start += 1
            }
        }
        let text = String(decoding: bytes[start...].prefix(32), as: UTF8.self).lowercased()
        return text.hasPrefix("!type:") || text.hasPrefix("!account") || text.hasPrefix("!option")
            || text.hasPrefix("!clear")
    }

    /// One field of a record, and where its value starts.
    private struct Field {
        var value: String
        var line: Int
    }

    private struct Record {
        var line: Int
        var date: Field?
        var amount: Field?
        var payee: String?
        var memo: String?
        var account: String?
        /// An `S` line came: the `D`, `$` and `E` lines that follow are the split's.
        var inSplit = false
    }

    /// The account types whose records are bank, cash or card transactions.
    static let moneyTypes: Set<String> = ["bank", "cash", "ccard", "oth a", "oth l"]

    static func rows(_ lines: SourceLines, dates: StatementCSV.DateReading?) throws(Diagnostic) -> (
        rows: [StatementCSV.Row], notes: [Diagnostic], order: StatementCSV.DateOrder, skipped: [SkippedTransaction],
        accounts: [String]
    ) {
        var records: [Record] = []
        var current: Record?
        var reading = true
        var number = 0
        var passedOver: Set<String> = []
        var investment: Int?
        // `!Account` starts an account's own record (N name, T type); under `!Option:AutoSwitch`
        // every record up to `!Clear:AutoSwitch` is one.
        var accountRecord = false
        var autoSwitch = false
        var account: String?
        var accountName: String?
        var accountType: String?
        for raw in lines.bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(String(decoding: raw, as: UTF8.self))
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            guard let code = line.first, code != "#" else { continue }
            let value = String(line.dropFirst()).trimmingWhiteSpace()
            if code == "!" {
                let header = value.lowercased()
                if header.hasPrefix("type:") {
                    let type = String(header.dropFirst(5)).trimmingWhiteSpace()
                    reading = moneyTypes.contains(type)
                    if !reading { passedOver.insert("!Type:" + String(value.dropFirst(5))) }
                    if type == "invst" || type == "port", investment == nil { investment = number }
                    accountRecord = false
                } else if header.hasPrefix("account") {
                    reading = false
                    accountRecord = true
                    accountName = nil
                    accountType = nil
                } else if header.hasPrefix("option:autoswitch") {
                    autoSwitch = true
                } else if header.hasPrefix("clear:autoswitch") {
                    autoSwitch = false
                    accountRecord = false
                }
                current = nil
                continue
            }
            if accountRecord {
                switch code {
                case "N": accountName = value
                case "T": accountType = value.lowercased()
                case "^":
                    if !autoSwitch {
                        // Records that follow an account without a !Type: line are that account's.
                        accountRecord = false
                        account = accountName
                        reading =
                            accountType.map(moneyTypes.contains)
                            ?? (accountName.map { !$0.isEmpty } ?? false)
                    }
                    accountName = nil
                    accountType = nil
                default: break
                }
                continue
            }
            guard reading else { continue }
            if code == "^" {
                if let done = current { records.append(done) }
                current = nil
                continue
            }
            if current == nil { current = Record(line: number, account: account) }
            switch code {
            case "D" where current?.inSplit == false: current?.date = Field(value: value, line: number)
            case "T", "U":
                if current?.amount == nil || code == "T" { current?.amount = Field(value: value, line: number) }
            case "P": current?.payee = value
            case "M": current?.memo = value
            case "S": current?.inSplit = true
            default: break
            }
        }
        if let last = current, last.date != nil || last.amount != nil { records.append(last) }

        var notes: [Diagnostic] = []
        for type in passedOver.sorted() {
            notes.append(
                Diagnostic(.note, path: lines.path, message: "\(type) records passed over: only bank and card accounts")
            )
        }
        let cells = records.compactMap { $0.date.map { normalisedDate($0.value) } }
        let order: StatementCSV.DateOrder
        switch dates {
        case .given(let given):
            order = given
            notes.append(
                Diagnostic(
                    .note, path: lines.path, message: "reading dates as \(given.rawValue) (--dates \(given.option))"))
        case .locale(let locale):
            let settled = StatementCSV.dateOrder(cells, preferred: StatementCSV.DateOrder(locale: locale))
            order = settled.0
            if settled.guessed {
                notes.append(guessNote(lines.path, cells, order, "as the data folder's locale \(locale) writes them"))
            }
        case nil:
            // Quicken, whose format this is, writes month first: the guess when nothing settles it.
            let settled = StatementCSV.dateOrder(cells, preferred: .monthFirst)
            order = settled.0
            if settled.guessed { notes.append(guessNote(lines.path, cells, order, "as Quicken writes them")) }
        }
        let decimalComma = StatementCSV.usesDecimalComma(records.compactMap { $0.amount?.value })
        var rows: [StatementCSV.Row] = []
        var skipped = 0
        var skips: [SkippedTransaction] = []
        func skip(_ line: Int, _ message: String) {
            skipped += 1
            skips.append(SkippedTransaction(line: line, reason: message))
            guard skipped <= StatementCSV.maxRowWarnings else { return }
            notes.append(lines.diagnostic(.warning, line: line, column: 1, message + "; skipped"))
        }
        for record in records {
            guard let dateField = record.date else {
                skip(record.line, "this record has no date (a D line)")
                continue
            }
            guard let date = StatementCSV.dateShape(normalisedDate(dateField.value))?.date(order) else {
                skip(dateField.line, "'\(dateField.value)' is not a date")
                continue
            }
            guard let amountField = record.amount else {
                skip(record.line, "this record has no amount (a T line)")
                continue
            }
            guard let amount = amount(amountField.value, decimalComma: decimalComma) else {
                skip(amountField.line, "'\(amountField.value)' is not an amount")
                continue
            }
            guard let payee = record.payee ?? record.memo, !payee.isEmpty else {
                skip(record.line, "this record names no payee (a P or M line)")
                continue
            }
            rows.append(
                StatementCSV.Row(
                    line: record.line, date: date,
                    payee: payee.split(whereSeparator: \.isWhitespace).joined(separator: " "),
                    amount: amount.value, currency: amount.currency, account: record.account))
        }
        if skipped > StatementCSV.maxRowWarnings {
            notes.append(
                Diagnostic(
                    .warning, path: lines.path, message: "\(skipped - StatementCSV.maxRowWarnings) more records skipped"
                ))
        }
        guard !rows.isEmpty else {
            if records.isEmpty, let investment {
                throw lines.diagnostic(
                    .error, line: investment, column: 1,
                    "an investment account (!Type:Invst): sandjar reads bank, cash and card accounts "
                        + "(!Type:Bank, Cash, CCard); export one of those")
            }
            throw lines.diagnostic(
                .error, line: records.first?.line ?? 1, column: 1,
                records.isEmpty
                    ? "holds no bank or card transactions: no record (D, T, P … lines ended by ^) after a !Type:Bank line"
                    : "no record could be read (\(records.count) found, all skipped)")
        }
        var accounts: [String] = []
        for case let account? in records.map(\.account) where !accounts.contains(account) { accounts.append(account) }
        return (rows, notes, order, skips, accounts)
    }

    /// An amount, also with Quicken's cleared flag glued to it (`42.32CX`, `-5.00*`).
    private static func amount(_ text: String, decimalComma: Bool) -> StatementCSV.Amount? {
        if let amount = StatementCSV.amount(text, decimalComma: decimalComma) { return amount }
        var trimmed = Substring(text)
        while let last = trimmed.last, "CXRcxr*".contains(last) { trimmed = trimmed.dropLast() }
        guard trimmed.count < text.count else { return nil }
        return StatementCSV.amount(String(trimmed), decimalComma: decimalComma)
    }

    /// Quicken's `1/ 2'26` as `1/2/26`; other dates as written.
    static func normalisedDate(_ text: String) -> String {
        String(text.filter { $0 != " " }.map { $0 == "'" ? "/" : $0 })
    }

    private static func guessNote(
        _ path: String, _ cells: [String], _ order: StatementCSV.DateOrder, _ why: String
    ) -> Diagnostic {
        let example =
            cells.first { cell in
                if case .ambiguous = StatementCSV.dateShape(cell) { return true } else { return false }
            } ?? "02/03/2026"
        return Diagnostic(
            .note, path: path,
            message: "dates such as \(example) could be read either way; reading them as \(order.rawValue), \(why) "
                + "(--dates dmy, mdy or ymd says otherwise)")
    }
}
