/// A transaction a reader found but could not read, and why: what `detect --format json` lists
/// under `skipped`, every one of them (the warnings stop at `StatementCSV.maxRowWarnings`).
public struct SkippedTransaction: Sendable, Equatable {
    /// Where it starts, from 1.
    public var line: Int
    public var column: Int
    public var reason: String

    public init(line: Int, column: Int = 1, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }
}

/// Why one transaction of a statement (a CSV row, an OFX `<STMTTRN>`, a camt `<Ntry>`) is skipped,
/// the one error every reader's row step returns; it becomes a `SkippedTransaction` and a warning
/// at its line.
struct StatementSkip: Error {
    let message: String
    /// The element it is about, in a markup statement, for its line.
    var node: MarkupNode?
}
