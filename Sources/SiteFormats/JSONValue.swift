import Basics
import Domain
import Foundation

/// A JSON value whose objects keep their keys in the order written, so `data.json` reads in the
/// order of DESIGN.md §5 and is byte-identical on every build.
package indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    package static func int(_ n: Int) -> JSONValue { .number(String(n)) }

    /// A ratio as a number with at most 4 decimals, trailing zeros trimmed.
    package static func ratio(_ d: Decimal) -> JSONValue {
        var text = d.fixed(4)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return .number(text == "-0" ? "0" : text)
    }

    package static func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue {
        value.map(make) ?? .null
    }

    /// Two-space indented text with a final newline.
    package func serialized() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ")
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += indent + "  "
                JSONValue.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + "  ")
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// JSON string escaping; `<`, `>` and `&` are escaped too so the file is safe to inline in HTML.
    /// Every control character is a `\u00XX` escape, DEL and the C1 controls too (RFC 8259 lets
    /// them go raw; DESIGN.md §6 does not): the text comes back exact, and no byte of the file is a
    /// control but its line feeds (`ControlCharacters` says why the pages replace them instead).
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                out += "\\u" + scalar.value.zeroPadded(4, radix: 16)
            default:
                if ControlCharacters.isControl(scalar) {
                    out += "\\u" + scalar.value.zeroPadded(4, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// An amount as data.json and widget.json write it: exact, as a string with the currency's
    /// minor digits (`"12.50"`, `"1200"` for yen).
    package static func money(_ amount: Decimal, _ currency: Currency) -> JSONValue {
        .string(amount.fixed(currency.minorDigits))
    }

    /// `money` with the digits past the currency's that `amount` has, up to six (a coin's worth).
    package static func exactMoney(_ amount: Decimal, _ currency: Currency) -> JSONValue {
        .string(amount.fixed(MoneyFormatter.exactDigits(amount, atLeast: currency.minorDigits)))
    }
}
