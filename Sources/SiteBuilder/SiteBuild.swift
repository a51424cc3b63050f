import Domain
import Foundation
import Jar
import SiteData
import SitePublish
import SiteRender

/// A build as a short, visible list of named steps (DESIGN.md §7, ARCHITECTURE.md):
/// load data → load theme → compute figures → simulate jars → render pages → publish.
///
/// Each step is a function of what the steps before it made (`BuildSteps`): it takes those values
/// and returns its own, and its findings go to the build's log. The first step that leaves an
/// error stops the build, and the report names it. Nothing touches the published folder until
/// `publish`, which swaps the whole new site in at once. `check` runs the same steps but the last,
/// and writes no cache.
public struct SiteBuild {
    public let options: BuildOptions
    /// Told what the build is doing (a step starting, jars simulated), for a progress line.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Validates the data and the theme and renders every page in memory; writes nothing, not
    /// even the jar cache.
    public func check() -> (BuildReport, SiteFiles?) {
        if let refused = Publish.cacheRefusal(options) { return (refused, nil) }
        var run = StepRun(steps: 5, strict: options.strict, progress: progress)
        let rendered = render(writesCache: false, &run)
        return (run.finished(rendered), rendered?.files)
    }

    /// Checks, then publishes into the output under its lock. A failed build changes nothing.
    public func run() -> BuildReport {
        let lock: BuildLock
        switch Publish.prepare(options) {
        case .failure(let refused): return BuildReport(diagnostics: [refused])
        case .success(let taken): lock = taken
        }
        // Held until the new site is in place, or the build has failed.
        defer { lock.release() }
        var run = StepRun(steps: 6, strict: options.strict, progress: progress)
        guard let rendered = render(writesCache: true, &run) else { return run.finished(nil) }
        let steps = BuildSteps(options: options, log: run.log, writesCache: true, progress: progress)
        run.report.notes = run.step("publish") { steps.publish(rendered.files) }
        return run.finished(rendered)
    }

    /// The steps up to the rendered site, each handed what the ones before it made; nil when one
    /// of them failed (`run` then names it).
    func render(writesCache: Bool, deferPages: Bool = false, _ run: inout StepRun) -> ServedBuild? {
        let steps = BuildSteps(
            options: options, log: run.log, writesCache: writesCache, progress: progress, deferPages: deferPages)
        guard let (loaded, theme, today) = loadDataAndTheme(steps, &run) else { return nil }
        let computed = run.step("compute figures") { steps.computeFigures(loaded, theme: theme.theme, today: today) }
        guard let computed, run.going else { return nil }
        let jars = run.step("simulate jars") { steps.simulateJars(computed.pendingJars) }
        guard run.going else { return nil }
        let site = run.step("render pages") { steps.renderPages(computed, theme: theme, jars: jars) }
        guard let site, run.going else { return nil }
        return ServedBuild(
            files: site, theme: theme.theme, templates: theme.folder, loaded: computed.loaded,
            figures: computed.figures, jars: jars,
            today: today)
    }

    /// The first two steps, and today's date for the data: what a build and the digest start from.
    func loadDataAndTheme(
        _ steps: BuildSteps, _ run: inout StepRun
    ) -> (loaded: LoadedData, theme: LoadedTheme, today: CalendarDate)? {
        let builtInTheme = steps.builtInTheme()
        // A build that stops early waits for the theme it set going, so no work outlives it.
        defer { _ = builtInTheme?.value }
        let read = run.step("load data") { steps.loadData() }
        run.report.dataFileCount = read.fileCount
        guard let loaded = read.loaded, run.going else { return nil }
        let theme = run.step("load theme") {
            steps.loadTheme(overlay: options.theme ?? loaded.themeOverlay, builtIn: builtInTheme)
        }
        guard let theme, run.going else { return nil }
        let today = options.today ?? SiteBuild.today(in: loaded.data.site.timezone, at: options.clock())
        run.report.today = today
        return (loaded, theme, today)
    }

    /// Today's date on the wall clock of `timezone` at `now`.
    public static func today(in timezone: String, at now: Date = Date()) -> CalendarDate {
        let parts = gregorian(in: timezone).dateComponents([.year, .month, .day], from: now)
        return CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDate(year: 1970, month: 1, day: 1)!
    }

    /// The moment `day` ends on the wall clock of `timezone`: the start of the day after it (a day
    /// that starts at 01:00 after a DST jump starts then).
    public static func end(of day: CalendarDate, in timezone: String) -> Date {
        let calendar = gregorian(in: timezone)
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
        let next = noon.flatMap { calendar.date(byAdding: .day, value: 1, to: $0) }
        return next.map { calendar.startOfDay(for: $0) } ?? Date.distantFuture
    }

    private static func gregorian(in timezone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timezone) ?? TimeZone(secondsFromGMT: 0)!
        return calendar
    }
}

/// The steps of one build as they run: each told to the progress line and timed, and the first
/// that leaves an error in the log stops the build and is named in the report.
struct StepRun {
    let log: DiagnosticLog
    private let count: Int
    private let progress: (@Sendable (BuildProgress) -> Void)?
    /// Filled in as the steps go; `finished` adds the findings and what was made.
    var report = BuildReport(diagnostics: [])

    init(steps count: Int, strict: Bool, progress: (@Sendable (BuildProgress) -> Void)?) {
        self.log = DiagnosticLog(strict: strict)
        self.count = count
        self.progress = progress
    }

    /// True until a step has failed.
    var going: Bool { report.failedStep == nil }

    /// Runs the step named `name`, which returns what it made.
    mutating func step<Made>(_ name: String, _ body: () -> Made) -> Made {
        progress?(.step(name: name, number: report.timings.count + 1, of: count))
        let started = Date()
        let made = body()
        report.timings.append((name, Date().timeIntervalSince(started)))
        if log.hasErrors { report.failedStep = name }
        return made
    }

    /// The report of the build, with every finding in the order found.
    func finished(_ rendered: ServedBuild?) -> BuildReport {
        var report = self.report
        report.diagnostics = log.entries
        if let site = rendered?.files {
            report.pageCount = site.paths.filter { $0.hasSuffix(".html") }.count
            report.fileCount = site.count
        }
        if going, let rendered {
            report.catalogMatches = CatalogMatchReport.lines(
                rendered.loaded.data, matches: rendered.figures.subscriptions.items.map(\.match))
        }
        return report
    }
}

/// What a running build reports as it goes.
public enum BuildProgress: Sendable {
    case step(name: String, number: Int, of: Int)
    case jars(done: Int, of: Int)
}
