/// Insertion-ordered key → element storage shared by `TOMLTable` and the parser's
/// table builder.
///
/// TOML keys are compared by their exact Unicode scalars (the spec does not normalize),
/// whereas Swift's `String ==` treats canonically equivalent spellings as equal. Lookups
/// therefore confirm byte equality. Most data tables are small (a `[[deposit]]` has a
/// handful of keys), so lookups scan linearly until a table grows past
/// `linearSearchLimit` entries; only then is a hash index built.
struct KeyedEntries<Element> {
    struct Entry {
        var key: String
        var location: SourceLocation
        var element: Element
    }

    private(set) var entries: [Entry] = []
    private var index: [ExactKey: Int] = [:]

    private static var linearSearchLimit: Int { 12 }

    var count: Int { entries.count }

    /// The position of `key` in insertion order, or nil when absent.
    func position(of key: String) -> Int? {
        if entries.count <= Self.linearSearchLimit {
            for position in entries.indices where sameKey(entries[position].key, key) {
                return position
            }
            return nil
        }
        return index[ExactKey(text: key)]
    }

    /// Appends a key that must not be present yet (callers check with `position(of:)`).
    mutating func append(key: String, location: SourceLocation, element: Element) {
        entries.append(Entry(key: key, location: location, element: element))
        if entries.count > Self.linearSearchLimit {
            if index.isEmpty {
                index.reserveCapacity(entries.count * 2)
                for position in entries.indices {
                    index[ExactKey(text: entries[position].key)] = position
                }
            } else {
                index[ExactKey(text: key)] = entries.count - 1
            }
        }
    }

    mutating func replace(at position: Int, location: SourceLocation, element: Element) {
        entries[position].location = location
        entries[position].element = element
    }

    mutating func setLocation(_ location: SourceLocation, at position: Int) {
        entries[position].location = location
    }
}

extension KeyedEntries: Sendable where Element: Sendable {}
extension KeyedEntries.Entry: Sendable where Element: Sendable {}

/// Exact (scalar-for-scalar) key equality; see `KeyedEntries`.
@inline(__always)
func sameKey(_ lhs: String, _ rhs: String) -> Bool {
    // `==` is fast and rejects almost every mismatch; the byte check removes the
    // canonical-equivalence matches TOML does not want.
    lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
}

/// A dictionary key with exact byte equality and hashing.
struct ExactKey: Hashable, Sendable {
    var text: String

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
