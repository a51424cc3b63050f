import Domain
import Foundation
import SiteData

/// A bank statement exported as CSV, for `sandjar detect` (DESIGN.md §3, §6).
///
/// Banks write CSV in many dialects, so the reader is lenient but never guesses silently:
/// - UTF-8, with or without a BOM; `,`, `;` or tab between fields, whichever splits the first
///   records most evenly; quoted fields may hold separators, `""` and line breaks; LF or CRLF.
/// - Columns come from `--columns`, or else from the first of the leading records that names
///   them (English and Chinese names: `Date`, `Transaction Date`, `交易日期`, `Payee`,
///   `Description`, `交易对方`, `摘要`, `Amount`, `金额`, `Debit`, `支出`, `Credit`, `收入`,
///   `Currency`, `币种`, `收/支`…), or else from the values (a file without a header).
/// - Money out is a negative amount, a value in the debit column, or an amount marked `支出` /
///   `Debit` in a direction column. When a single amount column holds more positive than negative
///   amounts, it is a card statement and the positive ones are the charges (a note says so).
/// - Dates as in `dateShape(_:)`; whether `02/11/2026` is day or month first is decided once for
///   the file (`dateOrder(_:)`). Amounts as in `amount(_:decimalComma:)`; a file whose amounts end
///   in a comma and one or two digits uses a decimal comma.
/// - A row that cannot be read is a warning naming its line, and is skipped; a file with no
///   readable row is an error.
public struct StatementCSV: Sendable, Equatable {
    /// One transaction.
    public struct Row: Sendable, Equatable {
        /// Where the row starts in the file, from 1.
        public var line: Int
        public var date: CalendarDate
        public var payee: String
        /// Negative: money out.
        public var amount: Decimal
        /// From a currency column or the amount itself (`USD 15.49`); nil when the file does not say.
        public var currency: Currency?
        /// A SEPA direct debit's mandate (camt.053's `MndtId`): charges under one mandate are one
        /// creditor's, whatever name each row gives.
        public var mandate: String?
        /// The bank's own id of the transaction (OFX's `FITID`, camt's `AcctSvcrRef`), where the
        /// format has one: the same charge in two joined downloads has the same id.
        public var id: String?
        /// The account the statement names it under (OFX's `ACCTID`, camt's IBAN, QIF's `!Account`
        /// name); nil when the file names none, as a CSV.
        public var account: String?

        public init(
            line: Int, date: CalendarDate, payee: String, amount: Decimal, currency: Currency? = nil,
            mandate: String? = nil, id: String? = nil, account: String? = nil
        ) {
            self.id = id
            self.account = account
            self.line = line
            self.date = date
            self.payee = payee
            self.amount = amount
            self.currency = currency
            self.mandate = mandate
        }
    }

    /// Larger files are refused: a statement is not a database. The limit of every file sandjar reads (DESIGN.md §2): a statement is one too.
    public static let maxBytes = DataFolder.maxFileBytes
    /// Row warnings shown before the rest are only counted.
    public static let maxRowWarnings = 50

    public var rows: [Row]
    /// Skipped rows and guesses worth knowing about, printed as `statement.csv:17: warning: …` or
    /// `statement.csv: note: …`.
    public var notes: [Diagnostic]
    /// Every row skipped with a warning.
    public var skipped: [SkippedTransaction] = []
    public var columns: Columns
    /// `,`, `;` or a tab.
    public var separator: Character
    public var dateOrder: DateOrder

    /// Reads a statement.
    /// - Parameters:
    ///   - path: as the user named the file, for messages.
    ///   - columns: `--columns`; nil to find them from the header or the values.
    /// How the dates of a file are read when their own numbers leave the order open.
    public enum DateReading: Sendable, Equatable {
        /// `--dates`: this order, whatever the dates say.
        case given(DateOrder)
        /// The data folder's locale, such as `en-US`.
        case locale(String)
    }

    /// - Parameter dates: `--dates`, or the site's locale for dates the file leaves open.
    public init(bytes: [UInt8], path: String, columns given: Columns? = nil, dates: DateReading? = nil)
        throws(Diagnostic)
    {
        func fail(_ message: String) -> Diagnostic { Diagnostic(.error, path: path, message: message) }
        guard bytes.count <= StatementCSV.maxBytes else {
            throw fail("is larger than 16 MiB (\(bytes.count) bytes); export a shorter period")
        }
        let body = Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
        guard String(validating: body, as: UTF8.self) != nil else {
            let file = SourceFile(path: path, bytes: body)
            guard let encoding = LegacyEncoding.guess(body) else {
                throw file.invalidUTF8(
                    "the file is not UTF-8 text; convert it first, e.g. "
                        + "\(LegacyEncoding.gb18030.conversion(of: path)) for a Chinese bank's export", readAs: nil)
            }
            throw file.invalidUTF8(
                "the file looks like \(encoding.name); convert it first: \(encoding.conversion(of: path)), "
                    + "then give sandjar the .utf8 file", readAs: encoding)
        }
        let separatorByte = StatementCSV.sniffSeparator(body)
        let records = StatementCSV.records(body, separator: separatorByte)
        separator = Character(Unicode.Scalar(separatorByte))
        notes = []
        let start: Int
        let columns: Columns
        if let given {
            columns = given
            let widest = records.map(\.fields.count).max() ?? 0
            if given.required > widest {
                throw fail(
                    "--columns \(given.option) names column \(given.required), but the rows have at most \(widest) "
                        + "(columns separated by '\(Character(Unicode.Scalar(separatorByte)))')")
            }
            guard let first = records.firstIndex(where: { $0.cell(given.date).flatMap(StatementCSV.dateShape) != nil })
            else {
                throw fail(
                    "no row has a date in column \(given.date + 1) (--columns \(given.option)); "
                        + "which column holds the dates?")
            }
            start = first
        } else if let header = StatementCSV.findHeader(records) {
            columns = header.columns
            start = header.index + 1
        } else if let inferred = StatementCSV.inferColumns(records) {
            columns = inferred
            start = 0
            notes.append(
                Diagnostic(
                    .note, path: path,
                    message: "no header row; reading columns \(inferred.option) (set them with --columns)"))
        } else {
            throw fail(
                "cannot tell which columns hold the date, payee and amount: no header row names them; "
                    + "give them with --columns date=1,payee=2,amount=3")
        }
        let data = records[start...].filter { !$0.isBlank }
        let cells = data.compactMap { $0.cell(columns.date) }
        let example =
            cells.first { cell in
                if case .ambiguous = StatementCSV.dateShape(cell) { return true } else { return false }
            }.map { $0.trimmingCharacters(in: .whitespaces) } ?? "02/03/2026"
        switch dates {
        case .given(let order):
            dateOrder = order
            notes.append(
                Diagnostic(
                    .note, path: path, message: "reading dates as \(order.rawValue) (--dates \(order.option))"))
        case .locale(let locale):
            let order = StatementCSV.dateOrder(cells, preferred: DateOrder(locale: locale))
            dateOrder = order.0
            if order.guessed {
                notes.append(
                    Diagnostic(
                        .note, path: path,
                        message: "dates such as \(example) could be read either way; reading them as "
                            + "\(dateOrder.rawValue), as the data folder's locale \(locale) writes them "
                            + "(--dates dmy, mdy or ymd says otherwise)"))
            }
        case nil:
            let order = StatementCSV.dateOrder(cells)
            dateOrder = order.0
            if order.guessed {
                notes.append(
                    Diagnostic(
                        .note, path: path,
                        message: "dates such as \(example) could be read either way; reading them as "
                            + "\(dateOrder.rawValue), the order in which they run by date (--dates dmy, mdy or ymd "
                            + "says otherwise)"))
            }
        }
        let moneyColumns = [columns.amount, columns.debit, columns.credit].compactMap { $0 }
        let decimalComma = StatementCSV.usesDecimalComma(
            data.flatMap { record in moneyColumns.compactMap(record.cell) })
        var reader = RowReader(columns: columns, order: dateOrder, decimalComma: decimalComma)
        var rows: [Row] = []
        var skipped: [(line: Int, why: String)] = []
        for record in data {
            switch reader.row(record) {
            case .success(let row): rows.append(row)
            case .failure(let why): skipped.append((record.line, why.message))
            case nil: break
            }
        }
        self.skipped = skipped.map { SkippedTransaction(line: $0.line, reason: $0.why) }
        for (line, why) in skipped.prefix(StatementCSV.maxRowWarnings) {
            notes.append(Diagnostic(.warning, path: path, line: line, message: why))
        }
        if skipped.count > StatementCSV.maxRowWarnings {
            notes.append(
                Diagnostic(
                    .warning, path: path, message: "\(skipped.count - StatementCSV.maxRowWarnings) more rows skipped"))
        }
        guard !rows.isEmpty else {
            throw fail(
                "no usable rows (\(data.count) after the header, \(skipped.count) skipped); check the columns "
                    + "(\(columns.option)) or give them with --columns")
        }
        if columns.amount != nil, columns.direction == nil, !reader.sawMarkedAmount {
            let positive = rows.filter { $0.amount > 0 }.count
            let negative = rows.filter { $0.amount < 0 }.count
            if positive > negative {
                rows = rows.map { row in
                    var flipped = row
                    flipped.amount = -row.amount
                    return flipped
                }
                notes.append(
                    Diagnostic(
                        .note, path: path,
                        message: "most amounts are positive, so positive amounts are read as charges "
                            + "(a card statement) and negative ones as payments or refunds"))
            }
        }
        self.rows = rows
        self.columns = columns
    }

    /// The first and last date of the rows.
    public var period: ClosedRange<CalendarDate>? {
        guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return nil }
        return first...last
    }
}

/// Turns one record into a row, with the file-wide decisions already made.
private struct RowReader {
    typealias Skip = StatementSkip

    let columns: StatementCSV.Columns
    let order: StatementCSV.DateOrder
    let decimalComma: Bool
    /// Some amount said `CR` or `DR`, so signs are as the bank meant them.
    var sawMarkedAmount = false

    init(columns: StatementCSV.Columns, order: StatementCSV.DateOrder, decimalComma: Bool) {
        self.columns = columns
        self.order = order
        self.decimalComma = decimalComma
    }

    /// The row; a reason to skip it with a warning; or nil to skip it quietly (a title or footer
    /// line, or money that went neither in nor out, such as Alipay's 不计收支).
    mutating func row(_ record: StatementCSV.Record) -> Result<StatementCSV.Row, Skip>? {
        // A line with one cell in a file of columns is a title or a footer ("共67笔记录"), not a row.
        if record.fields.filter({ !StatementCSV.cleaned($0).isEmpty }).count <= 1 && !record.unterminated { return nil }
        if record.unterminated {
            return .failure(Skip(message: "a quoted field is never closed; the rest of the file was read as one field"))
        }
        guard record.fields.count >= columns.required else {
            return .failure(
                Skip(
                    message:
                        "has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), expected at least \(columns.required)"
                ))
        }
        let dateText = record.cell(columns.date) ?? ""
        guard let date = StatementCSV.dateShape(dateText)?.date(order) else {
            return .failure(Skip(message: dateText.isEmpty ? "no date" : "'\(shown(dateText))' is not a date"))
        }
        let payee = (record.cell(columns.payee) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !payee.isEmpty else { return .failure(Skip(message: "no payee")) }
        var currency: Currency?
        if let column = columns.currency, let text = record.cell(column), !text.isEmpty {
            guard let named = StatementCSV.currency(text) else {
                return .failure(Skip(message: "'\(shown(text))' is not a currency code"))
            }
            currency = named
        }
        let amount: StatementCSV.Amount
        switch money(record) {
        case .success(let read?): amount = read
        case .success(nil): return nil
        case .failure(let skip): return .failure(skip)
        }
        return .success(
            StatementCSV.Row(
                line: record.line, date: date, payee: payee, amount: amount.value,
                currency: currency ?? amount.currency))
    }

    /// The signed amount; nil when the row moved no money either way.
    private mutating func money(_ record: StatementCSV.Record) -> Result<StatementCSV.Amount?, Skip> {
        func read(_ column: Int?) -> Result<StatementCSV.Amount?, Skip> {
            guard let column, let text = record.cell(column), !text.isEmpty, text != "-", text != "--" else {
                return .success(nil)
            }
            guard let amount = StatementCSV.amount(text, decimalComma: decimalComma) else {
                return .failure(Skip(message: "'\(shown(text))' is not an amount"))
            }
            return .success(amount)
        }
        if let column = columns.amount {
            guard case .success(let read?) = read(column) else {
                return read(column).flatMap { _ in .failure(Skip(message: "no amount")) }
            }
            var amount = read
            if read.marked { sawMarkedAmount = true }
            if let direction = columns.direction {
                guard let sign = StatementCSV.direction(record.cell(direction) ?? "") else { return .success(nil) }
                amount.value = abs(read.value) * Decimal(sign)
            }
            return .success(amount)
        }
        let out: StatementCSV.Amount?
        let into: StatementCSV.Amount?
        switch (read(columns.debit), read(columns.credit)) {
        case (.failure(let skip), _), (_, .failure(let skip)): return .failure(skip)
        case (.success(let debit), .success(let credit)):
            out = debit?.value == 0 ? nil : debit
            into = credit?.value == 0 ? nil : credit
        }
        switch (out, into) {
        case (nil, nil): return .failure(Skip(message: "no amount in the debit or credit column"))
        case (var debit?, nil):
            debit.value = -abs(debit.value)
            return .success(debit)
        case (nil, var credit?):
            credit.value = abs(credit.value)
            return .success(credit)
        case (.some, .some): return .failure(Skip(message: "has both a debit and a credit amount"))
        }
    }

    /// A cell quoted in a message: one line, at most 40 characters.
    private func shown(_ text: String) -> String {
        let line = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
