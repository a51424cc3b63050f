import Domain
import Foundation
import Jar
import Mustache
import SiteData
import SitePublish

/// A build as a short, visible list of named steps (DESIGN.md §7, ARCHITECTURE.md):
/// load data → load theme → compute figures → simulate jars → render pages → publish.
///
/// Each step reads what the steps before it left in a `BuildState` and either adds its part or
/// records findings; the first step that leaves an error stops the build, and the report names it.
/// Nothing touches the published folder until `publish`, which swaps the whole new site in at once.
/// `check` runs the same steps but the last, and writes no cache.
public struct SiteBuild {
    public let options: BuildOptions
    /// Told what the build is doing (a step starting, jars simulated), for a progress line.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init(options: BuildOptions) {
        self.options = options
    }

    /// The steps of a build, in order; `check` leaves out the last.
    static func steps(publishing: Bool) -> [any BuildStep] {
        let checking: [any BuildStep] = [LoadData(), LoadTheme(), ComputeFigures(), SimulateJars(), RenderPages()]
        return publishing ? checking + [Publish()] : checking
    }

    /// Validates the data and the theme and renders every page in memory; writes nothing, not
    /// even the jar cache.
    public func check() -> (BuildReport, SiteFiles?) {
        if let refused = Publish.cacheRefusal(options) { return (refused, nil) }
        let state = BuildState(options: options, writesCache: false, progress: progress)
        let report = run(SiteBuild.steps(publishing: false), state)
        return (report, report.succeeded ? state.site : nil)
    }

    /// Checks, then publishes into the output under its lock. A failed build changes nothing.
    public func run() -> BuildReport {
        let state = BuildState(options: options, writesCache: true, progress: progress)
        if let refused = Publish.prepare(state) { return refused }
        defer { state.lock = nil }
        return run(SiteBuild.steps(publishing: true), state)
    }

    func run(_ steps: [any BuildStep], _ state: BuildState) -> BuildReport {
        var timings: [(step: String, seconds: Double)] = []
        var failed: String?
        for (index, step) in steps.enumerated() {
            progress?(.step(name: step.name, number: index + 1, of: steps.count))
            let started = Date()
            step.run(state)
            timings.append((step.name, Date().timeIntervalSince(started)))
            if state.log.hasErrors {
                failed = step.name
                break
            }
        }
        // Work still going on other threads for a build that failed is waited for, and not kept.
        _ = state.pendingJars?.result.value
        _ = state.builtInTheme?.value
        _ = state.pagesWithoutJars?.value
        var report = BuildReport(
            diagnostics: state.log.entries, pageCount: state.site?.paths.filter { $0.hasSuffix(".html") }.count ?? 0,
            fileCount: state.site?.count ?? 0, today: state.today)
        report.timings = timings
        report.dataFileCount = state.dataFileCount
        report.failedStep = failed
        report.notes = state.notes
        if failed == nil, let loaded = state.loaded, let figures = state.figures {
            report.catalogMatches = CatalogMatchReport.lines(
                loaded.data, matches: figures.subscriptions.items.map(\.match))
        }
        return report
    }

    /// Today's date on the wall clock of `timezone`.
    public static func today(in timezone: String) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timezone) ?? TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDate(year: 1970, month: 1, day: 1)!
    }
}

/// What a running build reports as it goes.
public enum BuildProgress: Sendable {
    case step(name: String, number: Int, of: Int)
    case jars(done: Int, of: Int)
}
