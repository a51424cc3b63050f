import Domain
import Foundation
import SiteData

/// A bank statement in any of the formats banks export (DESIGN.md §3, recurring-charge
/// detection), told apart by its content, never by its name:
/// - OFX 1.x (SGML, `OFXHEADER:100` or a bare `<OFX>`) and OFX/QFX 2.x (XML with `<?OFX …?>` or
///   an `<OFX>` root): `StatementOFX`;
/// - ISO 20022 camt.052/053/054 (XML, a `<Document>` holding `<BkToCstmrStmt>` or the like): `StatementCamt`;
/// - QIF (`!Type:Bank` …): `StatementQIF`;
/// - anything else is read as CSV (`StatementCSV`).
///
/// Every format gives the same rows (date, payee, signed amount, currency, and camt.053's
/// mandate), so the same statement gives the same suggestions whichever way the bank wrote it. A
/// file that cannot be read is one error at its line and column; transactions that cannot be
/// read are warnings, and skipped.
public struct BankStatement: Sendable, Equatable {
    public enum Format: String, Sendable {
        case csv = "CSV"
        case ofx1 = "OFX 1.x (SGML)"
        case ofx2 = "OFX 2.x (XML)"
        case qif = "QIF"
        case camt053 = "camt.053 (ISO 20022)"
    }

    public var format: Format
    /// In the file's order.
    public var rows: [StatementCSV.Row]
    /// Skipped transactions and what was assumed, as `StatementCSV.notes`.
    public var notes: [Diagnostic]
    /// Every transaction skipped with a warning (the warnings stop after 50; this does not).
    public var skipped: [SkippedTransaction] = []
    /// The accounts the file names (OFX's `ACCTID`, camt's IBAN or other id, QIF's `!Account`
    /// name), in the order they come, those without a transaction too; empty when it names none.
    public var accounts: [String] = []

    /// Reads a statement; `columns` and `dates` are `--columns` (CSV only) and `--dates` or the
    /// site's locale (CSV and QIF, whose dates carry no order); `account` is `--account`, the one
    /// account to read of a file that holds several.
    public init(
        bytes: [UInt8], path: String, columns: StatementCSV.Columns? = nil, dates: StatementCSV.DateReading? = nil,
        account: String? = nil
    ) throws(Diagnostic) {
        try self.init(bytes: bytes, path: path, columns: columns, dates: dates)
        guard let account else { return }
        let accounts = self.accounts
        guard accounts.contains(account) else {
            // No place in the file is where a missing account is: each account is shown with the
            // line of its first transaction instead, where the file names it.
            let firstLine = Dictionary(
                rows.compactMap { row in row.account.map { ($0, row.line) } }, uniquingKeysWith: min)
            var message =
                accounts.isEmpty
                ? "--account \(account): this \(format.rawValue) file names no account"
                : "--account \(account): no such account in this file; it holds "
                    + accounts.map { name in
                        "'\(name)'"
                            + (firstLine[name].map { " (first transaction at line \($0))" } ?? " (no transaction)")
                    }.joined(separator: ", ")
            if let guess = Suggestion.closest(to: account, in: accounts) { message += "; did you mean '\(guess)'?" }
            throw Diagnostic(.error, path: path, message: message)
        }
        let before = rows.count
        rows = rows.filter { $0.account == account }
        self.accounts = [account]
        notes.append(
            Diagnostic(
                .note, path: path,
                message: "reading account \(account) alone (--account): \(rows.count) of \(before) transactions"))
    }

    private init(
        bytes: [UInt8], path: String, columns: StatementCSV.Columns?, dates: StatementCSV.DateReading?
    ) throws(Diagnostic) {
        guard bytes.count <= StatementCSV.maxBytes else {
            throw Diagnostic(
                .error, path: path,
                message: "is larger than 16 MiB (\(bytes.count) bytes), the most sandjar reads of a file; "
                    + "export a shorter period")
        }
        // UTF-16 (Excel's "Unicode Text"): read from its byte-order mark, or named without one.
        let bytes = try UTF16Text.utf8(bytes, path: path)
        format = BankStatement.format(of: bytes)
        if format == .csv {
            let csv = try StatementCSV(bytes: bytes, path: path, columns: columns, dates: dates)
            rows = csv.rows
            notes = csv.notes
            skipped = csv.skipped
            return
        }
        var notes: [Diagnostic] = []
        if let columns {
            notes.append(
                Diagnostic(
                    .warning, path: path,
                    message: "--columns \(columns.option) is for CSV; this \(format.rawValue) file names its fields, "
                        + "so it is ignored"))
        }
        // Line ends of old Macs (CR alone) read as LF: the same bytes, so places stay where they are.
        let text = BankStatement.lineFeeds(try BankStatement.utf8(bytes, path: path, format: format))
        let lines = SourceLines(path: path, bytes: text)
        switch format {
        case .qif:
            let read = try StatementQIF.rows(lines, dates: dates)
            rows = read.rows
            notes += read.notes
            skipped = read.skipped
            accounts = read.accounts
        case .ofx1:
            let (root, _) = try OFXSGMLReader.parse(lines)
            let read = try StatementOFX.rows(root, lines: lines)
            rows = read.rows
            notes += read.notes
            skipped = read.skipped
            accounts = read.accounts
        case .ofx2, .camt053:
            let root: MarkupNode
            let instructions: [String: String]
            do {
                (root, instructions) = try XMLReader.parse(lines)
            } catch {
                // An OFX 2.x header over an SGML body (ANZ, Desjardins' QFX): read as OFX 1.x when
                // that finds its transactions; else the XML error stands.
                guard BankStatement.namesOFX(text), let (sgml, _) = try? OFXSGMLReader.parse(lines),
                    let read = try? StatementOFX.rows(sgml, lines: lines)
                else { throw error }
                format = .ofx1
                rows = read.rows
                self.notes = notes + read.notes
                skipped = read.skipped
                accounts = read.accounts
                return
            }
            if root.name.uppercased() == "OFX" || instructions["OFX"] != nil {
                format = .ofx2
                let read = try StatementOFX.rows(root, lines: lines)
                rows = read.rows
                notes += read.notes
                skipped = read.skipped
                accounts = read.accounts
            } else if StatementCamt.isCamt(root) {
                format = .camt053
                let read = try StatementCamt.rows(root, lines: lines)
                rows = read.rows
                notes += read.notes
                skipped = read.skipped
                accounts = read.accounts
            } else {
                throw lines.diagnostic(
                    .error, at: root,
                    "an XML file, but neither OFX (<OFX>) nor an ISO 20022 camt.053 statement (<Document> holding "
                        + "<BkToCstmrStmt>); its root is <\(root.name)>")
            }
        case .csv:
            rows = []
        }
        self.notes = notes
    }

    /// `bytes` with every CR that no LF follows made an LF.
    static func lineFeeds(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var out = bytes
        for index in out.indices where out[index] == 0x0D && (index + 1 == out.count || out[index + 1] != 0x0A) {
            out[index] = 0x0A
        }
        return out
    }

    /// Whether an XML-looking file is OFX: an `<?OFX` header or an `<OFX>` element.
    static func namesOFX(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).uppercased()
        return head.contains("<?OFX") || head.contains("<OFX>")
    }

    /// The first and last date of the rows.
    public var period: ClosedRange<CalendarDate>? {
        guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return nil }
        return first...last
    }

    /// The format the content says, as reading it will find (an XML file naming OFX is OFX 2.x):
    /// for the fuzzers, which each keep to one reader.
    package static func sniffedFormat(of bytes: [UInt8]) -> Format {
        let format = format(of: bytes)
        return format == .camt053 && namesOFX(bytes) ? .ofx2 : format
    }

    /// The format the content says: OFX's header or root, an XML document, QIF's `!` line, else CSV.
    static func format(of bytes: [UInt8]) -> Format {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 64)], as: UTF8.self).uppercased()
        if head.hasPrefix("OFXHEADER:") {
            return head.hasPrefix("OFXHEADER:100") || !head.contains("<?XML") ? .ofx1 : .ofx2
        }
        if head.hasPrefix("<OFX>") { return .ofx1 }
        if head.hasPrefix("<?XML") || head.hasPrefix("<") { return .camt053 }
        if StatementQIF.looksLikeQIF(bytes[start...]) { return .qif }
        return .csv
    }

    /// The file as UTF-8: as it is, or from the Windows-1252 or Latin-1 its header declares (OFX
    /// 1.x's `CHARSET:1252`, XML's `encoding="ISO-8859-1"`); any other encoding is refused with
    /// the one it looks like and the `iconv` command that converts it.
    static func utf8(_ bytes: [UInt8], path: String, format: Format) throws(Diagnostic) -> [UInt8] {
        let body = Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
        if String(validating: body, as: UTF8.self) != nil { return body }
        let head = String(decoding: body.prefix(512), as: UTF8.self).uppercased()
        let declared: String.Encoding?
        if format == .ofx1, let charset = OFXSGMLReader.header(body)["CHARSET"] {
            declared = ["1252", "8859-1", "ISO-8859-1", "LATIN1"].contains(charset.uppercased()) ? .windowsCP1252 : nil
        } else if head.contains("ENCODING=\"ISO-8859-1\"") || head.contains("ENCODING='ISO-8859-1'") {
            declared = .isoLatin1
        } else if head.contains("ENCODING=\"WINDOWS-1252\"") || head.contains("ENCODING='WINDOWS-1252'") {
            declared = .windowsCP1252
        } else if format == .qif, body.contains(0x0D), !body.contains(0x0A) {
            // Quicken for the classic Mac OS: CR line ends and MacRoman.
            return Array(MacRoman.decode(body).utf8)
        } else {
            declared = nil
        }
        if let declared, let text = String(bytes: body, encoding: declared) { return Array(text.utf8) }
        let file = SourceFile(path: path, bytes: body)
        guard let encoding = LegacyEncoding.guess(body) else {
            throw file.invalidUTF8("the file is not UTF-8 text, nor in an encoding its header declares", readAs: nil)
        }
        throw file.invalidUTF8(
            "the file looks like \(encoding.name); convert it first: \(encoding.conversion(of: path)), "
                + "then give sandjar the .utf8 file", readAs: encoding)
    }
}
