import Domain
import Foundation
import PhysicsCache
import SiteData
import SitePublish
import SiteRender

/// What `sandjar build`, `check` and `serve` were asked to do (DESIGN.md §6).
public struct BuildOptions: Sendable {
    public var data: String = "content"
    /// The data folder's files themselves, for tests that build from memory; nil: read `data`
    /// from the disk.
    package var dataFiles: DataFolder?
    /// Nil: `public` inside the data folder.
    public var output: String?
    /// A theme folder laid over the built-in theme (`--theme`); nil: site.toml's `theme`, if any.
    public var theme: String?
    /// Nil: `$XDG_CACHE_HOME/sandjar/<key>` (DESIGN.md §6).
    public var cache: String?
    /// The cache itself, for tests that keep it in memory; nil: `cachePath` on the disk.
    package var cacheFiles: DataFolder?
    /// Nil: today in the site's time zone.
    public var today: CalendarDate?
    /// The wall clock `today` is read from when it is nil: serve's owner passes its own, so a
    /// test can move it past midnight.
    public var clock: @Sendable () -> Date = { Date() }
    public var strict = false
    /// `--person ID`: one person's site of a household (DESIGN.md §3); nil: the household's.
    public var person: String?
    /// Wait for another build's lock instead of giving up at once.
    public var wait = false
    /// The forms `sandjar serve` adds to the pages it serves; nil for every other build.
    public var serve: ServeForms?
    /// What the last builds of a served site made, for this one to take what did not change
    /// (`ServeMemo`, owned by `ServedSite`); nil for every other build, which makes everything.
    package var memo: ServeMemo?

    public init() {}

    /// Where the site is written.
    public var outputPath: String { output ?? URL(fileURLWithPath: data).appendingPathComponent("public").path }

    /// The theme folder laid over the built-in theme: `--theme`, else site.toml's `theme`.
    public var themeOverlay: String? { theme ?? DataLoader.themeOverlay(of: dataFiles ?? DataFolder(path: data)) }

    /// Where settled jars are kept between builds.
    public var cachePath: String { cache ?? CacheLocation.folder(forData: data).path }
}

/// How a build or check ended.
public struct BuildReport: Sendable {
    /// Warnings (and, for a failed build, errors), in the order found.
    public var diagnostics: [Diagnostic]
    public var pageCount: Int
    public var fileCount: Int
    /// The data files read, for `check`'s summary.
    public var dataFileCount = 0
    public var today: CalendarDate?
    /// Each step that ran, with its wall time in seconds, in order.
    public var timings: [(step: String, seconds: Double)] = []
    /// The step that failed, if one did.
    public var failedStep: String?
    /// The subscriptions' catalogue matches, for `check` to list (computed from what was loaded).
    public var catalogMatches: [String] = []
    /// Lines for the person, printed even with `--quiet`: entries in the output sandjar kept
    /// without having written them, named by the build that first found them.
    public var notes: [String] = []
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }

    init(diagnostics: [Diagnostic], pageCount: Int = 0, fileCount: Int = 0, today: CalendarDate? = nil) {
        self.diagnostics = diagnostics
        self.pageCount = pageCount
        self.fileCount = fileCount
        self.today = today
    }
}
