/// A position in a TOML document, as a person reading it in an editor would name it.
///
/// Lines and columns are both 1-based. Columns count Unicode scalars rather than bytes,
/// so a key written after `"café" = 1` is reported where the eye finds it, not where
/// the UTF-8 encoding puts it. A byte-order mark at the start of the file is not counted.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars on that line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `"line:column"`, the form compilers and editors understand.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }
}
