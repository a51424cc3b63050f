import Foundation

/// Exact decimal helpers: amounts are read from their written text and rounded only for display.
extension Decimal {
    /// Parses a plain decimal literal ("15.49", "-3", "1e3") exactly; nil for anything else,
    /// including inf and nan, which are not amounts.
    public init?(exactly text: String) {
        let allowed = Set("0123456789+-.eE")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }),
            text.contains(where: \.isNumber),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        self = value
    }

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
        let negative = value < 0
        let magnitude = negative ? -value : value
        var whole = magnitude.rounded(scale: 0)
        if whole > magnitude { whole -= 1 }
        var text = NSDecimalNumber(decimal: whole).stringValue
        if digits > 0 {
            var fraction = (magnitude - whole)
            for _ in 0..<digits { fraction *= 10 }
            let fractionText = NSDecimalNumber(decimal: fraction.rounded(scale: 0)).stringValue
            text += "." + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
        }
        return negative && value != 0 ? "-" + text : text
    }
}

/// How large and how fine an amount may be (DESIGN.md §7, "Amounts are exact or refused"): at
/// most 15 digits before the point and 10 after, in files as on the command line. Within these,
/// every sum sandjar makes stays inside `Decimal`'s 38 digits, so no figure is ever rounded
/// behind the person's back; beyond them an amount is refused with its place, never shown rounded.
public enum AmountBounds {
    public static let integerDigits = 15
    public static let fractionDigits = 10

    /// Nil when `value` is within the bounds; else why not, to follow the amount in a message.
    public static func problem(with value: Decimal) -> String? {
        let magnitude = value < 0 ? -value : value
        var limit = Decimal(1)
        for _ in 0..<integerDigits { limit *= 10 }
        if magnitude >= limit {
            return "has more than \(integerDigits) digits before the point; amounts are kept exact, "
                + "so at most \(integerDigits) digits before the point and \(fractionDigits) after are allowed"
        }
        if magnitude.rounded(scale: fractionDigits) != magnitude {
            return "has more than \(fractionDigits) digits after the point; amounts are kept exact, "
                + "so at most \(integerDigits) digits before the point and \(fractionDigits) after are allowed"
        }
        return nil
    }
}
