/// A TOML table: keys in the order they were written, each with its value and the
/// location of the key itself.
///
/// Order is preserved because people arrange data files deliberately (and reports are
/// easier to follow in file order); locations are kept so errors about a key can point
/// at it. Keys compare by exact Unicode scalars, as TOML requires.
public struct TOMLTable: Sendable, Sequence {
    var storage = KeyedEntries<TOMLValue>()

    /// An empty table, for building documents in code and tests.
    public init() {}

    /// The keys in insertion order.
    public var keys: [String] { storage.entries.map(\.key) }

    public var count: Int { storage.count }

    public var isEmpty: Bool { storage.count == 0 }

    public subscript(key: String) -> TOMLValue? {
        guard let position = storage.position(of: key) else { return nil }
        return storage.entries[position].element
    }

    /// Follows a path of keys through nested tables: `table[path: ["owner", "name"]]`.
    public subscript(path path: [String]) -> TOMLValue? {
        var table = self
        for (offset, key) in path.enumerated() {
            guard let value = table[key] else { return nil }
            if offset == path.count - 1 { return value }
            guard case .table(let next) = value.kind else { return nil }
            table = next
        }
        return nil
    }

    /// Where `key` was written: the last segment of a dotted key or table header.
    public func keyLocation(_ key: String) -> SourceLocation? {
        guard let position = storage.position(of: key) else { return nil }
        return storage.entries[position].location
    }

    /// Adds `key`, or replaces its value and location when it is already present.
    public mutating func setValue(_ value: TOMLValue, forKey key: String, keyLocation: SourceLocation) {
        if let position = storage.position(of: key) {
            storage.replace(at: position, location: keyLocation, element: value)
        } else {
            storage.append(key: key, location: keyLocation, element: value)
        }
    }

    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[KeyedEntries<TOMLValue>.Entry]>

        public mutating func next() -> (key: String, value: TOMLValue)? {
            guard let entry = base.next() else { return nil }
            return (entry.key, entry.element)
        }
    }

    /// Iterates `(key, value)` pairs in insertion order.
    public func makeIterator() -> Iterator {
        Iterator(base: storage.entries.makeIterator())
    }

    public var underestimatedCount: Int { storage.count }
}
