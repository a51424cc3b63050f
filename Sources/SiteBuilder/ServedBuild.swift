import Domain
import Figures
import Foundation
import Jar
import Mustache
import SiteData
import SiteRender

/// What the steps before publishing made (`SiteBuild.render`), and a build for `sandjar serve`
/// (DESIGN.md §6): every step but publishing — the jar cache written
/// as a build writes it — and the site kept in memory with what rendering it took, so one page can
/// be rendered again for one request (a form sent back with its message, what a write did) without
/// building the site again.
public struct ServedBuild: Sendable {
    /// Every file of the site, as `SitePublisher` would write them.
    public let files: SiteFiles
    let theme: Theme
    /// Where the theme's templates are, to place a template error (the built-in theme's or the
    /// folder's own `theme/`).
    let templates: DataFolder
    let loaded: LoadedData
    let figures: SiteFigures
    let jars: [String: JarArtwork]
    /// The day the site was built for: serve builds again when the site's date moves on.
    public let today: CalendarDate

    /// The ids of site.toml's `[[person]]`s: whom a form may name as writing.
    public var people: [String] { loaded.data.site.people.map(\.id) }

    /// site.toml's time zone, in which the day turns.
    public var timezone: String { loaded.data.site.timezone }

    /// The page at `path` (`goals/bike/index.html`, `en/goals/bike/index.html`) rendered with
    /// `forms`; nil when there is no such page. A template that fails with these forms (a theme's
    /// own `form` partial, say) throws its error placed at the template, for serve to show and say
    /// rather than fall back to a page without its message.
    public func page(_ path: String, forms: ServeForms) throws(Diagnostic) -> [UInt8]? {
        do {
            return try SiteAssembly.page(
                path, theme: theme, loaded: loaded, figures: figures, jars: jars, forms: forms)
        } catch {
            throw Diagnostic(error, templates: templates)
        }
    }

    /// A template's error as serve says it: placed in the template that failed.
    public func describe(_ error: MustacheError) -> String {
        Diagnostic(error, templates: templates).description
    }

    /// The ids of the badges unlocked as of the build's day.
    public var unlockedBadges: Set<String> {
        Set(figures.badges.filter { $0.unlockedOn != nil }.map(\.definition.id))
    }

    /// What slain subscription `id` frees a month, in goal `goal`'s currency: the amount the
    /// victory's one tap puts in (issue 43); nil when the victory would not offer that goal.
    public func freedMonthly(subscription id: String, goal: String) -> Decimal? {
        guard let goal = loaded.data.goals.first(where: { $0.id == goal }) else { return nil }
        return FreedMonthly.amount(of: id, into: goal, figures)
    }

    /// The ids of the goals, the patterns and the subscriptions (data.json's), for the forms'
    /// landing pages.
    public var goalIDs: Set<String> { Set(loaded.data.goals.map(\.id)) }
}

extension SiteBuild {
    /// Loads, checks and renders the site in memory for `sandjar serve`, writing the jar cache;
    /// publishes nothing and takes no output lock. The site is nil when the build failed.
    public func serve() -> (BuildReport, ServedBuild?) {
        if let refused = Publish.cacheRefusal(options) { return (refused, nil) }
        var run = StepRun(steps: 5, strict: options.strict, progress: progress)
        let served = render(writesCache: true, deferPages: true, &run)
        return (run.finished(served), served)
    }
}
