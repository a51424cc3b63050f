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
    /// Whether `bytes` starts like a QIF file: a `!Type:`, `!Account` or `!Option` line.
    static func looksLikeQIF(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.prefix(32)
        let text = String(decoding: start, as: UTF8.self).lowercased()
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
    }

    static func rows(_ lines: SourceLines, dates: StatementCSV.DateReading?) throws(Diagnostic) -> (
        rows: [StatementCSV.Row], notes: [Diagnostic], order: StatementCSV.DateOrder
    ) {
        var records: [Record] = []
        var current: Record?
        var reading = true
        var number = 0
        var passedOver: Set<String> = []
        for raw in String(decoding: lines.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        {
            number += 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            guard let code = line.first else { continue }
            let value = String(line.dropFirst()).trimmingWhiteSpace()
            if code == "!" {
                let header = value.lowercased()
                if header.hasPrefix("type:") {
                    let type = String(header.dropFirst(5)).trimmingWhiteSpace()
                    reading = ["bank", "cash", "ccard", "oth a", "oth l"].contains(type)
                    if !reading { passedOver.insert("!Type:" + String(value.dropFirst(5))) }
                } else if header.hasPrefix("account") {
                    reading = false
                }
                current = nil
                continue
            }
            guard reading else { continue }
            if code == "^" {
                if let done = current { records.append(done) }
                current = nil
                continue
            }
            if current == nil { current = Record(line: number) }
            switch code {
            case "D": current?.date = Field(value: value, line: number)
            case "T", "U":
                if current?.amount == nil || code == "T" { current?.amount = Field(value: value, line: number) }
            case "P": current?.payee = value
            case "M": current?.memo = value
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
        func skip(_ line: Int, _ message: String) {
            skipped += 1
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
            guard let amount = StatementCSV.amount(amountField.value, decimalComma: decimalComma) else {
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
                    amount: amount.value, currency: amount.currency))
        }
        if skipped > StatementCSV.maxRowWarnings {
            notes.append(
                Diagnostic(
                    .warning, path: lines.path, message: "\(skipped - StatementCSV.maxRowWarnings) more records skipped"
                ))
        }
        guard !rows.isEmpty else {
            throw Diagnostic(
                .error, path: lines.path,
                message: records.isEmpty
                    ? "holds no bank or card transactions: no record (D, T, P … lines ended by ^) after a !Type:Bank line"
                    : "no record could be read (\(records.count) found, all skipped)")
        }
        return (rows, notes, order)
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
