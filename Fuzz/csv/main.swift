// libFuzzer entry for the bank-statement readers and recurring-charge detection (DESIGN.md §7):
// built by Fuzz/fuzz.sh with `swiftc -sanitize=fuzzer,address` and linked against the Statement
// module (Sources/Statement) and the modules it imports. `BankStatement` tells the format from the
// content, so one target reaches every reader: CSV, QIF, OFX 1.x (SGML) and 2.x, camt.053 (XML).
//
// Follows `sandjar detect`: an optional first line `#columns date=1,payee=2,amount=3` stands for
// `--columns`; the rest is the statement. Reading may fail with a `Failure`; if it succeeds, the
// money out goes through `RecurringCharges.detect`. Rows keep the file's order of lines, and every
// suggestion's charges are its evidence: at least three, oldest first.
import Domain
import Statement
import Subscriptions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var columns: StatementCSV.Columns?
    let prefix = Array("#columns ".utf8)
    if bytes.starts(with: prefix) {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let option = String(decoding: bytes[prefix.count..<end], as: UTF8.self)
        bytes = Array(bytes[min(end + 1, bytes.count)...])
        do {
            columns = try StatementCSV.Columns(option: option)
        } catch {
            _ = error.message
            return 0
        }
    }
    let statement: BankStatement
    do {
        statement = try BankStatement(bytes: bytes, path: "fuzz.statement", columns: columns)
    } catch {
        _ = error.description
        return 0
    }
    for note in statement.notes { _ = note.description }
    guard !statement.rows.isEmpty else { fatalError("a statement read without failure has no rows") }
    // Rows keep the file's order; two may share a line (an OFX body written on one line).
    for (earlier, later) in zip(statement.rows, statement.rows.dropFirst()) where earlier.line > later.line {
        fatalError("rows out of line order: \(earlier.line) then \(later.line)")
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
    return 0
}
