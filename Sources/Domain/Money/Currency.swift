/// An ISO 4217 currency, with the number of minor-unit digits it is shown with.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal point: 2 for CNY, 0 for JPY and KRW, 3 for KWD.
    public let minorDigits: Int

    /// Nil for a code that is not an active ISO 4217 currency.
    public init?(code: String) {
        guard code.count == 3, let digits = Currency.minorDigitsByCode[code] else { return nil }
        self.code = code
        self.minorDigits = digits
    }

    public var description: String { code }
    public static func < (a: Currency, b: Currency) -> Bool { a.code < b.code }

    /// Every active code, for "did you mean" suggestions.
    public static var allCodes: [String] { minorDigitsByCode.keys.sorted() }

    private static let zeroDigit: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND",
        "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let codes = """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP \
        BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
        GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR \
        KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK \
        MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR \
        SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS \
        UAH UGX USD UYI UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
        """
    private static let minorDigitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        for code in codes.split(separator: " ") {
            let c = String(code)
            table[c] = zeroDigit.contains(c) ? 0 : threeDigit.contains(c) ? 3 : 2
        }
        return table
    }()
}
