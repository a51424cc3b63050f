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
