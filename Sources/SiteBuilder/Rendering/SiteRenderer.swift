import Domain
import Foundation
import Markdown
import Mustache

/// Turns the loaded data into every page of the site, in memory.
///
/// Each page is one Mustache template rendered inside the shared layout with a common context —
/// the site, the string table `t`, the navigation, and `root`, the relative path back to the site's
/// top, so every link works under any sub-path. Rendering is strict: an unknown variable is an error.
struct SiteRenderer {
    let theme: Theme
    let data: DataSet
    let pages: [MarkdownPage]
    let figures: SiteFigures
    let format: DisplayFormat

    var today: CalendarDate { figures.today }

    /// Every language of a multi-language build (each in its own folder), for the language
    /// switcher; empty when only one language is built.
    let alternates: [SiteSettings.Language]

    init(theme: Theme, loaded: LoadedData, figures: SiteFigures, alternates: [SiteSettings.Language] = []) {
        self.theme = theme
        self.alternates = alternates
        self.data = loaded.data
        self.pages = loaded.pages.filter { !$0.draft }
        self.figures = figures
        self.format = DisplayFormat(language: loaded.data.site.language)
    }

    /// Sections of the navigation, in order: id, string key, path.
    static let sections: [(id: String, path: String)] = [
        ("home", ""), ("goals", "goals/"), ("badges", "badges/"), ("subscriptions", "subscriptions/"),
        ("breathing", "breathing/"), ("quotes", "quotes/"),
    ]

    func render() throws(MustacheError) -> SiteFiles {
        var site = SiteFiles()
        try renderDashboard(into: &site)
        try renderGoals(into: &site)
        try renderBadges(into: &site)
        try renderQuotes(into: &site)
        try renderSubscriptions(into: &site)
        try renderBreathing(into: &site)
        try renderMarkdownPages(into: &site)
        try renderNotFound(into: &site)
        site.add("style.css", theme.stylesheet)
        for (path, bytes) in theme.assets { site.add(path, bytes) }
        site.add("data.json", DataJSON(data: data, figures: figures).text)
        site.add("feed.xml", AtomFeed(renderer: self).xml)
        return site
    }

    /// Renders `template` in the layout as `path` (e.g. `goals/bike/index.html`).
    func page(
        _ path: String, template: String, title: String, section: String,
        _ content: [String: MustacheValue], root fixedRoot: String? = nil,
        into site: inout SiteFiles
    ) throws(MustacheError) {
        let depth = path.split(separator: "/").count - 1
        let root = fixedRoot ?? String(repeating: "../", count: depth)
        var context = common(root: root, section: section, title: title)
        context["languages"] = .list(switcher(for: path, root: root))
        context["has_languages"] = .bool(!alternates.isEmpty)
        for (key, value) in content { context[key] = value }
        site.add(path, try theme.templates.render(template, .object(context), strict: true))
    }

    private func common(root: String, section: String, title: String) -> [String: MustacheValue] {
        let strings = theme.strings[data.site.language] ?? .object([:])
        var nav: [MustacheValue] = SiteRenderer.sections.map { entry in
            .object([
                "href": .string(root + entry.path), "label": label(entry.id, in: strings),
                "current": .bool(entry.id == section),
            ])
        }
        for page in pages {
            nav.append(
                .object([
                    "href": .string("\(root)pages/\(page.slug)/"), "label": .string(page.title),
                    "current": .bool(section == "page-" + page.slug),
                ]))
        }
        return [
            "lang": .string(data.site.language.rawValue),
            "site": .object(["title": .string(data.site.title)]),
            "t": strings,
            "root": .string(root),
            "page_title": .string(title),
            "nav": .list(nav),
            "today": .string(format.date(today)),
            "today_iso": .string(today.description),
        ]
    }

    /// Links to the same page in every language of a multi-language build.
    private func switcher(for path: String, root: String) -> [MustacheValue] {
        let page = path == "index.html" ? "" : path.hasSuffix("/index.html") ? String(path.dropLast(10)) : path
        return alternates.map { language in
            var name = language.rawValue
            if case .object(let t)? = theme.strings[language], case .object(let own)? = t["language"],
                case .string(let text)? = own["name"]
            {
                name = text
            }
            return .object([
                "code": .string(language.rawValue),
                "name": .string(name),
                "href": .string("\(root)../\(SiteSettings.folder(for: language))/\(page)"),
                "current": .bool(language == data.site.language),
            ])
        }
    }

    private func label(_ id: String, in strings: MustacheValue) -> MustacheValue {
        if case .object(let t) = strings, case .object(let nav)? = t["nav"], let text = nav[id] { return text }
        return .string(id)
    }

    func string(_ path: String) -> String {
        var node = theme.strings[data.site.language] ?? .null
        for key in path.split(separator: ".") {
            guard case .object(let object) = node, let next = object[String(key)] else { return path }
            node = next
        }
        if case .string(let text) = node { return text }
        return path
    }

    /// The string at `path` when the table has one (category names the theme may not know).
    func optionalString(_ path: String) -> String? {
        let text = string(path)
        return text == path ? nil : text
    }

    /// A string with `{name}` placeholders filled in.
    func string(_ path: String, _ values: [String: String]) -> String {
        var text = string(path)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// Markdown rendered safely: raw HTML omitted unless allowed, unsafe URL schemes dropped.
    func markdown(_ text: String, unsafeHTML: Bool = false) -> String {
        MarkdownRenderer(allowRawHTML: unsafeHTML).html(text)
    }
}
