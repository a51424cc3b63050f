/// One value from a TOML document together with where it was written.
///
/// Keeping the location on every value lets code that validates the data (for example
/// "amount must be positive") point the user at the exact line and column, long after
/// parsing has finished.
public struct TOMLValue: Sendable {
    /// The value itself, in TOML's own types.
    public enum Kind: Sendable {
        case string(String)
        case integer(Int64)
        /// The number and its literal as written minus underscores (`"15.49"`, `"1e3"`,
        /// `"-inf"`, `"nan"`), so amounts can be re-read as exact decimals.
        case float(Double, literal: String)
        case boolean(Bool)
        indirect case dateTime(TOMLDateTime)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public var kind: Kind
    /// The first character of the value. A table made by a `[header]` or `[[header]]`
    /// points at its `[`, an inline table at its `{`, and a table created implicitly
    /// (as the parent in `[a.b]` or by a dotted key `a.b = 1`) at the key that created it.
    public var location: SourceLocation

    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
