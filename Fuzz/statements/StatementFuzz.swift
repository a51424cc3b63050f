// What the ofx, qif and camt fuzz targets hold every statement to (DESIGN.md §7), built into each
// of them by Fuzz/fuzz.sh. An input in another format is passed over, so libFuzzer's time goes to
// the one reader; the csv target reaches them all through content sniffing.
//
// Reading may fail with a `Diagnostic`, which must print; if it succeeds, there are rows, in the
// file's order of lines, every skipped transaction has a place, each account read alone gives
// its own rows, and the money out goes through `RecurringCharges.detect`, whose every
// suggestion rests on at least three charges, oldest first.
import Domain
import Statement
import Subscriptions

func fuzzStatement(_ data: UnsafePointer<UInt8>, _ size: Int, formats: Set<BankStatement.Format>) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard formats.contains(BankStatement.sniffedFormat(of: bytes)) else { return }
    let statement: BankStatement
    do {
        statement = try BankStatement(bytes: bytes, path: "fuzz.statement")
    } catch {
        _ = error.description
        return
    }
    for note in statement.notes { _ = note.description }
    guard !statement.rows.isEmpty else { fatalError("a statement read without failure has no rows") }
    for (earlier, later) in zip(statement.rows, statement.rows.dropFirst()) where earlier.line > later.line {
        fatalError("rows out of line order: \(earlier.line) then \(later.line)")
    }
    for skip in statement.skipped where skip.line < 1 || skip.column < 1 {
        fatalError("a skipped transaction at \(skip.line):\(skip.column)")
    }
    for account in statement.accounts {
        guard let alone = try? BankStatement(bytes: bytes, path: "fuzz.statement", account: account),
            alone.rows == statement.rows.filter({ $0.account == account })
        else { fatalError("account \(account) read alone is not its rows") }
    }
    let charges = statement.rows.filter { $0.amount < 0 }.map { row in
        RecurringCharges.Charge(
            date: row.date, payee: row.payee, amount: -row.amount, currency: row.currency, mandate: row.mandate)
    }
    for suggestion in RecurringCharges.detect(charges, until: statement.period?.upperBound) {
        guard suggestion.charges.count >= RecurringCharges.minimumCharges,
            zip(suggestion.charges, suggestion.charges.dropFirst()).allSatisfy({ $0.date <= $1.date })
        else { fatalError("suggestion for \(suggestion.payee) has bad evidence") }
    }
}
