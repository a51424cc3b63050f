/// One new `[[subscription]]` as sandjar writes it, whoever asks — serve's "add a subscription"
/// form (`SubscriptionEntry`), a Wallos import (`WallosImport`), `detect`'s suggestions: the keys
/// always in one order (DESIGN.md §2's), each value written by its `TOMLField`, and a comment beside
/// a line where its source says where the value came from. The one writer of that text (issue 40).
public struct SubscriptionTable: Sendable, Equatable {
    /// The keys a new table may have, in the order they are written.
    public enum Key: String, CaseIterable, Sendable {
        case name, catalog, price, currency, cycle, trial, started
        case nextBilling = "next_billing"
        case members
        case paidBy = "paid_by"
        case category, unsubscribe, remind, ends
        case autoRenew = "auto_renew"
        case killed, note
    }

    /// One line in a key's place: its field, or the value as its source wrote it, or a line of
    /// comment only (a value left out, and why); and the comment beside it.
    struct Line: Sendable, Equatable {
        var field: TOMLField?
        var text: String
        var comment: String?
        var isValue: Bool
    }

    private var slots: [Key: [Line]] = [:]

    public init() {}

    /// Sets `field`, whose key must be one of `Key`'s; a second value for a key is a mistake of the
    /// caller's.
    public mutating func add(_ field: TOMLField, comment: String? = nil) {
        guard let key = Key(rawValue: field.key) else {
            preconditionFailure("a [[subscription]] has no key \(field.key)")
        }
        set(key, Line(field: field, text: field.line, comment: comment, isValue: true))
    }

    /// Sets `key` to a TOML number or date written as its source wrote it (a Wallos price, a price
    /// detect worked out): read back by the whole file's check (`checkAsTheBuildReadsIt`), not
    /// field by field, so a table holding one has no `fields`.
    public mutating func add(_ key: Key, literal: String, comment: String? = nil) {
        set(key, Line(field: nil, text: "\(key.rawValue) = \(literal)", comment: comment, isValue: true))
    }

    private mutating func set(_ key: Key, _ line: Line) {
        precondition(!(slots[key]?.contains(where: \.isValue) ?? false), "\(key.rawValue) set twice")
        slots[key, default: []].append(line)
    }

    /// A line of comment (`# cycle = "monthly"`, or why a value was left out) in `key`'s place.
    public mutating func remark(at key: Key, _ text: String, comment: String? = nil) {
        slots[key, default: []].append(Line(field: nil, text: "# " + text, comment: comment, isValue: false))
    }

    /// The fields, in the order they are written: what `DataFileEditor.append` writes and reads back.
    public var fields: [TOMLField] {
        let values = Key.allCases.flatMap { slots[$0] ?? [] }.filter(\.isValue)
        precondition(values.allSatisfy { $0.field != nil }, "a value written as its source wrote it has no field")
        return values.compactMap(\.field)
    }

    /// `[[subscription]]` and its lines, in order, without line endings.
    public var lines: [String] {
        ["[[subscription]]"]
            + Key.allCases.flatMap { slots[$0] ?? [] }.map { SubscriptionTable.commented($0.text, $0.comment) }
    }

    /// `line`, and `comment` after it at column 33 (at least one space between).
    static func commented(_ line: String, _ comment: String?) -> String {
        guard let comment else { return line }
        let pad = max(1, 32 - line.count)
        return line + String(repeating: " ", count: pad) + "# " + comment
    }
}
