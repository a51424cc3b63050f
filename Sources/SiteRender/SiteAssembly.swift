import Domain
import Figures
import Jar
import Mustache
import SiteData
import SiteFormats
import UIKeys

/// Renders every language of the site and adds the files that belong to the whole site.
///
/// One language: its pages at the top. Several (`languages` in site.toml): each under its own
/// folder (`zh-hans/`, `en/`) with a language switcher, and at the top a page that sends visitors
/// to the default language, a 404 page, `robots.txt` and one `sitemap.xml` for all of them. Either
/// way the files static hosts read come last (`HostFiles`).
package enum SiteAssembly {
    /// Which of the site's files a render makes. The pages that show no jar can be rendered while
    /// the jars are still being simulated (the build does), the others once they are; `finish`
    /// then puts the two together.
    package enum Part: Sendable {
        /// Everything, the files for the whole site included.
        case whole
        /// The pages that show no jar, and every file that is not a page.
        case withoutJars
        /// The pages that show jars (the Today screen, the goals, the subscriptions).
        case withJars
    }

    /// - Parameters:
    ///   - jars: goal id → its coin jar; none for `Part.withoutJars`, which shows none.
    ///   - forms: the forms `sandjar serve` adds; nil for a site to publish.
    ///   - memo: what a served site's last builds made (`ServeMemo`): a page rendered from the same
    ///     templates and context is taken as it was.
    ///   - deferred: every page (but the multi-language chooser and 404) left to be rendered when
    ///     first read (`SiteFiles.deferred`): a served site's.
    package static func render(
        theme: Theme, loaded: LoadedData, figures: SiteFigures, jars: [String: JarArtwork], forms: ServeForms? = nil,
        part: Part = .whole, memo: ServeMemo? = nil, deferred: Bool = false
    ) throws(MustacheError) -> SiteFiles {
        let site = loaded.data.site
        let families: [any PageFamily]
        switch part {
        case .whole: families = SiteRenderer.pageFamilies
        case .withoutJars: families = SiteRenderer.pageFamilies.filter { !$0.showsJars }
        case .withJars: families = SiteRenderer.pageFamilies.filter(\.showsJars)
        }
        let withFiles = part != .withJars
        // data.json tells what each jar holds (DESIGN.md §5), so it is written with the jars.
        let withData = part != .withoutJars
        guard site.languages.count > 1 else {
            var files = try SiteRenderer(
                theme: theme, loaded: loaded, figures: figures, jars: jars, forms: forms, memo: memo
            )
            .render(families, withFiles: withFiles, withData: withData, deferred: deferred)
            if part == .whole { addSiteWide(to: &files, site: site) }
            return files
        }
        var files = SiteFiles()
        var notFound = ""
        for language in site.languages {
            let folder = SiteSettings.folder(for: language)
            let renderer = localized(
                language, theme: theme, loaded: loaded, figures: figures, jars: jars, forms: forms, memo: memo)
            let pages = try renderer.render(families, withFiles: withFiles, withData: withData, deferred: deferred)
            files.add(pages, under: folder)
            if withFiles, notFound.isEmpty {
                notFound = try renderer.notFoundPage(folder: "\(folder)/")
            }
        }
        if withFiles {
            files.add("404.html", notFound)
            files.add("index.html", try chooser(theme: theme, site: site))
        }
        if part == .whole { addSiteWide(to: &files, site: site) }
        return files
    }

    /// One page of the site rendered alone, with `forms` — serve's answer to one request: a page
    /// with a form sent back and its message, or with what a write did. The same bytes the whole
    /// render gives that page with those forms; nil when the site has no page at `path`.
    package static func page(
        _ path: String, theme: Theme, loaded: LoadedData, figures: SiteFigures, jars: [String: JarArtwork],
        forms: ServeForms
    ) throws(MustacheError) -> [UInt8]? {
        let site = loaded.data.site
        guard site.languages.count > 1 else {
            return try SiteRenderer(theme: theme, loaded: loaded, figures: figures, jars: jars, forms: forms)
                .renderPage(path)
        }
        for language in site.languages {
            let folder = SiteSettings.folder(for: language)
            guard path.hasPrefix(folder + "/") else { continue }
            let renderer = localized(
                language, theme: theme, loaded: loaded, figures: figures, jars: jars, forms: forms)
            return try renderer.renderPage(String(path.dropFirst(folder.count + 1)))
        }
        return nil
    }

    /// The renderer of one language of a site in several: its pages in its folder, `base_url`
    /// followed into it, the switcher listing the others.
    private static func localized(
        _ language: SiteSettings.Language, theme: Theme, loaded: LoadedData, figures: SiteFigures,
        jars: [String: JarArtwork], forms: ServeForms?, memo: ServeMemo? = nil
    ) -> SiteRenderer {
        let site = loaded.data.site
        var localized = loaded
        localized.data.site.language = language
        localized.data.site.baseURL = site.baseURL.map { "\($0)\(SiteSettings.folder(for: language))/" }
        return SiteRenderer(
            theme: theme, loaded: localized, figures: figures.localized(language), jars: jars,
            alternates: site.languages, forms: forms, memo: memo)
    }

    /// The site from its two parts (`Part.withoutJars` and `Part.withJars`), with the files for the
    /// whole site: the same bytes as one whole render.
    package static func finish(_ withoutJars: SiteFiles, _ withJars: SiteFiles, site: SiteSettings) -> SiteFiles {
        var files = withoutJars
        files.add(withJars)
        addSiteWide(to: &files, site: site)
        return files
    }

    /// The top page of a multi-language site: straight on to the default language, with a link to
    /// each for browsers that do not follow the refresh.
    private static func chooser(theme: Theme, site: SiteSettings) throws(MustacheError) -> String {
        let languages = site.languages.map { language -> MustacheValue in
            let name = theme.string(.language(.name), in: language)
            return .object([
                "code": .string(language.rawValue), "name": .string(name),
                "href": .string("\(SiteSettings.folder(for: language))/"),
            ])
        }
        return try theme.templates.render(
            "pages/languages",
            .object([
                "lang": .string(site.language.rawValue), "site": .object(["title": .string(site.title)]),
                "default": .string("\(SiteSettings.folder(for: site.language))/"), "languages": .list(languages),
            ]), strict: true)
    }

    /// `sitemap.xml` and `robots.txt`, then the files hosts read (`HostFiles`), which look at all
    /// the others.
    private static func addSiteWide(to files: inout SiteFiles, site: SiteSettings) {
        if let base = site.baseURL {
            files.add("sitemap.xml", Sitemap.xml(for: files, baseURL: base))
            files.add("robots.txt", "User-agent: *\nAllow: /\n\nSitemap: \(base)sitemap.xml\n")
        } else {
            files.add("robots.txt", "User-agent: *\nAllow: /\n")
        }
        HostFiles.add(to: &files, site: site)
    }
}
