import Dispatch
import Domain
import Foundation
import SiteBuilder
import SiteData
import SiteRender
import SiteServer

/// The one owner of the site `sandjar serve` serves (DESIGN.md §6, "serve never hangs").
///
/// Everything that changes while serving — the last good build, what the watch last saw of the
/// data folder, how far the builds have caught up with the writes, what each write did — is held
/// here and read or changed only on one serial queue. A form's rebuild and the watcher's are the
/// same call on that queue, so they take turns and coalesce: a rebuild takes in every write made
/// before it started, and a form whose write it took in does not build again. Nothing on the queue
/// waits for anything that waits for the queue; the build itself never calls back in. Request
/// threads and the watch thread come to the queue with `sync` and hold no lock while they wait.
///
/// The built site is handed to the server as a `MemorySite`: nothing is written to disk, so there
/// is no folder of pages holding the run's token to leave behind, however serve ends.
///
/// Its day turns at midnight (DESIGN.md §6): a site built for a day (no `--today`) is built again
/// once that day has ended in the site's time zone, without any write — by a wake-up set for the
/// moment the day ends, and, should that come late (a machine asleep, a clock set forward), by
/// the first request after it (`turnTheDay`).
public final class ServedSite: @unchecked Sendable {
    /// How the site is built; `output` is never written. Its data folder (`dataFiles`, else
    /// `data`) and `theme` are those the forms write by (`LocalApp.editor`).
    let options: BuildOptions
    /// The forms every served page carries; nil with `--read-only`.
    let forms: ServeForms?
    /// Where the site goes once built.
    private let publish: @Sendable (MemorySite) -> Void
    /// Said on serve's terminal: each rebuild, each finding.
    private let log: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "sandjar serve: the served site")
    /// Everything a build keeps for the next, each under what it was made from (issue 33): every
    /// build of the run is handed this one.
    private let memo = ServeMemo()

    /// The data files the last build parsed, for a form's entry to read its file from (a file whose
    /// bytes changed since is parsed again).
    var parsed: ParsedTables { memo.tables }

    // Read and changed on `queue` only.
    private var built: ServedBuild?
    private var seen: SiteWatch.Fingerprint = 0
    /// Counts the writes the forms reported; `caughtUp` is the count the last build started after.
    private var writes = 0
    private var caughtUp = 0
    /// What each recent write did, by its journal entry, for the page it lands on.
    private var notices: [Int: ServeNotice] = [:]
    private var rebuilds = 0

    /// `SANDJAR_TIMINGS=1`: each rebuild's line says what each step took (for `make bench`).
    private let timings = ProcessInfo.processInfo.environment["SANDJAR_TIMINGS"] == "1"

    /// Set once, to end the watch.
    private let stopping = StopFlag()

    /// The wall clock the build's day is read from and the day turns by.
    private let clock: @Sendable () -> Date
    /// Runs its work once `seconds` of wall time have passed, on a thread of its own; tests keep
    /// the work to run it themselves.
    private let wake: @Sendable (_ seconds: Double, _ work: @escaping @Sendable () -> Void) -> Void
    /// When the served site's day ends; read by request threads without waiting for the queue.
    private let dayEnds = DayEnd()
    /// The end of day the wake-up is set for (on `queue`).
    private var wakeSetFor: Date?

    /// - Parameters:
    ///   - clock: the wall clock; a test moves its own past midnight.
    ///   - wake: runs work after a number of seconds of wall time; nil: a timer of Dispatch's.
    public init(
        options: BuildOptions, forms: ServeForms?, publish: @escaping @Sendable (MemorySite) -> Void,
        log: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Date = { Date() },
        wake: (@Sendable (Double, @escaping @Sendable () -> Void) -> Void)? = nil
    ) {
        var options = options
        options.clock = clock
        // A data folder held in memory keeps its settled jars in memory too: such a serve
        // touches no disk.
        if let files = options.dataFiles, files.diskPath == nil, options.cacheFiles == nil {
            options.cacheFiles = DataFolder(files: [:], display: "jar cache")
        }
        self.options = options
        self.forms = forms
        self.publish = publish
        self.log = log
        self.clock = clock
        self.wake =
            wake ?? { seconds, work in
                DispatchQueue.global().asyncAfter(wallDeadline: .now() + seconds, execute: work)
            }
    }

    /// Builds the site the first time; false when that build failed (serve then waits for a fix).
    @discardableResult
    public func buildFirst() -> Bool {
        queue.sync { rebuild(first: true) }
    }

    /// Builds the site the first time on the owner's queue, and then calls `done` there with
    /// whether it built, so the caller's thread stays free to see a stop signal meanwhile.
    public func buildFirst(then done: @escaping @Sendable (Bool) -> Void) {
        queue.async { [self] in done(rebuild(first: true)) }
    }

    /// Looks at the data folder every `interval` on a thread of its own and rebuilds when a file
    /// changed, until `stop()`.
    public func watch(every interval: Duration = .milliseconds(250)) {
        let thread = Thread { [self] in
            while !stopping.isSet {
                Thread.sleep(
                    forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds)
                        / 1e18)
                guard !stopping.isSet else { break }
                queue.sync { _ = rebuildIfChanged() }
            }
        }
        thread.name = "sandjar serve: watch"
        thread.start()
    }

    /// Ends the watch; a rebuild under way finishes on its own (serve's process may end first).
    public func stop() {
        stopping.set()
    }

    // MARK: - What requests ask

    /// The last good build, if there is one.
    public var current: ServedBuild? {
        queue.sync { built }
    }

    /// How many times the site was built, the first time included (for tests and the log).
    public var buildCount: Int {
        queue.sync { rebuilds }
    }

    /// A form wrote to the data folder: the next `catchUp` builds again unless a build started
    /// since has taken the write in. Returns the write's number.
    public func wrote(_ notice: ServeNotice?, journalID: Int?) -> Int {
        queue.sync {
            writes += 1
            if let notice, let journalID {
                notices[journalID] = notice
                // A person reads the page right after the write; older notices are let go.
                for old in notices.keys.sorted().dropLast(50) { notices[old] = nil }
            }
            return writes
        }
    }

    /// Rebuilds unless a build that started after write `number` has run already.
    public func catchUp(with number: Int) {
        queue.sync {
            if caughtUp < number { rebuild(first: false) }
        }
    }

    /// The notice of write `journalID`, as the page it lands on shows it.
    public func notice(_ journalID: Int) -> ServeNotice? {
        queue.sync { notices[journalID] }
    }

    /// Marks the notice of write `journalID` taken back.
    public func markUndone(_ journalID: Int) -> ServeNotice? {
        queue.sync {
            notices[journalID]?.undone = true
            return notices[journalID]
        }
    }

    /// Builds the site again when the day it was built for has ended in the site's time zone:
    /// asked by every request, so a serve whose wake-up came late (a machine that slept, a clock
    /// set forward) never answers with yesterday. Costs a clock read when the day has not turned;
    /// true when it built.
    @discardableResult
    public func turnTheDay() -> Bool {
        guard let end = dayEnds.value, clock() >= end, !stopping.isSet else { return false }
        return queue.sync { turnTheDayOnQueue() }
    }

    /// The built site as the server holds it: its pages rendered when first asked for (a write's
    /// rebuild renders the page it lands on, not all of them: issue 41); a page that cannot be
    /// rendered (a theme's template that fails on these values) is answered 500 with the error
    /// placed in the template, and said in the log.
    private func served(_ site: ServedBuild) -> MemorySite {
        let log = self.log
        let pages = site.files.deferred.mapValues { page in
            { @Sendable () -> Result<[UInt8], MemorySite.PageFailure> in
                page.bytes.mapError { error in
                    let message = site.describe(error)
                    log(message + "\n")
                    return MemorySite.PageFailure(message)
                }
            }
        }
        return MemorySite(files: site.files.files, pages: pages)
    }

    // MARK: - On the queue

    private func turnTheDayOnQueue() -> Bool {
        guard let end = dayEnds.value, clock() >= end else { return false }
        return rebuild(first: false)
    }

    /// Sets the wake-up for the end of the served day, unless it is set already.
    private func wakeAtTheEndOfTheDay() {
        guard let end = dayEnds.value, end != wakeSetFor else { return }
        wakeSetFor = end
        // A little after, so the clock read then is past the end even if the timer is early.
        let seconds = max(0, end.timeIntervalSince(clock())) + 0.05
        wake(seconds) { [weak self] in
            guard let self, !self.stopping.isSet else { return }
            self.queue.sync {
                if self.wakeSetFor == end { self.wakeSetFor = nil }
                // Woken early (the clock was set back): set it again.
                if !self.turnTheDayOnQueue() { self.wakeAtTheEndOfTheDay() }
            }
        }
    }

    /// Rebuilds when a watched file changed since the last look: what the watch does every
    /// interval, here for a caller that wants it now (tests). True when it built.
    @discardableResult
    public func lookForChanges() -> Bool {
        queue.sync { rebuildIfChanged() }
    }

    private func rebuildIfChanged() -> Bool {
        let now = SiteWatch.fingerprint(of: options)
        guard now != seen else { return false }
        return rebuild(first: false, seeing: now)
    }

    /// Builds the site and serves it when it built. The data folder is looked at before the build
    /// reads it, so a change made during the build is seen by the next look.
    @discardableResult
    private func rebuild(first: Bool, seeing fingerprint: SiteWatch.Fingerprint? = nil) -> Bool {
        seen = fingerprint ?? SiteWatch.fingerprint(of: options)
        caughtUp = writes
        rebuilds += 1
        var options = self.options
        options.serve = forms
        options.memo = memo
        let started = ContinuousClock.now
        let (report, site) = SiteBuild(options: options).serve()
        // The day this build was for ends the served day, built or not: a failed build is not
        // tried again at every request, and the watch builds a fix.
        if self.options.today == nil, let zone = site?.timezone ?? built?.timezone {
            let day = report.today ?? SiteBuild.today(in: zone, at: clock())
            dayEnds.value = SiteBuild.end(of: day, in: zone)
            wakeAtTheEndOfTheDay()
        }
        for diagnostic in report.diagnostics { log(diagnostic.description + "\n") }
        let took = ContinuousClock.now - started
        let seconds = String(
            format: "%.2f", Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
        if let site {
            built = site
            publish(served(site))
            var line = "\(first ? "built" : "rebuilt") \(report.pageCount) pages in \(seconds) s"
            if timings {
                line +=
                    " ("
                    + report.timings.map { "\($0.step) \(String(format: "%.3f", $0.seconds))" }.joined(separator: ", ")
                    + ")"
            }
            log(line + "\n")
            return true
        }
        log(
            built == nil
                ? "sandjar: the build failed; fix the data and save, and it builds again\n"
                : "sandjar: the rebuild failed; still serving the last good site\n")
        return false
    }
}

/// When the served day ends: set on the owner's queue, read by any thread.
final class DayEnd: @unchecked Sendable {
    private let lock = NSLock()
    private var end: Date?

    var value: Date? {
        get { lock.withLock { end } }
        set { lock.withLock { end = newValue } }
    }
}

/// A flag one thread sets and others read.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    public init() {}

    public var isSet: Bool { lock.withLock { value } }

    public func set() { lock.withLock { value = true } }
}
