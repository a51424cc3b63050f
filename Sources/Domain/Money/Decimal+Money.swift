import Foundation

/// Exact decimal helpers: amounts are read from their written text and rounded only for display.
extension Decimal {
    /// Parses a plain decimal literal ("15.49", "-3", "1e3") exactly; nil for anything else,
    /// including inf and nan, which are not amounts.
    public init?(exactly text: String) {
        if let plain = Decimal.plain(text) {
            self = plain
            return
        }
        var digits = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard digits, let value = Decimal(string: text, locale: Decimal.posix), !value.isNaN else { return nil }
        self = value
    }

    /// The common amount (`12`, `-3.5`, `15.49`: a sign, at most 18 digits and a point) read
    /// without Foundation's parser, the same value in the same compact form; nil for anything
    /// else, which `init(exactly:)` leaves to that parser.
    private static func plain(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var fraction: Int?
        var negative = false
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 18 else { return nil }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                if let count = fraction { fraction = count + 1 }
            case UInt8(ascii: "."):
                guard fraction == nil else { return nil }
                fraction = 0
            case UInt8(ascii: "-") where index == 0: negative = true
            case UInt8(ascii: "+") where index == 0: break
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        var value = Decimal(
            sign: negative ? .minus : .plus, exponent: -(fraction ?? 0), significand: Decimal(significand))
        NSDecimalCompact(&value)
        return value
    }

    /// Made once: a locale costs more to make than a number to read.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Rounded half away from zero to `scale` digits after the point.
    public func rounded(scale: Int) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, scale, .plain)
        return result
    }

    /// Fixed-point text with exactly `digits` digits after the point ("12.30", "1500"), no grouping.
    public func fixed(_ digits: Int) -> String {
        let value = rounded(scale: digits)
        // `description` writes a Decimal's exact digits in plain notation ("-1234.5", "0.05"),
        // never with an exponent; the fraction is padded (or its trailing zeros cut) to `digits`.
        let written = value == 0 ? "0" : value.description
        let negative = written.hasPrefix("-")
        let unsigned = negative ? written.dropFirst() : Substring(written)
        let point = unsigned.firstIndex(of: ".")
        var text = String(unsigned[..<(point ?? unsigned.endIndex)])
        if digits > 0 {
            let fraction = point.map { unsigned[unsigned.index(after: $0)...].prefix(digits) } ?? ""
            text += "." + fraction + String(repeating: "0", count: digits - fraction.count)
        }
        return negative ? "-" + text : text
    }
}

/// How large and how fine an amount may be (DESIGN.md §7, "Amounts are exact or refused"): at
/// most 15 digits before the point and 10 after, in files as on the command line. Within these,
/// every sum sandjar makes stays inside `Decimal`'s 38 digits, so no figure is ever rounded
/// behind the person's back; beyond them an amount is refused with its place, never shown rounded.
public enum AmountBounds {
    public static let integerDigits = 15
    public static let fractionDigits = 10
    /// 10^integerDigits, the first amount too large.
    private static let limit = Decimal(sign: .plus, exponent: integerDigits, significand: 1)

    /// Nil when `value` is within the bounds; else why not, to follow the amount in a message.
    public static func problem(with value: Decimal) -> String? {
        let magnitude = value < 0 ? -value : value
        if magnitude >= limit {
            return "has more than \(integerDigits) digits before the point; amounts are kept exact, "
                + "so at most \(integerDigits) digits before the point and \(fractionDigits) after are allowed"
        }
        // A value written with at most `fractionDigits` digits after the point has them all.
        if magnitude.exponent < -fractionDigits, magnitude.rounded(scale: fractionDigits) != magnitude {
            return "has more than \(fractionDigits) digits after the point; amounts are kept exact, "
                + "so at most \(integerDigits) digits before the point and \(fractionDigits) after are allowed"
        }
        return nil
    }
}
