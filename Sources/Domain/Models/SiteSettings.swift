/// `site.toml`: who the site is for and how it speaks.
public struct SiteSettings: Sendable, Equatable {
    public enum Language: String, Sendable, CaseIterable {
        case en
        case zhHans = "zh-Hans"
    }

    public var title: String
    /// The language pages are written in (when several are built: the one being built).
    public var language: Language
    /// Every language to build, the first one the default; `[language]` unless `languages` is set.
    public var languages: [Language]
    public var locale: String?
    /// The base currency every total is shown in.
    public var currency: Currency
    /// IANA time zone name; decides what "today" is when `--today` is not given.
    public var timezone: String
    /// Only for absolute URLs in feed.xml and sitemap.xml; always ends with "/".
    public var baseURL: String?
    /// Keep raw HTML in Markdown (pages and goal notes).
    public var unsafeHTML: Bool
    /// Write the small files static hosts read (`.nojekyll`, `_headers`, `.htaccess`) beside the
    /// pages; `[publish] files = false` leaves them out for a host that has its own.
    public var writesHostFiles: Bool
    /// `[[person]]`s in the order written: a household; empty for one person's site.
    public var people: [Person] = []
    /// The one person of `people` a site is built for (`build --person`); nil: the household's.
    public var person: String? = nil

    public init(
        title: String, language: Language, locale: String?, currency: Currency,
        timezone: String, baseURL: String?, unsafeHTML: Bool
    ) {
        self.title = title
        self.language = language
        self.languages = [language]
        self.locale = locale
        self.currency = currency
        self.timezone = timezone
        self.baseURL = baseURL
        self.unsafeHTML = unsafeHTML
        self.writesHostFiles = true
    }

    /// The folder a language's pages go in when several are built: `en`, `zh-hans`.
    public static func folder(for language: Language) -> String { language.rawValue.lowercased() }

    /// Default currency for a locale's region (DESIGN.md §2): CN→CNY, US→USD, … euro area→EUR.
    public static func defaultCurrency(forLocale locale: String) -> Currency? {
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let region = parts.last(where: { $0.count == 2 && $0.allSatisfy(\.isUppercase) }) else { return nil }
        let euroArea: Set<Substring> = [
            "AT", "BE", "HR", "CY", "EE", "FI", "FR", "DE", "GR", "IE", "IT",
            "LV", "LT", "LU", "MT", "NL", "PT", "SK", "SI", "ES",
        ]
        let byRegion: [Substring: String] = [
            "CN": "CNY", "US": "USD", "GB": "GBP", "JP": "JPY",
            "KR": "KRW", "TW": "TWD", "HK": "HKD",
        ]
        if euroArea.contains(region) { return Currency(code: "EUR") }
        return byRegion[region].flatMap { Currency(code: $0) }
    }
}
