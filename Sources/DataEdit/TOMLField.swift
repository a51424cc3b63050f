import Basics
import TOML

/// One `key = value` line that sandjar writes into a data file, together with the value it must
/// read back as.
///
/// Commands that edit data never splice user text into TOML unchecked: every value is rendered
/// from a typed source here, and `DataFileEditor` re-parses the whole edited file and compares
/// each written value with `matches(_:)` before anything reaches the disk.
public struct TOMLField: Sendable, Equatable {
    enum Expected: Sendable, Equatable {
        case string(String)
        case amount(AmountLiteral)
        case integer(Int64)
        case dateTime(TOMLDateTime)
        case boolean(Bool)
        case prices([PriceStep])
        case integers([Int64])
    }

    /// One `{ from = DATE, price = AMOUNT }` of a subscription's price history.
    public struct PriceStep: Sendable, Equatable {
        public var from: TOMLDateTime
        public var price: AmountLiteral

        public init(from: TOMLDateTime, price: AmountLiteral) {
            self.from = from
            self.price = price
        }

        /// `{ from = 2026-12-01, price = 10.99 }`
        public var literal: String { "{ from = \(from), price = \(price.text) }" }

        /// True when `value` reads back as this step.
        public func matches(_ value: TOMLValue) -> Bool {
            guard let table = value.tableValue, table.count == 2, let from = table["from"], let price = table["price"]
            else { return false }
            return TOMLField.dateTime("from", self.from).matches(from)
                && TOMLField.amount("price", self.price).matches(price)
        }
    }

    /// A bare key (`at`, `amount`, `note`).
    public let key: String
    /// The value as written after `key = `.
    public let literal: String
    let expected: Expected

    /// A basic string, escaped so that any text (quotes, backslashes, newlines) survives.
    public static func string(_ key: String, _ value: String) -> TOMLField {
        TOMLField(key: key, literal: basicString(value), expected: .string(value))
    }

    /// An amount, written exactly as the validated literal (`300`, `12.50`).
    public static func amount(_ key: String, _ value: AmountLiteral) -> TOMLField {
        TOMLField(key: key, literal: value.text, expected: .amount(value))
    }

    public static func integer(_ key: String, _ value: Int64) -> TOMLField {
        TOMLField(key: key, literal: String(value), expected: .integer(value))
    }

    public static func boolean(_ key: String, _ value: Bool) -> TOMLField {
        TOMLField(key: key, literal: value ? "true" : "false", expected: .boolean(value))
    }

    /// A date, local date-time or offset date-time in its canonical RFC 3339 form.
    public static func dateTime(_ key: String, _ value: TOMLDateTime) -> TOMLField {
        TOMLField(key: key, literal: value.description, expected: .dateTime(value))
    }

    /// A price history, oldest first, as one inline array.
    public static func prices(_ key: String, _ steps: [PriceStep]) -> TOMLField {
        TOMLField(key: key, literal: "[" + steps.map(\.literal).joined(separator: ", ") + "]", expected: .prices(steps))
    }

    /// Whole numbers as one inline array: `holds = [60, 75, 90]`.
    public static func integers(_ key: String, _ values: [Int64]) -> TOMLField {
        TOMLField(
            key: key, literal: "[" + values.map(String.init).joined(separator: ", ") + "]", expected: .integers(values))
    }

    /// `key = literal`, without a line ending.
    public var line: String { "\(key) = \(literal)" }

    /// True when `value`, as parsed back from the file, is exactly what this field meant to write.
    public func matches(_ value: TOMLValue) -> Bool {
        switch (expected, value.kind) {
        case (.string(let text), .string(let read)):
            // Scalar by scalar: String's == would also accept a differently normalised spelling.
            return Array(text.unicodeScalars) == Array(read.unicodeScalars)
        case (.amount(let amount), .integer(let read)):
            return !amount.text.contains(".") && String(read) == amount.text
        case (.amount(let amount), .float(_, let literal)):
            return amount.text.contains(".") && literal == amount.text
        case (.integer(let n), .integer(let read)):
            return n == read
        case (.dateTime(let dateTime), .dateTime(let read)):
            return dateTime == read
        case (.boolean(let flag), .boolean(let read)):
            return flag == read
        case (.integers(let values), .array(let items)):
            return values.count == items.count
                && zip(values, items).allSatisfy { value, item in
                    if case .integer(let read) = item.kind { read == value } else { false }
                }
        case (.prices(let steps), .array(let items)):
            return steps.count == items.count && zip(steps, items).allSatisfy { $0.matches($1) }
        default:
            return false
        }
    }

    /// `"…"` with the escapes TOML defines; every other character, emoji and CJK included, is
    /// written as itself in UTF-8 so the file stays readable.
    package static func basicString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                out += "\\u" + scalar.value.zeroPadded(4, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
