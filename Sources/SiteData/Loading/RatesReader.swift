import Domain
import Foundation

/// What rates.toml says, and what money in another currency needs to know of it.
struct RatesFile: Equatable {
    /// Nil when there is no rates.toml, or it cannot be read.
    var rates: ExchangeRates?
    /// The currencies of `[rates]` as written, valid rate or not, so one mistake is reported once
    /// and not again at every amount in that currency.
    var declared: Set<Currency> = []
    /// rates.toml is there but could not be read (already reported): no amount is reported
    /// again as missing a rate.
    var unusable = false

    /// Checks that money in `currency` can be converted into the site's currency; an error at
    /// `key` otherwise.
    func checkConvertible(_ currency: Currency, site: SiteSettings?, in reader: TableReader, key: String) {
        guard let site, currency != site.currency, !unusable else { return }
        guard rates?.rate(for: currency) == nil, !declared.contains(currency) else { return }
        let ratesFile = rates == nil ? "there is no rates.toml" : "rates.toml has no rate for it"
        reader.error(key, "uses \(currency.code), which cannot be converted into \(site.currency.code): \(ratesFile)")
    }
}

/// Reads rates.toml: how much one unit of each other currency is in the site's.
enum RatesReader {
    static let file = "rates.toml"
    static let keys = ["base", "as_of", "rates"]

    static func read(_ files: DataFiles, site: SiteSettings?) -> RatesFile {
        var read = RatesFile()
        guard files.folder.fileExists(file) else { return read }
        guard let reader = files.parse(file) else {
            read.unusable = true
            return read
        }
        defer { reader.finish(known: keys) }
        guard let base = reader.currency("base", required: true) else {
            read.unusable = true
            return read
        }
        if let site, base != site.currency {
            reader.error("base", "is \(base.code) but the site currency is \(site.currency.code); they must be equal")
        }
        let asOf = reader.date("as_of")
        var table: [Currency: Decimal] = [:]
        if let section = reader.table("rates") {
            for code in section.table.keys {
                guard let currency = section.currency(forKey: code) else { continue }
                read.declared.insert(currency)
                if let rate = section.positive(code) { table[currency] = rate }
            }
        }
        read.rates = ExchangeRates(base: base, asOf: asOf, rates: table)
        return read
    }
}

extension TableReader {
    /// A key of `[rates]` must itself be a currency code.
    fileprivate func currency(forKey code: String) -> Currency? {
        if let currency = Currency(code: code) { return currency }
        var message = "'\(code)' is not a known currency code"
        if let guess = Suggestion.closest(to: code.uppercased(), in: Currency.allCodes) {
            message += "; did you mean '\(guess)'?"
        }
        log.add(file.diagnostic(.error, at: table.keyLocation(code), "\(path(code)): \(message)"))
        return nil
    }
}
