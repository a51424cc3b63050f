import Domain
import Figures
import Foundation
import Jar
import Markdown
import Mustache
import SiteData
import SiteFormats
import UIKeys

/// One page, or a family of pages, of the site: it queues its pages (and any files beside them)
/// from the renderer's shared context. The site's list is `SiteRenderer.pageFamilies`.
protocol PageFamily: Sendable {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer)
    /// Whether its pages show a goal's jar (`SiteRenderer.jars`), and so wait for the jars.
    var showsJars: Bool { get }
}

extension PageFamily {
    var showsJars: Bool { false }
}

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
    /// Goal id → its coin jar, simulated once per build whatever the number of languages; empty
    /// for the pages that show none (`SiteAssembly.Part.withoutJars`).
    let jars: [String: JarArtwork]
    let format: DisplayFormat

    var today: CalendarDate { figures.today }

    /// Every language of a multi-language build (each in its own folder), for the language
    /// switcher; empty when only one language is built.
    let alternates: [SiteSettings.Language]
    /// The forms of a site `sandjar serve` serves; nil for a built site, which has none.
    let forms: ServeForms?
    /// What a served site's last build made (`ServeMemo`): a page rendered from the same templates
    /// and context is taken as it was. Nil renders every page.
    let memo: ServeMemo?

    init(
        theme: Theme, loaded: LoadedData, figures: SiteFigures, jars: [String: JarArtwork] = [:],
        alternates: [SiteSettings.Language] = [], forms: ServeForms? = nil, memo: ServeMemo? = nil
    ) {
        self.theme = theme
        self.alternates = alternates
        self.forms = forms
        self.memo = memo
        self.data = loaded.data
        self.pages = loaded.pages.filter { !$0.draft }
        self.figures = figures
        self.jars = jars
        self.format = DisplayFormat(language: loaded.data.site.language)
    }

    /// Sections of the navigation, in order: the section (its id, and its name's key `nav.<id>`)
    /// and its path.
    static let sections: [(id: UIKey.Nav, path: String)] = [
        (.home, ""), (.goals, "goals/"), (.badges, "badges/"), (.subscriptions, "subscriptions/"),
        (.breathing, "breathing/"), (.quotes, "quotes/"), (.review, "review/"),
    ]

    /// The sections a phone's tab bar holds, the ones used every day; the others (and "Pages")
    /// are under "More" at the top (issue 25: one row, at most five items plus "more").
    static let tabs: Set<String> = ["home", "goals", "subscriptions", "breathing"]

    /// Every page of the site, one entry per family in `Sources/SiteRender/Pages/`. The order is
    /// only the order pages are queued in: the site is a map from path to bytes, listed and
    /// written in sorted path order (`SiteFiles.paths`), and no two families write one path.
    static let pageFamilies: [any PageFamily] = [
        DashboardPage(), GoalPages(), BadgesPage(), QuotePages(), SubscriptionsPage(), BreathingPages(),
        ReviewPages(), MarkdownPages(), NotFoundPage(),
    ]

    /// The pages of `families`, with `withFiles` every file that is not a page but data.json, and
    /// with `withData` data.json, which tells what the jars hold.
    ///
    /// `deferred`: each page, and each file that is not one, is left to be made when it is first
    /// read (`SiteFiles.deferred`).
    func render(
        _ families: [any PageFamily] = Self.pageFamilies, withFiles: Bool = true, withData: Bool = true,
        deferred: Bool = false
    ) throws(MustacheError) -> SiteFiles {
        var site = PageQueue()
        site.defersFiles = deferred
        for family in families { family.queue(into: &site, for: self) }
        if withFiles { addFiles(to: &site) }
        if withData { site.add("data.json", DataJSON(data: data, figures: figures, jars: jars).text) }
        let navigation = Navigation(renderer: self, roots: Set(site.jobs.map(\.root)))
        if deferred {
            return site.deferredFiles { [self] job throws(MustacheError) in
                try rendered(job, navigation: navigation)
            }
        }
        return try site.files { job throws(MustacheError) in
            try rendered(job, navigation: navigation)
        }
    }

    /// The page's bytes; with a served site's memo, the ones kept for the page when it is rendered
    /// from the same templates and the same context, which holds everything the page shows.
    private func rendered(_ job: PageJob, navigation: Navigation) throws(MustacheError) -> [UInt8] {
        let context = context(of: job, navigation: navigation)
        guard let pages = memo?.pages else { return Array(try render(job.template, context).utf8) }
        let key = RenderedFrom(templates: theme.templates.identity, template: job.template, context: context)
        let place = "\(data.site.language.rawValue)/\(job.path)"
        if let kept = pages.value(at: place, for: key) { return kept }
        let bytes = Array(try render(job.template, context).utf8)
        pages.keep(bytes, at: place, for: key)
        return bytes
    }

    /// The page at `path` alone (`goals/bike/index.html`), or nil when no family queues one there.
    func renderPage(_ path: String) throws(MustacheError) -> [UInt8]? {
        var site = PageQueue()
        site.pagesOnly = true
        for family in Self.families(for: path) { family.queue(into: &site, for: self) }
        guard let job = site.jobs.first(where: { $0.path == path }) else { return nil }
        let navigation = Navigation(renderer: self, roots: [job.root])
        return Array(try render(job, navigation: navigation).utf8)
    }

    /// The families that may queue the page at `path`, by its first folder: one page rendered
    /// alone (serve's answer to one request) need not queue the others.
    static func families(for path: String) -> [any PageFamily] {
        let first = path.split(separator: "/").first.map(String.init) ?? path
        switch first {
        case "index.html": return [DashboardPage()]
        case "goals": return [GoalPages()]
        case "subscriptions": return [SubscriptionsPage()]
        case "breathing", "practice": return [BreathingPages()]
        case "badges": return [BadgesPage()]
        case "quotes": return [QuotePages()]
        case "review": return [ReviewPages()]
        case "pages": return [MarkdownPages()]
        default: return pageFamilies
        }
    }

    /// The files of a language that are not pages: the stylesheet, assets, data.json, the feed.
    private func addFiles(to site: inout PageQueue) {
        site.add("style.css", CompactCSS.compact(theme.stylesheet))
        for (path, bytes) in theme.assets {
            // Another stylesheet (pacer.css) as compact as style.css.
            if path.hasSuffix(".css") {
                site.add(path, CompactCSS.compact(String(decoding: bytes, as: UTF8.self)))
            } else {
                site.add(path, bytes)
            }
        }
        site.add("widget.json", WidgetJSON(renderer: self).text)
        site.add(
            "calendar.ics",
            ICalendar.deadlines(
                figures.subscriptions, savings: figures.savings, today: today, title: data.site.title,
                site: ICalendar.uidDomain(baseURL: data.site.baseURL, title: data.site.title),
                language: data.site.language))
        site.add(
            "manifest.webmanifest",
            WebManifest(
                title: data.site.title, language: data.site.language, background: theme.lightColor("bg"),
                accent: theme.lightColor("accent"), shortcuts: manifestShortcuts
            ).json)
        site.add("feed.xml", AtomFeed(renderer: self).xml)
    }

    /// The home-screen icon's shortcuts: drop coins into the goal due first (the first goal when
    /// none is due, the goals when there is none), and breathe now with the pattern today's
    /// practice starts (the breathing page without one).
    var manifestShortcuts: [WebManifest.Shortcut] {
        let entries = figures.savings.entries
        let due = entries.filter { $0.progress.nextDue != nil && $0.progress.reachedOn == nil }
            .min { ($0.progress.nextDue!, $0.goal.id) < ($1.progress.nextDue!, $1.goal.id) }
        let goal = due ?? entries.first { $0.progress.reachedOn == nil } ?? entries.first
        let pattern = DashboardPage.practicePattern(figures.breathing) ?? "box"
        let breathe = data.patterns.contains { $0.id == pattern } ? "breathing/\(pattern)/" : "breathing/"
        return [
            .init(
                name: string(.dashboard(.shortcutDeposit)), url: goal.map { "goals/\($0.goal.id)/" } ?? "goals/"),
            .init(name: string(.dashboard(.shortcutBreathe)), url: breathe),
        ]
    }

    /// Queues `template` in the layout as `path` (e.g. `goals/bike/index.html`); `content` is
    /// computed when the page is rendered. `dated`: the footer says the day the site was updated,
    /// true for pages whose figures are as of today; a page that shows the same whatever the day
    /// (a Markdown page, a day's quote, a past year's review) leaves it out.
    func page(
        _ path: String, template: String, title: String, section: String,
        _ content: @autoclosure @escaping @Sendable () -> [String: MustacheValue], root fixedRoot: String? = nil,
        dated: Bool = true, into site: inout PageQueue
    ) {
        let depth = path.split(separator: "/").count - 1
        let root = fixedRoot ?? String(repeating: "../", count: depth)
        site.add(
            PageJob(
                path: path, template: template, title: title, section: section, root: root, dated: dated,
                content: content))
    }

    /// Renders one queued page.
    func render(_ job: PageJob, navigation: Navigation) throws(MustacheError) -> String {
        try render(job.template, context(of: job, navigation: navigation))
    }

    private func render(_ template: String, _ context: MustacheValue) throws(MustacheError) -> String {
        try theme.templates.render(template, context, strict: true)
    }

    /// Everything the page's template can read: the layout's values and the page's own.
    private func context(of job: PageJob, navigation: Navigation) -> MustacheValue {
        var context: [String: MustacheValue] = [
            "lang": .string(data.site.language.rawValue),
            "site": .object(["title": .string(data.site.title)]),
            "t": navigation.strings,
            "root": .string(job.root),
            "page_title": .string(job.title),
            "nav": .list(navigation.items(root: job.root, section: job.section)),
            "tabs": .list(navigation.items(root: job.root, section: job.section, tabs: true)),
            "more": .list(navigation.items(root: job.root, section: job.section, tabs: false)),
            "more_current": .bool(!SiteRenderer.tabs.contains(job.section)),
            "updated": job.dated ? dateValue(today) : .null,
            "serving": .bool(forms != nil),
            "notice": noticeValue,
            "refusal": refusalValue,
        ]
        context["languages"] = .list(switcher(for: job.path, root: job.root))
        context["has_languages"] = .bool(!alternates.isEmpty)
        for (key, value) in job.content() { context[key] = value }
        return .object(context)
    }

    /// The navigation every page shows: the sections, and "Pages" when there are Markdown pages
    /// (never the pages themselves, so a page's size does not grow with their number, DESIGN.md §4),
    /// the current one marked. Built once per root, so a page only copies the list and marks its
    /// own entry. A phone shows the same entries split: the tab bar's (`SiteRenderer.tabs`) and
    /// the rest under "More".
    struct Navigation: Sendable {
        /// The theme's string table in the site's language.
        let strings: MustacheValue
        private let entries: [(id: String, path: String, label: MustacheValue)]
        /// Section (`goals`, `pages`) → the entries it marks as current.
        private let current: [String: [Int]]
        private let lists: [String: [MustacheValue]]

        init(renderer: SiteRenderer, roots: Set<String>) {
            let strings = renderer.theme.strings[renderer.data.site.language] ?? .object([:])
            var entries: [(id: String, path: String, label: MustacheValue)] = []
            var current: [String: [Int]] = [:]
            var sections = SiteRenderer.sections
            if !renderer.pages.isEmpty { sections.append((MarkdownPages.section, "pages/")) }
            for entry in sections {
                current[entry.id.rawValue, default: []].append(entries.count)
                entries.append((entry.id.rawValue, entry.path, .string(renderer.string(.nav(entry.id)))))
            }
            self.strings = strings
            self.entries = entries
            self.current = current
            lists = Dictionary(uniqueKeysWithValues: roots.map { root in (root, Navigation.list(entries, root: root)) })
        }

        /// Every entry, or with `tabs` only the tab bar's (true) or only the others (false).
        func items(root: String, section: String, tabs: Bool? = nil) -> [MustacheValue] {
            var list = lists[root] ?? Navigation.list(entries, root: root)
            for index in current[section] ?? [] {
                list[index] = Navigation.item(entries[index], root: root, current: true)
            }
            guard let tabs else { return list }
            return zip(entries, list).filter { SiteRenderer.tabs.contains($0.0.id) == tabs }.map(\.1)
        }

        private static func list(
            _ entries: [(id: String, path: String, label: MustacheValue)], root: String
        ) -> [MustacheValue] {
            entries.map { item($0, root: root, current: false) }
        }

        private static func item(
            _ entry: (id: String, path: String, label: MustacheValue), root: String, current: Bool
        ) -> MustacheValue {
            .object([
                "id": .string(entry.id), "href": .string(root + entry.path), "label": entry.label,
                "current": .bool(current),
            ])
        }
    }

    /// Links to the same page in every language of a multi-language build.
    private func switcher(for path: String, root: String) -> [MustacheValue] {
        let page = path == "index.html" ? "" : path.hasSuffix("/index.html") ? String(path.dropLast(10)) : path
        return alternates.map { language in
            let name = theme.string(.language(.name), in: language)
            return .object([
                "code": .string(language.rawValue),
                "name": .string(name),
                "href": .string("\(root)../\(SiteSettings.folder(for: language))/\(page)"),
                "current": .bool(language == data.site.language),
            ])
        }
    }

    /// The text of `key` in the site's language. It cannot miss: the build loads its theme
    /// requiring every key Swift can ask for (`UIKey.required`), and loading fails on a table that
    /// lacks one, so there is no raw key to fall back on.
    func string(_ key: UIKey) -> String {
        theme.string(key, in: data.site.language)
    }

    /// A catalogue category's name, or the category as written: the one key made from data, so
    /// the theme may not know a category of your own (`Theme.categoryStrings` checks the
    /// catalogue's).
    func categoryName(_ category: String) -> String {
        theme.string("category.\(category)", in: data.site.language) ?? category
    }

    /// A string with `{name}` placeholders filled in, in one pass: a value is never searched for
    /// placeholders itself (a goal named "{date}" stays as it is), and a `{name}` without a value
    /// is left as written.
    func string(_ key: UIKey, _ values: [String: String]) -> String {
        SiteRenderer.fill(string(key), values)
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        result.reserveCapacity(bytes.count + 32)
        var copied = bytes.startIndex
        var index = copied
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = String(Substring(text.utf8[bytes.index(after: open)..<close]))
            if let value = values[name] {
                result += Substring(text.utf8[copied..<open])
                result += value
                copied = bytes.index(after: close)
                index = copied
            } else {
                index = bytes.index(after: open)
            }
        }
        result += Substring(text.utf8[copied...])
        return result
    }

    /// Markdown rendered safely: raw HTML omitted unless allowed, unsafe URL schemes dropped.
    func markdown(_ text: String, unsafeHTML: Bool = false) -> String {
        MarkdownRenderer(allowRawHTML: unsafeHTML).html(text)
    }
}
