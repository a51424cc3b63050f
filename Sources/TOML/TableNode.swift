/// A table while the document is still being read.
///
/// Tables are built as shared, mutable nodes so that appending the 50,000th
/// `[[deposit]]` or adding a key to a table named three headers ago happens in place,
/// without copying value-type trees. `freeze()` turns the finished tree into the public
/// value types once, at the end.
///
/// `origin` records how the table came to exist, because TOML's rules for reopening a
/// table depend on it:
/// - `implicit`: created as a parent by a header such as `[a.b]` (for `a`); a later
///   `[a]` header may still define it, once.
/// - `header`: defined by `[name]` or as an element of `[[name]]`; never reopened.
/// - `dotted`: created by a dotted key such as `a.b = 1`; more dotted keys may add to it,
///   and headers may name tables below it, but it may not get its own header.
/// - `inline`: the root of an inline table under construction; it is frozen into a plain
///   value as soon as its `}` is read, which is what makes inline tables immutable.
final class TableNode {
    enum Origin {
        case implicit
        case header
        case dotted
        case inline
    }

    enum Member {
        case value(TOMLValue)
        case table(TableNode)
        case tableArray(TableArrayNode)
    }

    var origin: Origin
    /// See `TOMLValue.location`.
    var location: SourceLocation
    /// Containers between the root table (0) and this table.
    let depth: Int
    var members = KeyedEntries<Member>()

    init(origin: Origin, location: SourceLocation, depth: Int) {
        self.origin = origin
        self.location = location
        self.depth = depth
    }

    /// The finished table as a value. Recursion is bounded by the parser's depth limit.
    func freeze() -> TOMLTable {
        var table = TOMLTable()
        for entry in members.entries {
            let value: TOMLValue
            switch entry.element {
            case .value(let plain):
                value = plain
            case .table(let node):
                value = node.frozenValue()
            case .tableArray(let array):
                value = TOMLValue(kind: .array(array.tables.map { $0.frozenValue() }), location: array.location)
            }
            table.storage.append(key: entry.key, location: entry.location, element: value)
        }
        return table
    }

    func frozenValue() -> TOMLValue {
        TOMLValue(kind: .table(freeze()), location: location)
    }
}

/// An array of tables made by `[[name]]` headers; only such arrays may be appended to.
final class TableArrayNode {
    /// The `[` of the first `[[name]]` header.
    let location: SourceLocation
    var tables: [TableNode]

    init(location: SourceLocation, first: TableNode) {
        self.location = location
        self.tables = [first]
    }
}
