import Basics
import Domain
import Foundation

/// Reads a data folder into typed models, validating every file and the references between them.
///
/// One reader per file kind takes its file(s) and the values it depends on, and returns what it
/// read; the loader only composes them, in dependency order — site, rates, breathing, goals,
/// subscriptions, practice, pages, quotes, catalogue — so a reference (a pattern, a program, a
/// currency) is checked where it is written and the finding points at that line. Every finding
/// goes to the build's `DiagnosticLog`.
package struct DataLoader {
    static let idPattern = "[a-z0-9][a-z0-9-]*"

    let folder: DataFolder
    let log: DiagnosticLog
    /// What an earlier build of this folder parsed (`sandjar serve`, `ServeMemo`).
    let tables: ParsedTables?
    let goalReadings: GoalReadings?
    /// The files each folder's listing found during `load`, for `filesRead`.
    private let listed = FolderCounts()

    package init(
        folder: DataFolder, log: DiagnosticLog, tables: ParsedTables? = nil, goalReadings: GoalReadings? = nil
    ) {
        self.folder = folder
        self.log = log
        self.tables = tables
        self.goalReadings = goalReadings
    }

    /// The data, or nil when any error was found (every finding is in the log).
    package func load() -> LoadedData? {
        guard folder.exists else {
            log.add(Diagnostic(.error, path: folder.displayRoot, message: "data folder not found"))
            return nil
        }
        let files = DataFiles(folder: folder, log: log, tables: tables, goalReadings: goalReadings)
        let site = SiteReader.read(files)
        let rates = RatesReader.read(files, site: site.settings)
        let breathing = BreathingReader.read(files)
        // What depends only on the three above is read on every core at once, each reader with a
        // log of its own; the logs are then added in the order below, so the findings read as if
        // the files had been read one after the other. Each Markdown page is a piece of work of
        // its own (a `concurrentPerform` inside another would run on one thread).
        var goals = GoalList()
        var subscriptions = SubscriptionList()
        var practice = PracticeFiles()
        var quotes: [SiteSettings.Language: QuoteLists] = [:]
        var catalog = SubscriptionCatalog()
        let listing = DiagnosticLog(strict: log.strict)
        let pagePaths = PagesReader.paths(DataFiles(folder: folder, log: listing, listed: listed))
        let pageSlots = Slots<MarkdownPage>(count: pagePaths.count)
        let firstPage = 4
        log.concurrently(firstPage + pagePaths.count + 2) { index, own in
            let files = DataFiles(folder: folder, log: own, tables: tables, goalReadings: goalReadings, listed: listed)
            switch index {
            case 0: goals = GoalReader.read(files, site: site.settings, rates: rates)
            case 1: subscriptions = SubscriptionReader.read(files, site: site.settings, rates: rates)
            case 2: practice = PracticeReader.read(files, breathing: breathing, people: site.people)
            // What listing the pages found goes just before the first page's findings.
            case 3: listing.entries.forEach(own.add)
            case firstPage + pagePaths.count: quotes = QuotesReader.read(files)
            case firstPage + pagePaths.count + 1: catalog = CatalogReader.read(files)
            default:
                let page = index - firstPage
                pageSlots[page] = PagesReader.page(pagePaths[page], files, site: site.settings)
            }
        }
        let pages = pagePaths.indices.compactMap { pageSlots.take($0) }
        guard !log.hasErrors, let settings = site.settings else { return nil }
        let data = DataSet(
            site: settings, goals: goals.goals.sorted { $0.id < $1.id }, subscriptions: subscriptions.subscriptions,
            sessions: practice.sessions.sorted { $0.at < $1.at }, patterns: breathing.patterns,
            programs: breathing.programs, enrollments: breathing.enrollments,
            rates: rates.rates ?? ExchangeRates(base: settings.currency, asOf: nil, rates: [:]), quotes: quotes,
            catalog: catalog, practicePauses: breathing.pauses)
        return LoadedData(
            data: data, pages: pages.sorted { $0.slug < $1.slug }, themeOverlay: site.themeOverlay,
            subscriptionPlaces: subscriptions.places, dated: goals.dated + subscriptions.dated + practice.dated)
    }

    /// How many data files a load reads (or tries to), for `check`'s summary: each reader's file
    /// that is there, and every file of each reader's folder (as `load` listed it, if it did).
    package var filesRead: Int {
        let single = [SiteReader.file, RatesReader.file, BreathingReader.file, QuotesReader.file, CatalogReader.file]
        let groups = [GoalReader.group, SubscriptionReader.group, PracticeReader.group, PagesReader.group]
        return single.filter(folder.fileExists).count
            + groups.map {
                listed.count(for: $0.folder) ?? folder.files(in: $0.folder, withExtension: $0.fileExtension).count
            }.reduce(0, +)
    }

    /// The longest id a goal, pattern, program or page may have.
    package static let maxIDLength = 100

    /// The one id rule (DESIGN.md §2): `[a-z0-9][a-z0-9-]*`, at most `maxIDLength` characters.
    /// Every id sandjar reads, makes, caches by or takes from a form is checked by it.
    package static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= maxIDLength else { return false }
        func ok(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return ok(first) && id.unicodeScalars.allSatisfy { ok($0) || $0 == "-" }
    }
}
