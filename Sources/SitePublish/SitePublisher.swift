import Basics
import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a built site so that the published folder is always a whole site: the new one is
/// written into a hidden sibling folder, then swapped in with one atomic `renameat2(RENAME_EXCHANGE)`
/// (or a plain rename when there was no site yet). A build killed at any moment leaves the previous
/// site whole; a leftover sibling from a killed build is removed by the next one.
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
        if let kind = try? fm.attributesOfItem(atPath: path)[.type] as? FileAttributeType, kind == .typeSymbolicLink {
            return "'\(path)' is a symlink; point --out at a real folder"
        }
        let entries = (try? fm.contentsOfDirectory(atPath: path)) ?? []
        if entries.isEmpty || entries.contains(SitePublisher.marker) { return nil }
        return
            "'\(path)' is not empty and was not written by sandjar (no \(SitePublisher.marker) marker); refusing to replace it"
    }

    /// The home folder as `HOME` names it (cron, sudo and containers set it) and as the user
    /// database does, symlinks resolved: neither is ever an output, even when empty.
    static func homeFolders() -> [String] {
        let named: [String?] = [
            ProcessInfo.processInfo.environment["HOME"], FileManager.default.homeDirectoryForCurrentUser.path,
        ]
        return named.compactMap { path in
            guard let path, !path.isEmpty else { return nil }
            return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
    }

    /// Writes `site` and swaps it in, with what the old site held that sandjar did not write.
    /// Throws a readable message; on any failure the previous site is untouched and the staging
    /// folder is removed.
    @discardableResult
    public func publish(_ site: SiteFiles) throws(PublishError) -> Published {
        if let why = refusal() { throw PublishError(message: why) }
        removeLeftovers()
        let markerPath = output.appendingPathComponent(SitePublisher.marker).path
        let marked = FileManager.default.fileExists(atPath: markerPath)
        let previousMarker =
            marked ? SiteMarker(text: (try? String(contentsOfFile: markerPath, encoding: .utf8)) ?? "") : nil
        var files = site.files
        let foreign =
            try previousMarker.map { (marker) throws(PublishError) in
                try ForeignEntries.find(
                    in: output.path, marker: marker, newFiles: Set(files.keys).union([SitePublisher.marker]))
            } ?? ForeignEntries(paths: [])
        files[SitePublisher.marker] = Array(SiteMarker(written: Set(files.keys), kept: Set(foreign.paths)).text.utf8)
        let named = previousMarker?.kept ?? []
        let fresh = ForeignEntries(paths: foreign.paths.filter { !named.contains($0) })
        let staging = parent.appendingPathComponent(stagingPrefix + String(getpid()))
        _ = SitePublisher.removeTree(staging.path)
        // The folder the new site replaces (a marked site or an empty folder) hands on its mode,
        // owner and group; a first build keeps what the umask gives.
        let previous = FolderAccess.of(output.path)
        do throws(PublishError) {
            guard mkdir(staging.path, 0o777) == 0, let made = FolderAccess.of(staging.path) else {
                throw cannotWrite(POSIXFailure(code: errno))
            }
            let access = try previous?.apply(to: staging.path, replacing: output.path) ?? made
            do {
                try SitePublisher.store(
                    files, into: staging.path, access: access, reusing: marked ? output.path : nil, keeping: foreign)
            } catch {
                throw cannotWrite(error)
            }
        } catch {
            _ = SitePublisher.removeTree(staging.path)
            throw error
        }
        try swapIn(staging)
        return Published(newlyKept: fresh.paths.isEmpty ? nil : fresh.listed(in: output.path))
    }

    private func cannotWrite(_ error: Error) -> PublishError {
        PublishError(message: "cannot write the new site next to \(output.path): \(SitePublisher.describe(error))")
    }

    /// Writes `files` (relative path → bytes) under `folder`: every folder first, in order, then
    /// the files on every core at once, then one `syncfs` that puts them all on the disk before
    /// the swap, so the swapped-in site is whole even after a power cut.
    ///
    /// A file whose bytes equal those of the same path in `previous` (the published site, written
    /// by an earlier build) is hard-linked from there instead of written, so a nightly rebuild
    /// only writes what changed, an unchanged file keeps its modification time, and removing the
    /// previous site frees nothing the new one still uses.
    ///
    /// What the previous site holds that sandjar did not write (`foreign`) is carried over from
    /// `previous` once the site's own files are in, before the folders get their final modes.
    static func store(
        _ files: [String: [UInt8]], into folder: String, access: FolderAccess, reusing previous: String?,
        keeping foreign: ForeignEntries = ForeignEntries(paths: [])
    ) throws(POSIXFailure) {
        let paths = files.keys.sorted()
        var folders = Set<Substring>()
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(path[..<slash]).inserted else { break }
                end = slash
            }
        }
        // Every folder like the site's own folder: its permissions, setgid, owner and group.
        for relative in folders.sorted() {
            let path = folder + "/" + relative
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw POSIXFailure(code: errno) }
            if access.needsChown, chown(path, access.owner, access.group) != 0 { throw POSIXFailure(code: errno) }
            if chmod(path, access.subfolderMode | FolderAccess.writing) != 0 { throw POSIXFailure(code: errno) }
        }
        // Files are reused only from real folders of the previous site, never through a symlink.
        var realFolders: Set<Substring> = [""]
        if let previous {
            for relative in folders.sorted() {
                let parent = relative.lastIndex(of: "/").map { relative[..<$0] } ?? ""
                var status = stat()
                if realFolders.contains(parent), lstat(previous + "/" + relative, &status) == 0,
                    status.st_mode & S_IFMT == S_IFDIR
                {
                    realFolders.insert(relative)
                }
            }
        }
        let reusable = realFolders
        let failures = Slots<Int32>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let bytes = files[path]!
            let parent = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            if let previous, reusable.contains(parent),
                linkIfEqual(previous + "/" + path, as: folder + "/" + path, bytes: bytes, access: access)
            {
                return
            }
            failures[index] = writeFile(folder + "/" + path, bytes, access: access)
        }
        for index in paths.indices {
            if let code = failures.take(index) { throw POSIXFailure(code: code) }
        }
        if let previous { try foreign.carry(from: previous, into: folder) }
        // The folders' own modes, innermost first, now that nothing more is written into them.
        if access.subfolderMode | FolderAccess.writing != access.subfolderMode {
            for relative in folders.sorted(by: >) where chmod(folder + "/" + relative, access.subfolderMode) != 0 {
                throw POSIXFailure(code: errno)
            }
        }
        if chmod(folder, access.mode) != 0 { throw POSIXFailure(code: errno) }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(code: errno) }
        defer { close(descriptor) }
        if !flush(descriptor) { throw POSIXFailure(code: errno) }
    }

    /// Hard-links `old` as `new` when `old` is a regular file, linked nowhere else, with the mode,
    /// owner and group a new file gets, holding exactly `bytes`; false (and nothing done) otherwise.
    private static func linkIfEqual(_ old: String, as new: String, bytes: [UInt8], access: FolderAccess) -> Bool {
        let descriptor = open(old, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
            status.st_uid == access.owner, status.st_gid == access.group,
            status.st_mode & 0o7777 == FolderAccess.fileMode, status.st_size == bytes.count,
            contents(of: descriptor, equal: bytes), link(old, new) == 0
        else { return false }
        // The name must lead to the file just compared, not to one put there meanwhile.
        var linked = stat()
        if lstat(new, &linked) == 0, linked.st_ino == status.st_ino, linked.st_dev == status.st_dev { return true }
        unlink(new)
        return false
    }

    /// Whether the rest of the open file holds exactly `bytes` (its size is known to match).
    private static func contents(of descriptor: Int32, equal bytes: [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while offset < bytes.count {
            let wanted = min(chunk.count, bytes.count - offset)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return false }
            let same = chunk.withUnsafeBytes { chunk in
                bytes.withUnsafeBytes { memcmp(chunk.baseAddress!, $0.baseAddress! + offset, got) == 0 }
            }
            guard same else { return false }
            offset += got
        }
        return true
    }

    /// Creates or truncates `path` and writes `bytes`, as a file of mode 0644 with the site's owner
    /// and group; nil, or the `errno` of the failure.
    private static func writeFile(_ path: String, _ bytes: [UInt8], access: FolderAccess) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, FolderAccess.fileMode)
        guard descriptor >= 0 else { return errno }
        // The umask may have taken bits away: the mode is set, after the owner and group.
        let owned = !access.needsChown || fchown(descriptor, access.owner, access.group) == 0
        if !owned || fchmod(descriptor, FolderAccess.fileMode) != 0 {
            let code = errno
            close(descriptor)
            return code
        }
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }

    private func swapIn(_ staging: URL) throws(PublishError) {
        let fm = FileManager.default
        let exists = fm.fileExists(atPath: output.path)
        if exists, (try? fm.contentsOfDirectory(atPath: output.path))?.isEmpty == true {
            // An empty folder: replace it by a plain rename over it.
            if rename(staging.path, output.path) == 0 { return }
        }
        if !exists {
            if rename(staging.path, output.path) == 0 { return }
            let why = String(cString: strerror(errno))
            _ = SitePublisher.removeTree(staging.path)
            throw PublishError(message: "cannot move the new site into \(output.path): \(why)")
        }
        if SitePublisher.exchange(staging.path, output.path) {
            // `staging` now holds the previous site.
            _ = SitePublisher.removeTree(staging.path)
            return
        }
        // No atomic exchange (an old kernel or file system): retire the old site by rename, then
        // move the new one in; the window between the two renames is two system calls long.
        let retired = parent.appendingPathComponent(retiredPrefix + String(getpid()))
        guard rename(output.path, retired.path) == 0 else {
            let why = String(cString: strerror(errno))
            _ = SitePublisher.removeTree(staging.path)
            throw PublishError(message: "cannot replace \(output.path): \(why)")
        }
        guard rename(staging.path, output.path) == 0 else {
            let why = String(cString: strerror(errno))
            _ = rename(retired.path, output.path)
            _ = SitePublisher.removeTree(staging.path)
            throw PublishError(message: "cannot move the new site into \(output.path): \(why)")
        }
        _ = SitePublisher.removeTree(retired.path)
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

    /// Removes `path` and everything in it, never following a symbolic link (one is removed, not
    /// what it points to); folders with many subfolders are emptied on every core at once. True
    /// when nothing is left.
    static func removeTree(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return true }
            return unlink(path) == 0 || errno == ENOENT
        }
        let emptied = empty(descriptor)
        close(descriptor)
        return emptied && (rmdir(path) == 0 || errno == ENOENT)
    }

    /// Removes everything in the open folder `descriptor`.
    private static func empty(_ descriptor: Int32) -> Bool {
        // A site published read-only (`chmod 2550`) is made writable again to be removed.
        _ = fchmod(descriptor, 0o700)
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return false
        }
        var found: [String] = []
        var removed = true
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            if type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) {
                found.append(name)
            } else if unlinkat(descriptor, name, 0) != 0, errno != ENOENT {
                removed = false
            }
        }
        closedir(stream)
        let folders = found
        let failures = Slots<Bool>(count: folders.count)
        let remove: @Sendable (Int) -> Void = { index in
            let name = folders[index]
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                // Not a folder after all (a DT_UNKNOWN file or link): remove the entry itself.
                if unlinkat(descriptor, name, 0) != 0, errno != ENOENT { failures[index] = true }
                return
            }
            let emptied = empty(child)
            close(child)
            if !emptied || (unlinkat(descriptor, name, AT_REMOVEDIR) != 0 && errno != ENOENT) { failures[index] = true }
        }
        if folders.count >= 8 {
            DispatchQueue.concurrentPerform(iterations: folders.count, execute: remove)
        } else {
            for index in folders.indices { remove(index) }
        }
        return removed && folders.indices.allSatisfy { failures[$0] == nil }
    }

    /// syncfs(2) on the file system holding `descriptor`, looked up at run time like `renameat2`;
    /// sync(2) where it is missing.
    static func flush(_ descriptor: Int32) -> Bool {
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else {
            sync()
            return true
        }
        return unsafeBitCast(symbol, to: SyncFS.self)(descriptor) == 0
    }

    /// The system's words for a failed write ("No space left on device"), not Foundation's
    /// "The operation could not be completed". Foundation on Linux keeps the cause as a Swift
    /// `POSIXError`, which `as? NSError` does not match, hence `as? Error` first.
    static func describe(_ error: Error) -> String {
        if let failure = error as? POSIXFailure { return failure.description }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let cause = underlying as NSError
            if cause.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(cause.code))) }
        }
        return ns.localizedDescription
    }
}

public struct PublishError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A failed system call while writing the site: its `errno`, described as `strerror` does.
struct POSIXFailure: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}
