import Domain
import Foundation
import Jar
import Mustache

/// A build as a short, visible sequence of named steps:
/// load data → load theme → simulate the jars → run the engines → render pages (strict mode) →
/// write atomically.
///
/// Every step either succeeds or records findings and stops the build; nothing touches the
/// published folder until the last step, which swaps the whole new site in at once.
public struct SiteBuild {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Validates the data and the theme and renders every page in memory, writing nothing.
    public func check() -> (BuildReport, SiteFiles?) {
        let log = DiagnosticLog(strict: options.strict)
        let loader = DataLoader(folder: DataFolder(path: options.data), log: log)
        let loaded = loader.load()
        let theme = Theme.load(from: options.templates, log: log)
        guard var loaded, let theme, !log.hasErrors else {
            return (BuildReport(diagnostics: log.entries, pageCount: 0, fileCount: 0, today: nil), nil)
        }
        loaded.data.catalog = theme.catalog.overlaid(by: loaded.data.catalog)
        let today = options.today ?? SiteBuild.today(in: loaded.data.site.timezone)
        do {
            let jars = SiteBuild.simulateJars(loaded.data.goals, cache: options.cache, output: options.output)
            let site = try SiteAssembly.render(theme: theme, loaded: loaded, today: today, jars: jars)
            let pages = site.paths.filter { $0.hasSuffix(".html") }.count
            return (BuildReport(diagnostics: log.entries, pageCount: pages, fileCount: site.count, today: today), site)
        } catch {
            log.add(Diagnostic(error, templates: DataFolder(path: options.templates)))
            return (BuildReport(diagnostics: log.entries, pageCount: 0, fileCount: 0, today: today), nil)
        }
    }

    /// Checks, then publishes into `options.output` under its lock. A failed build changes nothing.
    public func run() -> BuildReport {
        let output = URL(fileURLWithPath: options.output).standardizedFileURL
        let publisher = SitePublisher(output: output)
        if let why = publisher.refusal() {
            return .failed(Diagnostic(.error, path: options.output, message: why))
        }
        let lock: BuildLock
        do {
            lock = try BuildLock(path: output.path + ".lock", wait: options.wait)
        } catch {
            let why: String
            switch error {
            case .busy: why = "another build is running (use --wait to wait for it)"
            case .cannotOpen(let reason): why = "cannot take the build lock: \(reason)"
            }
            return .failed(Diagnostic(.error, path: options.output + ".lock", message: why))
        }
        defer { withExtendedLifetime(lock) {} }
        var (report, site) = check()
        guard let site, report.succeeded else { return report }
        do {
            try publisher.publish(site)
        } catch {
            report.diagnostics.append(Diagnostic(.error, path: options.output, message: error.message))
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

    /// Every goal's coin jar, continuing from the settled piles in the cache folder. Each goal is
    /// its own simulation, so they run on every core at once.
    static func simulateJars(_ goals: [Goal], cache: String, output: String) -> [String: JarArtwork] {
        let jarCache = JarCache(folder: URL(fileURLWithPath: cache), output: URL(fileURLWithPath: output))
        // The snapshots' folder first, so that parallel stores never race to create it (JarCache
        // leaves a cache inside the output alone, and so does this).
        let outside = URL(fileURLWithPath: output).standardizedFileURL.path
        let folder = jarCache.folder.path
        if !goals.isEmpty, folder != outside, !folder.hasPrefix(outside + "/") {
            try? FileManager.default.createDirectory(
                at: jarCache.folder.appendingPathComponent("jar"), withIntermediateDirectories: true)
        }
        // Biggest first, so that the cores finish together. A cold simulation costs about one step
        // per coin dropped: a free goal's on-plan deposit drops five coins, a wish goal's deposit
        // usually one (CoinRule).
        let coins = goals.map { $0.deposits.count * ($0.mode == .free ? CoinRule.coinsPerPlanAmount : 1) }
        let order = goals.indices.sorted { (coins[$0], $1) > (coins[$1], $0) }
        let slots = Slots<JarArtwork>(count: goals.count)
        DispatchQueue.concurrentPerform(iterations: order.count) { position in
            let index = order[position]
            slots[index] = jarCache.artwork(for: goals[index])
        }
        var jars: [String: JarArtwork] = [:]
        for (index, goal) in goals.enumerated() { jars[goal.id] = slots.take(index) }
        return jars
    }
}
