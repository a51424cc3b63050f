import Domain
import Foundation

/// Money as a person reads it in the site's language, following CLDR's conventions for `en` and
/// `zh-Hans`: the currency's symbol before the number, a minus sign before the symbol, groups of
/// three digits separated by ",", "." before the currency's minor digits (none for JPY and KRW),
/// rounded half away from zero.
///
/// | | CNY | USD | EUR | GBP | JPY | KRW | TWD | HKD | others |
/// |---|---|---|---|---|---|---|---|---|---|
/// | en | CN¥ | $ | € | £ | ¥ | ₩ | NT$ | HK$ | `CHF 1,234.50` |
/// | zh-Hans | ¥ | US$ | € | £ | JP¥ | ₩ | NT$ | HK$ | `CHF 1,234.50` |
///
/// Each language marks its own currency's "¥" plainly and the other one's with its country, so a
/// page never shows a bare "¥" that could be either yen or yuan.
public struct MoneyFormatter: Sendable {
    public var language: SiteSettings.Language

    public init(language: SiteSettings.Language) {
        self.language = language
    }

    /// `-US$1,234.50`, `¥1,490` (en, JPY), `¥12.30` (zh-Hans, CNY).
    public func string(_ amount: Decimal, _ currency: Currency) -> String {
        string(amount, currency, digits: currency.minorDigits)
    }

    private func string(_ amount: Decimal, _ currency: Currency, digits count: Int) -> String {
        let digits = number(amount, digits: count)
        let negative = digits.hasPrefix("-")
        let magnitude = negative ? String(digits.dropFirst()) : digits
        let symbol = symbol(for: currency)
        let separator = symbol.unicodeScalars.last.map { ("A"..."Z").contains($0) } == true ? " " : ""
        return (negative ? "-" : "") + symbol + separator + magnitude
    }

    /// The same, with as many digits as `amount` has past the currency's (up to six): what a coin
    /// worth a fraction of the smallest unit is worth (`¥0.3`, `$0.015`), never rounded to `¥0`.
    public func string(exactly amount: Decimal, _ currency: Currency) -> String {
        string(amount, currency, digits: MoneyFormatter.exactDigits(amount, atLeast: currency.minorDigits))
    }

    /// The fewest digits after the point, from `least` up to six, that write `amount` exactly.
    public static func exactDigits(_ amount: Decimal, atLeast least: Int) -> Int {
        (least...max(least, 6)).first { amount.rounded(scale: $0) == amount } ?? max(least, 6)
    }

    /// The symbol shown before amounts in `currency`; the ISO code for currencies without one.
    public func symbol(for currency: Currency) -> String {
        let symbols: [String: String]
        switch language {
        case .en: symbols = MoneyFormatter.english
        case .zhHans: symbols = MoneyFormatter.chinese
        }
        return symbols[currency.code] ?? currency.code
    }

    private static let english = [
        "CNY": "CN¥", "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "KRW": "₩", "TWD": "NT$", "HKD": "HK$",
    ]
    private static let chinese = [
        "CNY": "¥", "USD": "US$", "EUR": "€", "GBP": "£", "JPY": "JP¥", "KRW": "₩", "TWD": "NT$", "HKD": "HK$",
    ]

    /// The number alone, grouped in threes, with exactly `digits` digits after the point:
    /// `-1,234.50`. Never `-0.00`.
    public func number(_ amount: Decimal, digits: Int) -> String {
        let fixed = amount.fixed(digits)
        let negative = fixed.hasPrefix("-")
        let unsigned = negative ? fixed.dropFirst() : Substring(fixed)
        let parts = unsigned.split(separator: ".", maxSplits: 1)
        var whole = Substring(parts.first ?? "0")
        var groups: [Substring] = []
        while whole.count > 3 {
            groups.insert(whole.suffix(3), at: 0)
            whole = whole.dropLast(3)
        }
        groups.insert(whole, at: 0)
        var text = groups.joined(separator: ",")
        if parts.count > 1 { text += "." + parts[1] }
        return (negative ? "-" : "") + text
    }
}
