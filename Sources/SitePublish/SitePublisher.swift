import Basics
import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a built site so that the published folder is always a whole site: the new one is
/// written into a hidden sibling folder, then swapped in with one atomic `renameat2(RENAME_EXCHANGE)`
/// (or a plain rename when there was no site yet). A build killed at any moment leaves the previous
/// site whole; a leftover sibling from a killed build is removed by the next one. The site a swap
/// replaces is kept as the spare, which the next build updates into its staging folder instead of
/// writing every folder and file again (`SitePublisher+Spare`); what each build published is
/// recorded beside the site, so that the next one reads and writes only what changed
/// (`SitePublisher+Records`, `SitePublisher+Store`).
///
/// It never deletes what it does not own: the output must be missing, empty, or hold the marker
/// file `.sandjar-site` that every sandjar build writes, which lists what that build wrote;
/// anything else in the old site is carried into the new one (`ForeignEntries`). The output may
/// not hold the data folder or the cache, which a swap would take away.
public struct SitePublisher {
    public static let marker = ".sandjar-site"

    public let output: URL
    /// Folders that must never end up inside the output: the data folder and the cache, by name.
    let guarded: [(what: String, path: String)]
    /// The calls that put the site on the disk (a test counts its barriers through them).
    var disk = DiskFlush.system

    /// - Parameters:
    ///   - data: the data folder, refused as an output or inside one.
    ///   - cache: the cache folder, likewise.
    public init(output: URL, data: String? = nil, cache: String? = nil) {
        self.output = output.standardizedFileURL
        var guarded: [(String, String)] = []
        if let data { guarded.append(("the data folder", data)) }
        if let cache { guarded.append(("the cache", cache)) }
        self.guarded = guarded
    }

    /// What a publish did beyond writing the site.
    public struct Published: Sendable, Equatable {
        /// Entries sandjar did not write that were kept and that no earlier build named
        /// (`.git/, CNAME`); nil when there are none.
        public var newlyKept: String?
    }

    var parent: URL { output.deletingLastPathComponent() }
    var name: String { output.lastPathComponent }
    var stagingPrefix: String { ".\(name).sandjar-new-" }
    var retiredPrefix: String { ".\(name).sandjar-old-" }

    /// Nil when sandjar may write to `output`; otherwise why not.
    public func refusal() -> String? {
        let path = output.path
        let fm = FileManager.default
        let resolved = output.resolvingSymlinksInPath().path
        if resolved == "/" || path == "/" { return "refusing to write the site to '/'" }
        if let home = SitePublisher.homeFolders().first(where: { $0 == resolved }) {
            return
                "refusing to write the site to the home folder \(home); give --out a folder of its own, such as \(home)/site"
        }
        for (what, folder) in guarded {
            if RealPath.isInside(folder, path) {
                return "refusing to write the site to '\(path)': it holds \(what) (\(folder)), which replacing "
                    + "the site would take away; give --out a folder of its own"
            }
        }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue {
            return "'\(path)' exists and is not a folder; give --out a new folder, an empty one or an earlier site"
        }
        // lstat, not Foundation's attributes, which look the owner's and group's names up.
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            return "'\(path)' is a symlink; point --out at a real folder"
        }
        // A marked site is one lstat; only an unmarked folder is listed, to see that it is empty.
        if lstat(path + "/" + SitePublisher.marker, &status) == 0 { return nil }
        if ((try? fm.contentsOfDirectory(atPath: path)) ?? []).isEmpty { return nil }
        return
            "'\(path)' is not empty and was not written by sandjar (no \(SitePublisher.marker) marker); refusing to replace it"
    }

    /// The home folder as `HOME` names it (cron, sudo and containers set it) and as the user
    /// database does, symlinks resolved: neither is ever an output, even when empty.
    static func homeFolders() -> [String] {
        let named: [String?] = [ProcessInfo.processInfo.environment["HOME"], userDatabaseHome]
        return named.compactMap { path in
            guard let path, !path.isEmpty else { return nil }
            return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
    }

    /// The home folder the user database names, looked up once: each build asks twice.
    private static let userDatabaseHome = FileManager.default.homeDirectoryForCurrentUser.path

    /// Writes `site` and swaps it in, with what the old site held that sandjar did not write.
    /// Throws a readable message, a `Diagnostic` for the caller to place at the output as the
    /// person named it; on any failure the previous site is untouched and the staging folder is
    /// removed.
    @discardableResult
    public func publish(_ site: SiteFiles) throws(Diagnostic) -> Published {
        precondition(site.deferred.isEmpty, "a site to publish has every page rendered")
        if let why = refusal() { throw Diagnostic(why) }
        removeLeftovers()
        var status = stat()
        let marked = lstat(output.appendingPathComponent(SitePublisher.marker).path, &status) == 0
        let previousMarker = marked ? SitePublisher.readMarker(in: output.path) ?? SiteMarker(text: "") : nil
        // What the last build recorded of the site and the spare, so that only what changed since
        // is read (`SiteRecords`).
        let recordsFile = marked ? readRecords() : nil
        var files = site.files
        let staging = parent.appendingPathComponent(stagingPrefix + String(getpid()))
        _ = SitePublisher.removeTree(staging.path)
        // The folder the new site replaces (a marked site or an empty folder) hands on its mode,
        // owner and group; a first build keeps what the umask gives.
        let previous = FolderAccess.of(output.path)
        // The spare is listed on another core while the old site is searched for what sandjar
        // did not write; of either, only what changed since its marker was written is read.
        let wanted = SitePublisher.folders(of: Array(files.keys))
        let spare =
            takeSpare(as: staging.path, besideMarkedSite: marked && previous != nil)
            ? Pending { [path = staging.path, records = recordsFile?.spare] in
                let recorded = records.map { RecordedFolders(site: path, records: $0) }
                return SiteTree(listing: path, recorded: recorded, wanted: wanted)
            } : nil
        let foreign: ForeignEntries
        do throws(Diagnostic) {
            foreign =
                try previousMarker.map { (marker) throws(Diagnostic) in
                    try ForeignEntries.find(
                        in: output.path, marker: marker, newFiles: Set(files.keys).union([SitePublisher.marker]),
                        recorded: recordsFile?.site.map { RecordedFolders(site: output.path, records: $0) })
                } ?? ForeignEntries(paths: [])
        } catch {
            // Nothing was changed: the spare is put back.
            if let spare {
                _ = spare.value
                keepAsSpare(staging.path)
            }
            throw error
        }
        files[SitePublisher.marker] = Array(SiteMarker(written: Set(files.keys), kept: Set(foreign.paths)).text.utf8)
        let named = previousMarker?.kept ?? []
        let fresh = ForeignEntries(paths: foreign.paths.filter { !named.contains($0) })
        let updating = spare != nil
        let recorded: SiteRecords
        do throws(Diagnostic) {
            guard updating || mkdir(staging.path, 0o777) == 0, let made = FolderAccess.of(staging.path) else {
                throw cannotWrite(POSIXError(code: errno))
            }
            let access = try previous?.apply(to: staging.path, replacing: output.path) ?? made
            do {
                recorded = try SitePublisher.store(
                    files, into: staging.path, access: access, reusing: marked ? output.path : nil,
                    records: recordsFile?.site?.files ?? [:], keeping: foreign, spare: spare?.value, disk: disk)
            } catch {
                throw cannotWrite(error)
            }
        } catch {
            _ = spare?.value  // not removed while it is still being listed
            _ = SitePublisher.removeTree(staging.path)
            throw error
        }
        // The replaced site becomes the spare, and its records go with it.
        let records = prepareRecords(site: recorded, spare: marked ? recordsFile?.siteLines : nil)
        do throws(Diagnostic) {
            try swapIn(staging, marked: marked)
        } catch {
            if let records { unlink(records) }
            throw error
        }
        if let records { keepRecords(records) }
        flushParent()
        return Published(newlyKept: fresh.paths.isEmpty ? nil : fresh.listed(in: output.path))
    }

    /// The marker in the site folder `site`, read in one go; nil when there is none to read.
    static func readMarker(in site: String) -> SiteMarker? {
        guard let data = FileManager.default.contents(atPath: site + "/" + SitePublisher.marker) else { return nil }
        return SiteMarker(text: String(decoding: data, as: UTF8.self))
    }

    private func cannotWrite(_ error: Error) -> Diagnostic {
        Diagnostic("cannot write the new site next to \(output.path): \(SitePublisher.describe(error))")
    }

    /// Swaps the written site in.
    private func swapIn(_ staging: URL, marked: Bool) throws(Diagnostic) {
        let fm = FileManager.default
        let exists = marked || fm.fileExists(atPath: output.path)
        if !marked, exists, (try? fm.contentsOfDirectory(atPath: output.path))?.isEmpty == true {
            // An empty folder: replace it by a plain rename over it.
            if rename(staging.path, output.path) == 0 { return }
        }
        if !exists {
            if rename(staging.path, output.path) == 0 { return }
            let why = String(cString: strerror(errno))
            _ = SitePublisher.removeTree(staging.path)
            throw Diagnostic("cannot move the new site into \(output.path): \(why)")
        }
        if SitePublisher.exchange(staging.path, output.path) {
            // `staging` now holds the previous site: the next build updates it.
            keepAsSpare(staging.path)
            return
        }
        // No atomic exchange (an old kernel or file system): retire the old site by rename, then
        // move the new one in; the window between the two renames is two system calls long.
        let retired = parent.appendingPathComponent(retiredPrefix + String(getpid()))
        guard rename(output.path, retired.path) == 0 else {
            let why = String(cString: strerror(errno))
            _ = SitePublisher.removeTree(staging.path)
            throw Diagnostic("cannot replace \(output.path): \(why)")
        }
        guard rename(staging.path, output.path) == 0 else {
            let why = String(cString: strerror(errno))
            _ = rename(retired.path, output.path)
            _ = SitePublisher.removeTree(staging.path)
            throw Diagnostic("cannot move the new site into \(output.path): \(why)")
        }
        keepAsSpare(retired.path)
    }

    /// The barrier after the swap: flushes the output's parent folder, which the swap changed, so
    /// that the new site is the one on the disk when the build says it is done. The site was whole
    /// on the disk before, either way; a failure here only means the previous one may come back
    /// after a crash.
    private func flushParent() {
        let descriptor = open(parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = disk.fsync(descriptor)
        close(descriptor)
    }

    /// Staging or retired folders left by a build that was killed. A build killed between the two
    /// renames of the fallback swap left no output, and the whole previous site retired: that is
    /// put back first, since it may hold what sandjar did not write.
    private func removeLeftovers() {
        let fm = FileManager.default
        guard var names = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        if !fm.fileExists(atPath: output.path),
            let retired = names.first(where: { $0.hasPrefix(retiredPrefix) }),
            rename(parent.appendingPathComponent(retired).path, output.path) == 0
        {
            names.removeAll { $0 == retired }
        }
        for name in names where name.hasPrefix(stagingPrefix) || name.hasPrefix(retiredPrefix) {
            _ = SitePublisher.removeTree(parent.appendingPathComponent(name).path)
        }
    }

    /// renameat2(…, RENAME_EXCHANGE), looked up at run time because Glibc's Swift overlay does not
    /// export it; false when unavailable or refused.
    static func exchange(_ a: String, _ b: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }

    /// The system's words for a failed write ("No space left on device"), not Foundation's
    /// "The operation could not be completed". Foundation on Linux keeps the cause as a Swift
    /// `POSIXError`, which `as? NSError` does not match, hence `as? Error` first.
    static func describe(_ error: Error) -> String {
        if let failure = error as? POSIXError { return String(cString: strerror(failure.code.rawValue)) }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let cause = underlying as NSError
            if cause.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(cause.code))) }
        }
        return ns.localizedDescription
    }
}

/// A failed system call while writing the site: its `errno`, as Foundation's error, which
/// `SitePublisher.describe` says as `strerror` does.
extension POSIXError {
    init(code: Int32) { self.init(POSIXErrorCode(rawValue: code) ?? .EIO) }

    /// The `errno` of the call that just failed.
    static var current: POSIXError { POSIXError(code: errno) }
}
