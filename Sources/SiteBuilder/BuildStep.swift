import Basics
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import SitePublish
import SiteRender

/// One named step of a build: it reads what earlier steps left in the state and adds its part, or
/// records findings in the state's log.
protocol BuildStep {
    /// As `--timings` and a failed build name it.
    var name: String { get }
    func run(_ state: BuildState)
}

/// What the steps of one build hand on to each other.
final class BuildState {
    let options: BuildOptions
    let log: DiagnosticLog
    /// False for `check`: the jar cache is read but never written.
    let writesCache: Bool
    let progress: (@Sendable (BuildProgress) -> Void)?

    var dataFileCount = 0
    var loaded: LoadedData?
    var themeFolder: DataFolder?
    var theme: Theme?
    var today: CalendarDate?
    var figures: SiteFigures?
    /// Goal id → its coin jar; the render step gives them to the figures (`SiteFigures.with(jars:)`).
    var jars: [String: JarArtwork] = [:]
    /// The jars being simulated while the figures are computed (`ComputeFigures`).
    var pendingJars: PendingJars?
    /// The pages that show no jar, rendered meanwhile (`ComputeFigures`, `RenderPages`).
    var pagesWithoutJars: Pending<Result<SiteFiles, MustacheError>>?
    var site: SiteFiles?
    /// Held from before the first step to the end of `publish`.
    var lock: BuildLock?
    /// Said once, whatever `--quiet` says: what the build kept in the output that it did not write.
    var notes: [String] = []

    /// The built-in theme, loaded on another thread from the start when no `--theme` is given,
    /// while the data is read: only a site.toml that names a theme of its own needs another.
    var builtInTheme: Pending<(theme: Theme?, findings: [Diagnostic])>?

    init(options: BuildOptions, writesCache: Bool, progress: (@Sendable (BuildProgress) -> Void)?) {
        self.options = options
        self.log = DiagnosticLog(strict: options.strict)
        self.writesCache = writesCache
        self.progress = progress
        if options.theme == nil {
            let strict = options.strict
            let memo = options.memo
            builtInTheme = Pending {
                if let memo { return memo.builtInTheme(strict: strict) }
                let log = DiagnosticLog(strict: strict)
                let theme = Theme.load(from: Theme.builtIn, log: log)
                return (theme, log.entries)
            }
        }
    }
}

/// Reads and validates the data folder (DESIGN.md §2).
struct LoadData: BuildStep {
    let name = "load data"

    func run(_ state: BuildState) {
        let folder = state.options.dataFiles ?? DataFolder(path: state.options.data)
        let loader = DataLoader(folder: folder, log: state.log, memo: state.options.memo?.parsed)
        state.loaded = loader.load()
        state.dataFileCount = loader.filesRead
    }
}

/// The built-in theme with the overlay `--theme` or site.toml's `theme` names (DESIGN.md §6).
/// It runs even when the data had errors, so one run reports the theme's mistakes too.
struct LoadTheme: BuildStep {
    let name = "load theme"

    func run(_ state: BuildState) {
        let overlay = state.options.theme ?? state.loaded?.themeOverlay
        if overlay == nil, let builtIn = state.builtInTheme?.value {
            builtIn.findings.forEach(state.log.add)
            state.themeFolder = Theme.builtIn
            state.theme = builtIn.theme
            return
        }
        guard let folder = Theme.folder(overlay: overlay, log: state.log) else { return }
        state.themeFolder = folder
        state.theme = Theme.load(from: folder, log: state.log)
        // A theme laid over the built-in one is read again for every build: no page rendered
        // with the last one is reused.
        state.options.memo?.rendered.themeChanged()
    }
}

/// Runs the engines once, for every language of the site, after the checks that need the whole
/// catalogue (two subscriptions to one service).
struct ComputeFigures: BuildStep {
    let name = "compute figures"

    func run(_ state: BuildState) {
        guard let theme = state.theme, let loaded = ComputeFigures.asOfToday(state) else { return }
        // The jars need only the goals as of today and the theme: they are simulated meanwhile.
        state.pendingJars = PendingJars(goals: loaded.data.goals, theme: theme, state: state)
        guard let figures = ComputeFigures.engines(state) else { return }
        // The pages that show no jar need nothing more: they are rendered while the jars are.
        let forms = state.options.serve
        let inputs = (theme: theme, loaded: loaded, memo: state.options.memo?.rendered)
        state.pagesWithoutJars = Pending {
            Result { () throws(MustacheError) in
                try SiteAssembly.render(
                    theme: inputs.theme, loaded: inputs.loaded, figures: figures, forms: forms, part: .withoutJars,
                    memo: inputs.memo)
            }
        }
    }
}

extension ComputeFigures {
    /// The data as of today with the theme's catalogue under its own: what is dated after today
    /// is reported and left out here, once, for the engines, the jars and the pages alike
    /// (DESIGN.md §3).
    static func asOfToday(_ state: BuildState) -> LoadedData? {
        guard var loaded = state.loaded, let theme = state.theme else { return nil }
        loaded.data.catalog = theme.catalog.overlaid(by: loaded.data.catalog)
        let today = state.options.today ?? SiteBuild.today(in: loaded.data.site.timezone)
        state.today = today
        for entry in loaded.dated {
            if let warning = entry.warning(today: today) { state.log.add(warning) }
        }
        loaded.data = loaded.data.asOf(today)
        state.loaded = loaded
        return loaded
    }

    /// The engines' figures for the data `asOfToday` left, and the check that needs the whole
    /// catalogue (two subscriptions to one service).
    static func engines(_ state: BuildState) -> SiteFigures? {
        guard let loaded = state.loaded, let theme = state.theme, let today = state.today else { return nil }
        let memo = state.options.memo?.rendered
        let figures = SiteFigures(data: loaded.data, themeQuotes: theme.quotes, today: today, memo: memo)
        DuplicateSubscriptions.check(loaded, catalogIDs: figures.subscriptions.items.map(\.catalogID), log: state.log)
        state.figures = figures
        return figures
    }
}

/// Every goal's coin jar, continuing from the settled piles in the cache (`PendingJars`).
struct SimulateJars: BuildStep {
    let name = "simulate jars"

    /// Waits for the jars `ComputeFigures` set going, and writes the snapshots that changed: only
    /// now that the build has got this far without an error, so a failed build writes no cache.
    func run(_ state: BuildState) {
        guard let pending = state.pendingJars, state.figures != nil else { return }
        let (jars, updates) = pending.result.value
        pending.cache.keep(updates)
        state.jars = jars
    }
}

/// Every goal's jar, simulated on other threads while the build goes on (`SimulateJars` waits for
/// them). Each goal is its own simulation, so they run on every core at once, biggest first so the
/// cores finish together.
struct PendingJars {
    let cache: JarCache
    /// The jars by goal id, and the snapshots to keep.
    let result: Pending<(jars: [String: JarArtwork], updates: [JarCache.Update])>

    init(goals: [Goal], theme: Theme, state: BuildState) {
        let palette = JarPalette(stylesheet: theme.stylesheet)
        let cache = JarCache(
            folder: state.options.cacheFiles ?? DataFolder(path: state.options.cachePath),
            output: URL(fileURLWithPath: state.options.outputPath), writes: state.writesCache)
        self.cache = cache
        let progress = state.progress
        let memo = state.options.memo
        result = Pending {
            // A cold simulation costs about one pour per month with deposits (JarReplay).
            let months = goals.map { Set($0.deposits.map(\.at.date.monthIndex)).count }
            let order = goals.indices.sorted { (months[$0], $1) > (months[$1], $0) }
            let slots = Slots<(artwork: JarArtwork, update: JarCache.Update?)>(count: goals.count)
            let count = Counter()
            DispatchQueue.concurrentPerform(iterations: order.count) { position in
                let index = order[position]
                let goal = goals[index]
                // A served site's goal that did not change keeps the jar its last build drew.
                let fingerprint = memo.map { _ in goal.hashValue }
                if let memo, let fingerprint, let kept = memo.jar(for: goal, fingerprint: fingerprint) {
                    slots[index] = (kept, nil)
                } else {
                    let made = cache.artwork(for: goal, palette: palette)
                    if let memo, let fingerprint { memo.keep(made.artwork, for: goal, fingerprint: fingerprint) }
                    slots[index] = made
                }
                progress?(.jars(done: count.increment(), of: goals.count))
            }
            var jars: [String: JarArtwork] = [:]
            var updates: [JarCache.Update] = []
            for (index, goal) in goals.enumerated() {
                guard let made = slots.take(index) else { continue }
                jars[goal.id] = made.artwork
                if let update = made.update { updates.append(update) }
            }
            return (jars, updates)
        }
    }
}

/// Every page of every language, in memory, in strict mode: those that show no jar were rendered
/// while the jars were simulated (`ComputeFigures` set them going), the rest now, and the two
/// parts put together (`SiteAssembly.finish`) are the bytes one whole render gives.
struct RenderPages: BuildStep {
    let name = "render pages"

    func run(_ state: BuildState) {
        guard let loaded = state.loaded, let theme = state.theme, let figures = state.figures else { return }
        do {
            let withJars = figures.with(jars: state.jars)
            guard let early = state.pagesWithoutJars else {
                state.site = try SiteAssembly.render(
                    theme: theme, loaded: loaded, figures: withJars, forms: state.options.serve)
                return
            }
            let withoutJars = try early.value.get()
            let rest = try SiteAssembly.render(
                theme: theme, loaded: loaded, figures: withJars, forms: state.options.serve, part: .withJars,
                memo: state.options.memo?.rendered)
            state.site = SiteAssembly.finish(withoutJars, rest, site: loaded.data.site)
        } catch {
            state.log.add(Diagnostic(error, templates: state.themeFolder ?? Theme.builtIn))
        }
    }
}

/// A count that concurrent iterations raise.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
