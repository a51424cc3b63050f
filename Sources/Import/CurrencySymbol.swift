import Domain

/// The currency a price's symbol names: Wallos exports a price as its currency's symbol and the
/// number (`€12.99`, `R$29.90`, `kr99`), not as a code.
///
/// A symbol several currencies use (`$`, `¥`, `kr`) names none of them for certain: `resolve`
/// reads it as `--currency` or the site's currency when it can mean that, and otherwise the
/// importer lists the candidates. An ISO 4217 code standing as the symbol (`CHF`)
/// names its currency.
public enum CurrencySymbol {
    /// What a symbol says.
    public enum Reading: Sendable, Equatable {
        case one(Currency)
        /// Several currencies write this symbol; the most used first.
        case several([Currency])
        case unknown
    }

    public static func read(_ symbol: String) -> Reading {
        let key = symbol.trimmingCharacters(in: .whitespaces)
        if let codes = ambiguous[key] ?? ambiguous[key.lowercased()] {
            return .several(codes.compactMap { Currency(code: $0) })
        }
        if let code = unique[key] ?? unique[key.uppercased()], let currency = Currency(code: code) {
            return .one(currency)
        }
        if key.count == 3, let currency = Currency(code: key.uppercased()) { return .one(currency) }
        return .unknown
    }

    /// Symbols that stand for one currency only.
    static let unique: [String: String] = [
        "€": "EUR", "£": "GBP", "₩": "KRW", "₹": "INR", "₽": "RUB", "₺": "TRY", "₴": "UAH", "₪": "ILS", "฿": "THB",
        "₫": "VND", "₱": "PHP", "₦": "NGN", "₸": "KZT", "₼": "AZN", "₾": "GEL", "৳": "BDT", "₲": "PYG", "₡": "CRC",
        "US$": "USD", "C$": "CAD", "CA$": "CAD", "A$": "AUD", "AU$": "AUD", "NZ$": "NZD", "HK$": "HKD", "S$": "SGD",
        "SG$": "SGD", "NT$": "TWD", "R$": "BRL", "MX$": "MXN", "MEX$": "MXN", "CN¥": "CNY", "元": "CNY", "RMB": "CNY",
        "JP¥": "JPY", "円": "JPY", "ZŁ": "PLN", "zł": "PLN", "KČ": "CZK", "Kč": "CZK", "FT": "HUF", "Ft": "HUF",
        "LEI": "RON", "lei": "RON", "ЛВ": "BGN", "лв": "BGN", "FR.": "CHF", "Fr.": "CHF", "R": "ZAR", "RM": "MYR",
        "RP": "IDR", "Rp": "IDR", "E£": "EGP", "د.إ": "AED", "﷼": "SAR",
    ]

    /// Symbols that several currencies write, each with its candidates, the most used first.
    static let ambiguous: [String: [String]] = [
        "$": ["USD", "CAD", "AUD", "NZD", "HKD", "SGD", "MXN", "ARS", "CLP", "COP"],
        "¥": ["JPY", "CNY"], "￥": ["CNY", "JPY"],
        "kr": ["SEK", "NOK", "DKK", "ISK"], "kr.": ["DKK", "ISK"],
    ]
}
