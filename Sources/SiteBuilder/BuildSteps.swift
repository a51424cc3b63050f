import Basics
import Domain
import Figures
import Foundation
import Jar
import Mustache
import SiteData
import SitePublish
import SiteRender
import UIKeys

/// The steps of one build (`SiteBuild`), each a function from what the steps before it made to
/// what it makes; what they find goes to `log`. Nothing here is kept between steps.
struct BuildSteps {
    let options: BuildOptions
    let log: DiagnosticLog
    /// False for `check`: the jar cache is read but never written.
    let writesCache: Bool
    let progress: (@Sendable (BuildProgress) -> Void)?
    /// True for `sandjar serve`: each page is rendered when it is first asked for (`SiteFiles.deferred`).
    var deferPages = false

    /// The built-in theme, loaded on another thread from the start when no `--theme` is given,
    /// while the data is read: only a site.toml that names a theme of its own needs another.
    func builtInTheme() -> Pending<(theme: Theme?, findings: [Diagnostic])>? {
        guard options.theme == nil else { return nil }
        let strict = options.strict
        let memo = options.memo
        return Pending {
            let load = { () -> ServeMemo.BuiltInTheme in
                let log = DiagnosticLog(strict: strict)
                let theme = BuildSteps.theme(from: Theme.builtIn, log: log)
                return (theme, log.entries)
            }
            return memo?.builtInTheme.value(for: strict, make: load) ?? load()
        }
    }

    /// **load data**: reads and validates the data folder (DESIGN.md §2). The count of files read
    /// is there even when the data is not.
    func loadData() -> (loaded: LoadedData?, fileCount: Int) {
        let folder = options.dataFiles ?? DataFolder(path: options.data)
        let loader = DataLoader(
            folder: folder, log: log, tables: options.memo?.tables, goalReadings: options.memo?.goalReadings)
        let loaded = loader.load()
        return (loaded, loader.filesRead)
    }

    /// **load theme**: the built-in theme with the overlay `--theme` or site.toml's `theme` names
    /// (DESIGN.md §6).
    func loadTheme(overlay: String?, builtIn: Pending<(theme: Theme?, findings: [Diagnostic])>?) -> LoadedTheme? {
        if overlay == nil, let builtIn = builtIn?.value {
            builtIn.findings.forEach(log.add)
            return builtIn.theme.map { LoadedTheme(theme: $0, folder: Theme.builtIn) }
        }
        guard let folder = Theme.folder(overlay: overlay, log: log) else { return nil }
        return BuildSteps.theme(from: folder, log: log).map { LoadedTheme(theme: $0, folder: folder) }
    }

    /// The theme in `folder`, its string tables required to hold every key rendering can ask for
    /// (`UIKey.required`): every theme a build renders with is loaded here.
    static func theme(from folder: DataFolder, log: DiagnosticLog) -> Theme? {
        Theme.load(from: folder, requiring: UIKey.required, log: log)
    }

    /// **compute figures**: runs the engines once, for every language of the site, after the
    /// check that needs the whole catalogue (two subscriptions to one service); sets the jars
    /// going meanwhile, and then the pages that show none.
    func computeFigures(_ loaded: LoadedData, theme: Theme, today: CalendarDate) -> ComputedFigures? {
        let dated = asOfToday(loaded, theme: theme, today: today)
        // The jars need only the goals as of today and the theme: they are simulated meanwhile.
        let jars = PendingJars(goals: dated.data.goals, theme: theme, steps: self)
        let figures = engines(dated, theme: theme, today: today)
        guard !log.hasErrors else {
            // A build that stops here waits for the jars it set going, and keeps none of them.
            _ = jars.result.value
            return nil
        }
        // The pages that show no jar need nothing more: they are rendered while the jars are.
        let forms = options.serve
        let memo = options.memo
        let deferred = deferPages
        let early = Pending {
            Result { () throws(MustacheError) in
                try SiteAssembly.render(
                    theme: theme, loaded: dated, figures: figures, jars: [:], forms: forms, part: .withoutJars,
                    memo: memo, deferred: deferred)
            }
        }
        return ComputedFigures(loaded: dated, figures: figures, pendingJars: jars, pagesWithoutJars: early)
    }

    /// The data as of today with the theme's catalogue under its own: what is dated after today
    /// is reported and left out here, once, for the engines, the jars and the pages alike
    /// (DESIGN.md §3).
    func asOfToday(_ loaded: LoadedData, theme: Theme, today: CalendarDate) -> LoadedData {
        var dated = loaded
        dated.data.catalog = theme.catalog.overlaid(by: loaded.data.catalog)
        for entry in loaded.dated {
            if let warning = entry.warning(today: today) { log.add(warning) }
        }
        dated.data = dated.data.asOf(today)
        if let person = options.person {
            if let problem = Self.personProblem(person, people: loaded.data.site.people) {
                let folder = options.dataFiles ?? DataFolder(path: options.data)
                log.add(Diagnostic(.error, path: folder.displayPath("site.toml"), message: problem))
            } else {
                dated.data = dated.data.seen(by: person)
            }
        }
        return dated
    }

    /// Why `--person ID` names no one of site.toml's `[[person]]`s, with "did you mean"; nil when
    /// it names one.
    static func personProblem(_ id: String, people: [Person]) -> String? {
        guard !people.isEmpty else {
            return "--person '\(id)': site.toml has no [[person]]; a site per person needs a household there first"
        }
        let known = people.map(\.id)
        guard !known.contains(id) else { return nil }
        var message = "--person '\(id)' is not one of site.toml's [[person]]s"
        if let guess = Suggestion.closest(to: id, in: known) { message += "; did you mean '\(guess)'?" }
        return message + " (the people are \(known.joined(separator: ", ")))"
    }

    /// The engines' figures for the data as of today, and the check that needs the whole
    /// catalogue (two subscriptions to one service).
    func engines(_ dated: LoadedData, theme: Theme, today: CalendarDate) -> SiteFigures {
        let figures = SiteFigures(
            data: dated.data, themeQuotes: theme.quotes, today: today, memo: options.memo)
        DuplicateSubscriptions.check(dated, catalogIDs: figures.subscriptions.items.map(\.catalogID), log: log)
        return figures
    }

    /// **simulate jars**: waits for the jars `computeFigures` set going, and writes the snapshots
    /// that changed: only now that the build has got this far without an error, so a failed build
    /// writes no cache.
    func simulateJars(_ pending: PendingJars) -> [String: JarArtwork] {
        let (jars, updates) = pending.result.value
        pending.cache.keep(updates)
        return jars
    }

    /// **render pages**: every page of every language, in memory, in strict mode. Those that show
    /// no jar were rendered while the jars were simulated, the rest now, and the two parts put
    /// together (`SiteAssembly.finish`) are the bytes one whole render gives.
    func renderPages(_ computed: ComputedFigures, theme: LoadedTheme, jars: [String: JarArtwork]) -> SiteFiles? {
        do {
            let withoutJars = try computed.pagesWithoutJars.value.get()
            let withJars = try SiteAssembly.render(
                theme: theme.theme, loaded: computed.loaded, figures: computed.figures, jars: jars,
                forms: options.serve, part: .withJars, memo: options.memo, deferred: deferPages)
            return SiteAssembly.finish(withoutJars, withJars, site: computed.loaded.data.site)
        } catch {
            log.add(Diagnostic(error, templates: theme.folder))
            return nil
        }
    }

    /// **publish**: swaps the site into the output (DESIGN.md §7), under the lock `Publish.prepare`
    /// took; the notes for the person, said once whatever `--quiet` says.
    func publish(_ site: SiteFiles) -> [String] {
        do {
            let published = try Publish.publisher(options).publish(site)
            guard let kept = published.newlyKept else { return [] }
            return [
                "kept what sandjar did not write in \(options.outputPath): \(kept) "
                    + "(carried into every new build; named only this once)"
            ]
        } catch {
            log.add(Diagnostic(.error, path: options.outputPath, message: error.message))
            return []
        }
    }
}

/// The theme a build renders with, and the folder its templates came from (for a template's
/// error).
struct LoadedTheme {
    let theme: Theme
    let folder: DataFolder
}

/// What `computeFigures` made: the data as of today, the engines' figures, and the work it set
/// going that later steps wait for.
struct ComputedFigures {
    /// As of today, with the theme's catalogue under the data folder's.
    let loaded: LoadedData
    let figures: SiteFigures
    let pendingJars: PendingJars
    /// The pages that show no jar, rendered while the jars are simulated.
    let pagesWithoutJars: Pending<Result<SiteFiles, MustacheError>>
}
