import Domain
import Foundation
import SiteFormats
import Statement
import Subscriptions

/// What `detect` read of a statement, for the eye and for scripts (DESIGN.md §3): a line per
/// account for the text output, and `--format json`'s
/// `{file, format, transactions, skipped, suggestions}`.
struct DetectedStatement {
    /// The path as the user gave it.
    let path: String
    let statement: BankStatement

    /// `# account 999988: 2 transactions read, 1996-10-04 … 1996-10-20, sum -500.00 USD`, one per
    /// account the file names, in the order they come (one without transactions too: `0
    /// transactions read, sum 0`); one line without a name when the file names none.
    var accountLines: [String] {
        let accounts: [String?] = statement.accounts.isEmpty ? [nil] : statement.accounts
        return accounts.map { account in
            let rows = statement.rows.filter { account == nil || $0.account == account }
            var line = account.map { "# account \(DetectedStatement.oneLine($0)): " } ?? "# "
            line += "\(rows.count) transaction\(rows.count == 1 ? "" : "s") read"
            if let first = rows.map(\.date).min(), let last = rows.map(\.date).max() {
                line += ", \(first) … \(last)"
            }
            return line + ", sum " + DetectedStatement.sums(rows)
        }
    }

    /// The sum of the rows' amounts, per currency in the order they come: `-500.00 USD`.
    static func sums(_ rows: [StatementCSV.Row]) -> String {
        var order: [String] = []
        var totals: [String: Decimal] = [:]
        var digits: [String: Int] = [:]
        for row in rows {
            let code = row.currency?.code ?? ""
            if totals[code] == nil { order.append(code) }
            totals[code, default: 0] += row.amount
            digits[code] = row.currency?.minorDigits ?? 2
        }
        guard !order.isEmpty else { return "0" }
        return order.map { code in
            let text = amount(totals[code] ?? 0, digits: digits[code] ?? 2)
            return code.isEmpty ? text : "\(text) \(code)"
        }.joined(separator: ", ")
    }

    /// With the currency's minor digits when that loses nothing, else every digit it has.
    static func amount(_ value: Decimal, digits: Int) -> String {
        value.rounded(scale: digits) == value ? value.fixed(digits) : "\(value)"
    }

    /// `{file, format, transactions: [{date, payee, amount, currency, id, line}], skipped: [{line,
    /// column, reason}], suggestions: [{name, price, currency, cycle, started, next_billing,
    /// charges, stopped}]}`: amounts signed (money out negative), as JSON numbers; `charges` is
    /// how many charges the suggestion rests on.
    func json(_ suggestions: [RecurringCharges.Suggestion]) -> String {
        JSONValue.object([
            ("file", .string(path)),
            ("format", .string(statement.format.rawValue)),
            (
                "transactions",
                .array(
                    statement.rows.map { row in
                        .object([
                            ("date", .string(row.date.description)),
                            ("payee", .string(row.payee)),
                            ("amount", .number(Self.amount(row.amount, digits: row.currency?.minorDigits ?? 2))),
                            ("currency", .optional(row.currency) { .string($0.code) }),
                            ("id", .optional(row.id) { .string($0) }),
                            ("line", .int(row.line)),
                        ])
                    })
            ),
            (
                "skipped",
                .array(
                    statement.skipped.map { skip in
                        .object([
                            ("line", .int(skip.line)), ("column", .int(skip.column)), ("reason", .string(skip.reason)),
                        ])
                    })
            ),
            (
                "suggestions",
                .array(
                    suggestions.map { suggestion in
                        .object([
                            ("name", .string(suggestion.name)),
                            (
                                "price",
                                .number(Self.amount(suggestion.price, digits: suggestion.currency?.minorDigits ?? 2))
                            ),
                            ("currency", .optional(suggestion.currency) { .string($0.code) }),
                            ("cycle", .string(suggestion.cycle.rawValue)),
                            ("started", .string(suggestion.started.description)),
                            ("next_billing", .string(suggestion.nextBilling.description)),
                            ("charges", .int(suggestion.charges.count)),
                            ("stopped", .optional(suggestion.stopped) { .string($0.description) }),
                        ])
                    })
            ),
        ]).serialized()
    }

    /// Text for a `#` comment: one line, no control characters.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
