import Domain
import Foundation
import SiteData

/// An amount typed on the command line, checked and normalised into a TOML number literal that
/// reads back as exactly the same decimal.
///
/// Only plain decimals are accepted (`300`, `12.50`, `+5`, `.5`): exponents, `nan`, `inf`,
/// separators and signs other than a leading `+` are refused, because a typo in money should
/// be an error rather than a surprising amount. The written text keeps what the person typed
/// (`12.50` stays `12.50`) apart from what TOML cannot hold (`+5` → `5`, `.5` → `0.5`,
/// `007` → `7`, `5.` → `5`).
public struct AmountLiteral: Sendable, Equatable, CustomStringConvertible {
    /// At most this many digits after the point, as in files (`AmountBounds`).
    public static let maxFractionDigits = AmountBounds.fractionDigits
    /// At most this many digits before the point (just under a quadrillion), as in files.
    public static let maxIntegerDigits = AmountBounds.integerDigits

    /// The TOML literal: an integer (`300`) or a float with a point (`12.50`).
    public let text: String
    /// The exact value, > 0.
    public let value: Decimal

    public var description: String { text }

    /// `12.5` for `12,5`: a comma that can only be a decimal comma (one comma, not followed by
    /// exactly three digits, no point); nil otherwise (`1,000` may be a thousand).
    static func decimalComma(_ body: Substring) -> String? {
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !body.contains("."), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isNumber), !parts[1].isEmpty, parts[1].count != 3
        else { return nil }
        return "\(parts[0].isEmpty ? "0" : parts[0]).\(parts[1])"
    }

    public init(_ typed: String) throws(Diagnostic) {
        let raw = typed.trimmingCharacters(in: .whitespaces)
        func invalid(_ why: String) -> Diagnostic { Diagnostic("invalid amount '\(typed)': \(why)") }
        guard !raw.isEmpty else { throw Diagnostic("the amount is empty; give a number such as 12.50") }
        var body = Substring(raw)
        var negative = false
        if let sign = body.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        let lower = body.lowercased()
        if ["nan", "inf", "infinity"].contains(lower) { throw invalid("an amount must be a finite number") }
        if let comma = AmountLiteral.decimalComma(body) {
            throw invalid("use a point for the decimals: \(comma)")
        }
        if body.contains(where: { $0 == "," || $0 == "_" || $0 == " " || $0 == "'" }) {
            throw invalid("write it without separators, such as 1234.50")
        }
        let digits = Set("0123456789")
        if body.contains(where: { $0 == "e" || $0 == "E" }),
            body.allSatisfy({ digits.contains($0) || "eE.+-".contains($0) })
        {
            throw invalid("write a plain decimal such as 1000, without an exponent")
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard whole.allSatisfy({ digits.contains($0) }), fraction.allSatisfy({ digits.contains($0) }),
            !(whole.isEmpty && fraction.isEmpty)
        else { throw invalid("not a number; give a plain decimal such as 12.50") }
        guard fraction.count <= AmountLiteral.maxFractionDigits else {
            throw invalid("more than \(AmountLiteral.maxFractionDigits) digits after the point")
        }
        var integer = String(whole.drop { $0 == "0" })
        if integer.isEmpty { integer = "0" }
        guard integer.count <= AmountLiteral.maxIntegerDigits else {
            throw invalid("too large (at most \(AmountLiteral.maxIntegerDigits) digits before the point)")
        }
        let literal = fraction.isEmpty ? integer : "\(integer).\(fraction)"
        guard let value = Decimal(exactly: literal) else { throw invalid("not a number") }
        guard !negative, value > 0 else { throw invalid("an amount must be greater than 0") }
        self.text = literal
        self.value = value
    }
}
