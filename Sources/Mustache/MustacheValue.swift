/// The data a template is rendered against.
///
/// A closed set of JSON-like cases rather than `Any`, so that rendering is
/// predictable, `Sendable`, and comparable in tests. Build values with the
/// literal conformances (`["title": "Home", "items": [1, 2]]`) or decode them
/// from JSON through `Codable`.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([MustacheValue])
    case object([String: MustacheValue])
}

extension MustacheValue {
    /// Whether a section `{{#name}}` shows (and `{{^name}}` hides).
    ///
    /// `null`, `false`, the empty list and the empty string are falsey, so a
    /// theme can write `{{#subtitle}}<h2>{{subtitle}}</h2>{{/subtitle}}` for
    /// optional text. Numbers are always truthy: `0` is a value worth showing.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        case .string(let text): !text.isEmpty
        case .int, .double, .object: true
        }
    }

    /// The text an interpolation tag writes for a scalar, before HTML escaping.
    ///
    /// Integral doubles print without a fraction (`3.0` → `3`) and other
    /// doubles in their shortest round-tripping form (`1.21` → `1.21`), which
    /// is what the Mustache spec expects of JSON numbers.
    /// Lists join their items with commas; objects have no text form.
    public var interpolationText: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let text): text
        case .list(let items): items.map(\.interpolationText).joined(separator: ",")
        case .object: ""
        }
    }

    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}

// MARK: - Literals

extension MustacheValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value, as a JSON object would.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

// MARK: - Codable

/// Decoding maps JSON one to one: `null`, booleans, integral numbers to
/// `.int`, other numbers to `.double`, strings, arrays and objects. This lets
/// callers (and the spec tests) turn JSON data into a context with
/// `JSONDecoder` without this module importing Foundation.
extension MustacheValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MustacheValue].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: MustacheValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
