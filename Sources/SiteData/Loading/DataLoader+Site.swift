import Domain
import Foundation
import Markdown

extension DataLoader {
    static let siteKeys = [
        "title", "language", "languages", "locale", "currency", "timezone", "base_url", "unsafe_html",
        "theme", "publish",
    ]
    /// `[publish]` in site.toml.
    static let publishKeys = ["files"]
    static let ratesKeys = ["base", "as_of", "rates"]

    /// site.toml's time zone and currency for the commands that need only those (the editing
    /// commands date what they write; detect fills in a currency), read by the same reader as a
    /// build so both agree. Other mistakes in site.toml do not matter to them.
    package struct SiteEssentials {
        /// Nil when site.toml names none (or there is no site.toml): UTC.
        package var timezone: TimeZone?
        /// Why the time zone is unknown: `timezone` is not a zone name.
        package var timezoneFinding: Diagnostic?
        package var currency: Currency?
        /// The site's language (its first, with `languages`); nil when site.toml cannot say.
        package var language: SiteSettings.Language?
        /// `locale`, such as `en-US`, when site.toml gives one.
        package var locale: String?
    }

    /// The essentials, or why site.toml cannot be read or parsed at all.
    package static func siteEssentials(of folder: DataFolder) -> Result<SiteEssentials, Diagnostic> {
        guard folder.fileExists("site.toml") else { return .success(SiteEssentials()) }
        let loader = DataLoader(folder: folder, log: DiagnosticLog(strict: false))
        loader.loadSite()
        if !loader.siteReadable, let finding = loader.log.entries.first { return .failure(finding) }
        return .success(
            SiteEssentials(
                timezone: loader.siteTimeZone, timezoneFinding: loader.timezoneFinding, currency: loader.siteCurrency,
                language: loader.site?.language, locale: loader.site?.locale))
    }

    func loadSite() {
        guard folder.fileExists("site.toml") else {
            log.add(
                Diagnostic(
                    .error, path: folder.displayPath("site.toml"),
                    message: "is missing: every data folder needs one, with at least title = \"…\" and currency = "
                        + "\"…\" (or a locale such as zh-Hans-CN that implies the currency)"))
            return
        }
        guard let reader = parse("site.toml") else { return }
        siteReadable = true
        defer { reader.finish(known: DataLoader.siteKeys) }
        let title = reader.text("title", required: true)
        let languages = readLanguages(reader)
        let language =
            reader.has("language")
            ? reader.choice("language", as: SiteSettings.Language.self) : (languages?.first ?? .en)
        if let language, let languages, !languages.contains(language) {
            reader.error("language", "'\(language.rawValue)' is not one of the languages to build")
        }
        let locale = reader.string("locale")
        var currency = reader.currency("currency")
        if currency == nil && !reader.has("currency") {
            if let locale, let inferred = SiteSettings.defaultCurrency(forLocale: locale) {
                currency = inferred
            } else {
                reader.tableError("missing key 'currency' (it can be inferred only from a locale such as zh-Hans-CN)")
            }
        }
        siteCurrency = currency
        let findings = log.entries.count
        let timezone = reader.string("timezone") ?? "UTC"
        if log.entries.count > findings {
            timezoneFinding = log.entries.last
        } else if TimeZone(identifier: timezone) == nil || !timezone.contains(where: \.isLetter) {
            reader.error("timezone", "'\(timezone)' is not an IANA time zone name such as Asia/Shanghai")
            timezoneFinding = log.entries.last
        } else {
            siteTimeZone = TimeZone(identifier: timezone)
        }
        var baseURL = reader.string("base_url")
        if let url = baseURL {
            if !URLPolicy.isWebURL(url) {
                reader.error("base_url", "must be an http(s) URL")
                baseURL = nil
            } else if !url.hasSuffix("/") {
                baseURL = url + "/"
            }
        }
        let unsafeHTML = reader.bool("unsafe_html") ?? false
        if let theme = reader.text("theme") {
            themeOverlay =
                theme.hasPrefix("/")
                ? theme : URL(fileURLWithPath: folder.displayRoot).appendingPathComponent(theme).path
        }
        let hostFiles = readPublish(reader)
        guard let title, let language, let currency else { return }
        site = SiteSettings(
            title: title, language: language, locale: locale, currency: currency,
            timezone: timezone, baseURL: baseURL, unsafeHTML: unsafeHTML)
        site?.writesHostFiles = hostFiles
        if let languages {
            // The default language is built first.
            site?.languages = [language] + languages.filter { $0 != language }
        }
    }

    /// `[publish] files = false`: no `.nojekyll`, `_headers` or `.htaccess` in the site. True when
    /// the table or the key is absent, or wrong (the error is recorded).
    private func readPublish(_ reader: TableReader) -> Bool {
        guard let publish = reader.table("publish") else { return true }
        defer { publish.finish(known: DataLoader.publishKeys) }
        return publish.bool("files") ?? true
    }

    /// `languages = ["zh-Hans", "en"]`: build every one of them, each under its own folder.
    private func readLanguages(_ reader: TableReader) -> [SiteSettings.Language]? {
        guard let value = reader.table["languages"] else { return nil }
        guard case .array(let items) = value.kind, !items.isEmpty else {
            reader.error("languages", "must be a non-empty array such as [\"zh-Hans\", \"en\"]")
            return nil
        }
        var languages: [SiteSettings.Language] = []
        let known = SiteSettings.Language.allCases.map(\.rawValue)
        for item in items {
            guard case .string(let code) = item.kind, let language = SiteSettings.Language(rawValue: code) else {
                var message = "languages must hold only \(known.joined(separator: " or "))"
                if case .string(let code) = item.kind, let guess = Suggestion.closest(to: code, in: known) {
                    message += "; did you mean '\(guess)'?"
                }
                reader.log.add(reader.file.diagnostic(.error, at: item.location, message))
                return nil
            }
            if languages.contains(language) {
                reader.log.add(reader.file.diagnostic(.error, at: item.location, "languages lists '\(code)' twice"))
                return nil
            }
            languages.append(language)
        }
        return languages
    }

    func loadRates() {
        guard folder.fileExists("rates.toml") else { return }
        guard let reader = parse("rates.toml") else {
            ratesUnusable = true
            return
        }
        defer { reader.finish(known: DataLoader.ratesKeys) }
        guard let base = reader.currency("base", required: true) else {
            ratesUnusable = true
            return
        }
        if let site, base != site.currency {
            reader.error("base", "is \(base.code) but the site currency is \(site.currency.code); they must be equal")
        }
        let asOf = reader.date("as_of")
        var table: [Currency: Decimal] = [:]
        if let section = reader.table("rates") {
            for code in section.table.keys {
                guard let currency = section.currency(forKey: code) else { continue }
                declaredRates.insert(currency)
                if let rate = section.positive(code) { table[currency] = rate }
            }
        }
        rates = ExchangeRates(base: base, asOf: asOf, rates: table)
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
