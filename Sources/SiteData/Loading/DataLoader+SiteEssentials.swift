import Domain
import Foundation

extension DataLoader {
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
        /// site.toml's `[[person]]`s, those that read well: whom `by` may name.
        package var people: [Person] = []
        /// `theme`, the theme folder laid over the built-in one; nil when it names none.
        package var themeOverlay: String?
    }

    /// The essentials, or why site.toml cannot be read or parsed at all.
    /// - Parameter memo: the parses of one edit (or of a served site's last build), so site.toml
    ///   is parsed once however many of its values the edit asks for.
    package static func siteEssentials(of folder: DataFolder, memo: ParsedTables? = nil) -> Result<
        SiteEssentials, Diagnostic
    > {
        guard folder.fileExists(SiteReader.file) else { return .success(SiteEssentials()) }
        let files = DataFiles(folder: folder, log: DiagnosticLog(strict: false), tables: memo)
        let site = SiteReader.read(files)
        if !site.readable, let finding = files.log.entries.first { return .failure(finding) }
        return .success(
            SiteEssentials(
                timezone: site.timezone, timezoneFinding: site.timezoneFinding, currency: site.currency,
                language: site.settings?.language, locale: site.settings?.locale, people: site.people ?? [],
                themeOverlay: site.themeOverlay))
    }

    /// site.toml's `theme`, for commands that use the theme without a build; nil when it names
    /// none or cannot be read (the build reports why).
    package static func themeOverlay(of folder: DataFolder, memo: ParsedTables? = nil) -> String? {
        SiteReader.read(DataFiles(folder: folder, log: DiagnosticLog(strict: false), tables: memo)).themeOverlay
    }
}
