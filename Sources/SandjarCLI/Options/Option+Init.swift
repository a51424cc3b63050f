import Domain
import Foundation

/// The options of `init`: the new data folder's settings, each checked before a file is written.
extension Option where Value == SiteSettings.Language {
    static var language: Option {
        let names = SiteSettings.Language.allCases.map(\.rawValue)
        return .parsed("language", "LANG", completes: .words(names), help: ["en or zh-Hans (default: en)"]) {
            text throws(Arguments.UsageError) in
            guard let language = SiteSettings.Language(rawValue: text) else {
                throw Arguments.UsageError(
                    "--language must be en or zh-Hans, not '\(text)'", typed: text, closeTo: names)
            }
            return language
        }
    }
}

extension Option where Value == Currency {
    /// A code in any case: `usd` is USD.
    static var currency: Option {
        .parsed(
            "currency", "CODE",
            help: ["the site currency, e.g. USD, CNY, EUR, JPY (default: USD for en,", "CNY for zh-Hans)"]
        ) { text throws(Arguments.UsageError) in
            let code = text.uppercased()
            guard let currency = Currency(code: code) else {
                throw Arguments.UsageError(
                    "--currency: '\(code)' is not a known currency code", typed: code, closeTo: Currency.allCodes)
            }
            return currency
        }
    }
}

extension Option where Value == String {
    /// An IANA time zone name.
    static var timezone: Option {
        .parsed("timezone", "ZONE", help: ["an IANA time zone such as Europe/Berlin (default: this machine's)"]) {
            text throws(Arguments.UsageError) in
            guard TimeZone(identifier: text) != nil, text.contains(where: \.isLetter) else {
                throw Arguments.UsageError(
                    message: "--timezone '\(text)' is not an IANA time zone name such as Europe/Berlin")
            }
            return text
        }
    }

    /// Not empty, nor only spaces.
    static var title: Option {
        .parsed("title", "TEXT", help: ["the site's title"]) { text throws(Arguments.UsageError) in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Arguments.UsageError(message: "--title is empty")
            }
            return text
        }
    }
}

extension Option where Value == Bool {
    /// `init --household`: a household of two in site.toml (DESIGN.md §3 "Household").
    static var household: Option {
        .flag("household", help: ["a household: site.toml names two people, to rename"])
    }
}
