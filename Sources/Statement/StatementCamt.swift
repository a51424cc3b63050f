import Domain
import Foundation
import SiteData

/// The entries of an ISO 20022 camt.053 bank statement (camt.052 reports and camt.054
/// notifications have the same entries and are read alike), any version:
/// - each `<Ntry>`: `<Amt Ccy="EUR">`, `<CdtDbtInd>` (`DBIT` is money out), the booking date
///   (`<BookgDt>`'s `<Dt>` or `<DtTm>`, else the value date); entries whose status is pending or
///   for information only are left out;
/// - the other party: for money out the creditor (`<RltdPties><Cdtr><Nm>`, or `<Cdtr><Pty><Nm>`
///   from version 8 on), for money in the debtor; else the remittance text (`<Ustrd>`) or the
///   entry's additional information;
/// - the SEPA direct debit's mandate (`<Refs><MndtId>`): charges under one mandate are one
///   creditor's for certain, whatever name the bank wrote on each;
/// - a batch (several `<TxDtls>` with amounts of their own that add up to the entry's, in its
///   currency) is a row per transaction.
enum StatementCamt {
    static let roots = ["BkToCstmrStmt", "BkToCstmrAcctRpt", "BkToCstmrDbtCdtNtfctn"]

    /// Whether `root` is a camt document (its first child one of `roots`).
    static func isCamt(_ root: MarkupNode) -> Bool {
        root.name == "Document" && root.children.contains { roots.contains($0.name) }
    }

    static func rows(_ root: MarkupNode, lines: SourceLines) throws(Diagnostic) -> (
        rows: [StatementCSV.Row], notes: [Diagnostic], skipped: [SkippedTransaction], accounts: [String]
    ) {
        // Each statement (053), report (052) or notification (054) with its account's IBAN or other id.
        var containers = outermost(["Stmt", "Rpt", "Ntfctn"], in: root)
        if containers.isEmpty { containers = [root] }
        let entries: [(entry: MarkupNode, account: String?)] = containers.flatMap { container in
            let account = container.text("Acct", "Id", "IBAN") ?? container.text("Acct", "Id", "Othr", "Id")
            return container.all("Ntry").map { ($0, account) }
        }
        var rows: [StatementCSV.Row] = []
        var notes: [Diagnostic] = []
        var skipped = 0
        var skips: [SkippedTransaction] = []
        var pending = 0
        for (entry, account) in entries {
            let status = (entry.text("Sts", "Cd") ?? entry.text("Sts") ?? "BOOK").uppercased()
            if status == "PDNG" || status == "INFO" {
                pending += 1
                continue
            }
            switch read(entry) {
            case .success(let read):
                rows += read.map { row in
                    var row = row
                    row.account = account
                    return row
                }
            case .failure(let why):
                skipped += 1
                let node = why.node ?? entry
                skips.append(SkippedTransaction(line: node.line, column: node.column, reason: why.message))
                if skipped <= StatementCSV.maxRowWarnings {
                    notes.append(lines.diagnostic(.warning, at: why.node ?? entry, why.message + "; skipped"))
                }
            }
        }
        if skipped > StatementCSV.maxRowWarnings {
            notes.append(
                Diagnostic(
                    .warning, path: lines.path, message: "\(skipped - StatementCSV.maxRowWarnings) more entries skipped"
                ))
        }
        if pending > 0 {
            notes.append(
                Diagnostic(
                    .note, path: lines.path,
                    message: "\(pending) entr\(pending == 1 ? "y" : "ies") not booked yet (pending) left out"))
        }
        guard !rows.isEmpty else {
            throw lines.diagnostic(
                .error, at: root.children.first { roots.contains($0.name) } ?? root,
                entries.isEmpty
                    ? "this statement holds no entry (<Ntry>)"
                    : skipped == 0
                        ? "nothing booked to read: \(pending) entr\(pending == 1 ? "y" : "ies") not booked yet "
                            + "(<Sts> pending or for information) left out"
                        : "no entry could be read")
        }
        var accounts: [String] = []
        for container in containers {
            guard let account = container.text("Acct", "Id", "IBAN") ?? container.text("Acct", "Id", "Othr", "Id"),
                !accounts.contains(account)
            else { continue }
            accounts.append(account)
        }
        return (rows, notes, skips, accounts)
    }

    /// The elements named one of `names`, in document order, not looking inside one found.
    private static func outermost(_ names: Set<String>, in node: MarkupNode) -> [MarkupNode] {
        node.children.flatMap { child in names.contains(child.name) ? [child] : outermost(names, in: child) }
    }

    typealias Skip = StatementSkip

    private static func read(_ entry: MarkupNode) -> Result<[StatementCSV.Row], Skip> {
        guard let amountNode = entry.child("Amt") else { return .failure(Skip(message: "<Ntry> without <Amt>")) }
        guard let value = Decimal(exactly: amountNode.text), value >= 0 else {
            return .failure(
                Skip(message: "<Amt> '\(amountNode.text)' is not an amount such as 12.50", node: amountNode))
        }
        let sign: Decimal
        switch entry.text("CdtDbtInd")?.uppercased() {
        case "DBIT": sign = -1
        case "CRDT": sign = 1
        default: return .failure(Skip(message: "<Ntry> without <CdtDbtInd> DBIT or CRDT"))
        }
        guard
            let dateText = entry.text("BookgDt", "Dt") ?? entry.text("BookgDt", "DtTm") ?? entry.text("ValDt", "Dt")
                ?? entry.text("ValDt", "DtTm")
        else { return .failure(Skip(message: "<Ntry> without a booking date (<BookgDt>)")) }
        guard let date = isoDate(dateText) else {
            return .failure(Skip(message: "'\(dateText)' is not a date such as 2026-11-02"))
        }
        let currency = amountNode.attributes["Ccy"].flatMap { Currency(code: $0.uppercased()) }
        let transactions = entry.all("TxDtls")
        let party = sign < 0 ? "Cdtr" : "Dbtr"
        func payee(_ details: MarkupNode?) -> String? {
            let named =
                details?.text("RltdPties", party, "Nm") ?? details?.text("RltdPties", party, "Pty", "Nm")
                ?? details?.text("RltdPties", "Ultmt" + party, "Nm")
                ?? details?.text("RltdPties", "Ultmt" + party, "Pty", "Nm")
                ?? details?.text("RmtInf", "Ustrd") ?? entry.text("AddtlNtryInf")
            return named.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        }
        // A batch: each transaction with an amount of its own is a row of its own.
        let own = transactions.map { $0.at("AmtDtls", "TxAmt", "Amt") ?? $0.child("Amt") }
        // Only when they add up to the entry, in its currency: else the entry is what moved.
        let parts = own.map { node in
            node.flatMap { node in
                (node.attributes["Ccy"] ?? amountNode.attributes["Ccy"]) == amountNode.attributes["Ccy"]
                    ? Decimal(exactly: node.text) : nil
            }
        }
        if transactions.count > 1, parts.allSatisfy({ $0 != nil }),
            parts.reduce(Decimal(0), { $0 + ($1 ?? 0) }) == value
        {
            var rows: [StatementCSV.Row] = []
            let batch = entry.text("AcctSvcrRef") ?? entry.text("NtryRef")
            for (index, (details, amount)) in zip(transactions, own).enumerated() {
                guard let name = payee(details) else {
                    return .failure(Skip(message: "<TxDtls> names no creditor or debtor", node: details))
                }
                rows.append(
                    StatementCSV.Row(
                        line: details.line, date: date, payee: name, amount: sign * Decimal(exactly: amount!.text)!,
                        currency: amount!.attributes["Ccy"].flatMap { Currency(code: $0.uppercased()) } ?? currency,
                        mandate: details.text("Refs", "MndtId"),
                        id: details.text("Refs", "AcctSvcrRef") ?? details.text("Refs", "TxId")
                            ?? batch.map { "\($0)#\(index + 1)" }))
            }
            return .success(rows)
        }
        guard let name = payee(transactions.first) else {
            return .failure(
                Skip(message: "<Ntry> names no creditor or debtor (<RltdPties>) and has no remittance text"))
        }
        return .success([
            StatementCSV.Row(
                line: entry.line, date: date, payee: name, amount: sign * value, currency: currency,
                mandate: transactions.first?.text("Refs", "MndtId"),
                id: entry.text("AcctSvcrRef") ?? entry.text("NtryRef"))
        ])
    }

    /// `2026-11-02`, `2026-11-02T09:30:00+01:00`: the date.
    static func isoDate(_ text: String) -> CalendarDate? {
        let day = text.prefix(10)
        guard day.count == 10 else { return nil }
        return CalendarDate(iso: String(day))
    }
}
