import Domain
import Foundation
import Markdown

/// What site.toml says, as far as it could be read.
struct SiteFile {
    /// Nil when site.toml is missing, cannot be read, or lacks a title, language or currency.
    var settings: SiteSettings?
    /// site.toml is there and parses, so its findings are about its keys, not the file.
    var readable = false
    /// Nil when site.toml names none (UTC) or names a wrong one (`timezoneFinding` says why).
    var timezone: TimeZone?
    var timezoneFinding: Diagnostic?
    /// Known even when other keys are wrong: an editing command needs only this.
    var currency: Currency?
    /// `theme`: a theme folder laid over the built-in theme, as a path from the working directory.
    var themeOverlay: String?
    /// `[[person]]`s, those that read well; nil when site.toml cannot be read (references to people
    /// are then not checked: its finding says why).
    var people: [Person]?
}

/// Reads site.toml, which every other file depends on: its currency, language and time zone.
enum SiteReader {
    static let file = "site.toml"
    static let keys = [
        "title", "language", "languages", "locale", "currency", "timezone", "base_url", "unsafe_html",
        "theme", "publish", "person",
    ]
    /// A `[[person]]` of site.toml.
    static let personKeys = ["id", "name"]
    /// `[publish]` in site.toml.
    static let publishKeys = ["files"]

    static func read(_ files: DataFiles) -> SiteFile {
        var site = SiteFile()
        guard files.folder.fileExists(file) else {
            files.log.add(
                Diagnostic(
                    .error, path: files.folder.displayPath(file),
                    message: "is missing: every data folder needs one, with at least title = \"…\" and currency = "
                        + "\"…\" (or a locale such as zh-Hans-CN that implies the currency)"))
            return site
        }
        guard let reader = files.parse(file) else { return site }
        site.readable = true
        defer { reader.finish(known: keys) }
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
        site.currency = currency
        let timezone = readTimeZone(reader, into: &site)
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
            site.themeOverlay =
                theme.hasPrefix("/")
                ? theme : URL(fileURLWithPath: files.folder.displayRoot).appendingPathComponent(theme).path
        }
        let hostFiles = readPublish(reader)
        let people = readPeople(reader)
        site.people = people
        guard let title, let language, let currency else { return site }
        var settings = SiteSettings(
            title: title, language: language, locale: locale, currency: currency,
            timezone: timezone, baseURL: baseURL, unsafeHTML: unsafeHTML)
        settings.writesHostFiles = hostFiles
        settings.people = people
        if let languages {
            // The default language is built first.
            settings.languages = [language] + languages.filter { $0 != language }
        }
        site.settings = settings
        return site
    }

    /// `timezone` as written ("UTC" when absent); the zone itself, or the finding that says why
    /// there is none, goes into `site`.
    private static func readTimeZone(_ reader: TableReader, into site: inout SiteFile) -> String {
        let findings = reader.log.entries.count
        let timezone = reader.string("timezone") ?? "UTC"
        if reader.log.entries.count > findings {
            site.timezoneFinding = reader.log.entries.last
        } else if TimeZone(identifier: timezone) == nil || !timezone.contains(where: \.isLetter) {
            reader.error("timezone", "'\(timezone)' is not an IANA time zone name such as Asia/Shanghai")
            site.timezoneFinding = reader.log.entries.last
        } else {
            site.timezone = TimeZone(identifier: timezone)
        }
        return timezone
    }

    /// `[publish] files = false`: no `.nojekyll`, `_headers` or `.htaccess` in the site. True when
    /// the table or the key is absent, or wrong (the error is recorded).
    private static func readPublish(_ reader: TableReader) -> Bool {
        guard let publish = reader.table("publish") else { return true }
        defer { publish.finish(known: publishKeys) }
        return publish.bool("files") ?? true
    }

    /// `[[person]]`s: a household (DESIGN.md §3), each an id by the one id rule and a name, the
    /// ids unique.
    private static func readPeople(_ reader: TableReader) -> [Person] {
        var people: [Person] = []
        for entry in reader.tables("person") {
            defer { entry.finish(known: personKeys) }
            let id = entry.string("id", required: true)
            let name = entry.text("name", required: true)
            guard let id, entry.checkID(id, key: "id") else { continue }
            if people.contains(where: { $0.id == id }) {
                entry.error("id", "'\(id)' is already the id of another [[person]]")
                continue
            }
            if let name { people.append(Person(id: id, name: name)) }
        }
        return people
    }

    /// `languages = ["zh-Hans", "en"]`: build every one of them, each under its own folder.
    private static func readLanguages(_ reader: TableReader) -> [SiteSettings.Language]? {
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
}
