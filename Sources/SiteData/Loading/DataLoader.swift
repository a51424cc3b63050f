import Domain
import Foundation
import TOML

/// What loading a data folder gives: the typed data and the Markdown pages.
public struct LoadedData: Sendable {
    public var data: DataSet
    public var pages: [MarkdownPage]
    /// site.toml's `theme`: a theme folder laid over the built-in theme, as a path from the
    /// working directory (written relative to the data folder).
    public var themeOverlay: String?
    /// Where each of `data.subscriptions` is written (its `name`), in the same order, for findings
    /// that only the whole data set shows (`DuplicateSubscriptions`).
    package var subscriptionPlaces: [SourcePlace] = []
    /// Every deposit, session and kill with the place it is written, in file order: a build
    /// warns about those dated after its today (`DatedEntry.warning(today:)`).
    public var dated: [DatedEntry] = []
}

/// A place in a data file, for a finding made after loading.
package struct SourcePlace: Sendable {
    package var file: SourceFile
    package var location: SourceLocation?

    /// `subscriptions/video.toml:3:8`.
    package var text: String {
        guard let location else { return file.path }
        return "\(file.path):\(location.line):\(location.column)"
    }
}

/// Reads a data folder into typed models, validating every file and the references between them.
///
/// Files are read in dependency order — site, rates, breathing, goals, subscriptions, practice,
/// pages — so a reference (a pattern, a program, a currency) can be checked where it is written and
/// the finding points at that line.
package final class DataLoader {
    static let idPattern = "[a-z0-9][a-z0-9-]*"

    let folder: DataFolder
    let log: DiagnosticLog

    var siteFile = SiteFile()
    var site: SiteSettings? { siteFile.settings }
    var ratesFile = RatesFile()
    var breathing = BreathingFile()
    var practice = PracticeLog()
    var pages: [MarkdownPage] = []
    var quotes: [SiteSettings.Language: QuoteLists] = [:]
    /// How many data files were read (or tried), for `check`'s summary.
    package internal(set) var filesRead = 0

    package init(folder: DataFolder, log: DiagnosticLog) {
        self.folder = folder
        self.log = log
    }

    /// The data, or nil when any error was found (every finding is in the log).
    package func load() -> LoadedData? {
        guard folder.exists else {
            log.add(Diagnostic(.error, path: folder.displayRoot, message: "data folder not found"))
            return nil
        }
        let files = DataFiles(folder: folder, log: log)
        if folder.fileExists(SiteReader.file) { filesRead += 1 }
        siteFile = SiteReader.read(files)
        if folder.fileExists(RatesReader.file) { filesRead += 1 }
        ratesFile = RatesReader.read(files, site: site)
        if folder.fileExists(BreathingReader.file) { filesRead += 1 }
        breathing = BreathingReader.read(files)
        filesRead += folder.files(in: "goals", withExtension: "toml").count
        let goals = GoalReader.read(files, site: site, rates: ratesFile)
        filesRead += folder.files(in: "subscriptions", withExtension: "toml").count
        let subscriptions = SubscriptionReader.read(files, site: site, rates: ratesFile)
        filesRead += folder.files(in: "practice", withExtension: "toml").count
        practice = PracticeReader.read(files, breathing: breathing)
        loadPages()
        loadQuotes()
        let catalog = loadCatalog()
        guard !log.hasErrors, let site else { return nil }
        let data = DataSet(
            site: site, goals: goals.goals.sorted { $0.id < $1.id }, subscriptions: subscriptions.subscriptions,
            sessions: practice.sessions.sorted { $0.at < $1.at }, patterns: breathing.patterns,
            programs: breathing.programs, enrollments: breathing.enrollments,
            rates: ratesFile.rates ?? ExchangeRates(base: site.currency, asOf: nil, rates: [:]), quotes: quotes,
            catalog: catalog, practicePauses: breathing.pauses)
        return LoadedData(
            data: data, pages: pages.sorted { $0.slug < $1.slug }, themeOverlay: siteFile.themeOverlay,
            subscriptionPlaces: subscriptions.places, dated: goals.dated + subscriptions.dated + practice.dated)
    }

    /// Parses one TOML file; a syntax error becomes a finding and the file is skipped.
    func parse(_ relative: String) -> TableReader? {
        filesRead += 1
        return DataFiles(folder: folder, log: log).parse(relative)
    }

    func parse(_ file: SourceFile) -> TableReader? { DataFiles(folder: folder, log: log).parse(file) }

    package static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= 100 else { return false }
        func ok(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return ok(first) && id.unicodeScalars.allSatisfy { ok($0) || $0 == "-" }
    }
}

extension DataLoader {
    /// A warning (an error for a symlink leading out) for each file of `folder` that looks like
    /// data but is not read (`DataFolder.passedOver`).
    func reportPassedOver(in folder: String, withExtension ext: String) {
        for entry in self.folder.passedOver(in: folder, withExtension: ext) {
            log.add(
                Diagnostic(
                    entry.isError ? .error : .warning, path: self.folder.displayPath(entry.relative), message: entry.why
                ))
        }
    }
}
