import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a built site so that the published folder is always a whole site: the new one is
/// written into a hidden sibling folder, then swapped in with one atomic `renameat2(RENAME_EXCHANGE)`
/// (or a plain rename when there was no site yet). A build killed at any moment leaves the previous
/// site whole; a leftover sibling from a killed build is removed by the next one.
///
/// It never deletes what it does not own: the output must be missing, empty, or hold the marker
/// file `.sandjar-site` that every sandjar build writes.
public struct SitePublisher {
    public static let marker = ".sandjar-site"
    static let markerText = "This folder is written by sandjar; it replaces everything in it on each build.\n"

    public let output: URL

    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    var parent: URL { output.deletingLastPathComponent() }
    var name: String { output.lastPathComponent }
    var stagingPrefix: String { ".\(name).sandjar-new-" }
    var retiredPrefix: String { ".\(name).sandjar-old-" }

    /// Nil when sandjar may write to `output`; otherwise why not.
    public func refusal() -> String? {
        let path = output.path
        let fm = FileManager.default
        let home = fm.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = output.resolvingSymlinksInPath().path
        if resolved == "/" || path == "/" { return "refusing to write the site to '/'" }
        if resolved == home { return "refusing to write the site to the home folder \(home)" }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue { return "'\(path)' exists and is not a folder" }
        if let kind = try? fm.attributesOfItem(atPath: path)[.type] as? FileAttributeType, kind == .typeSymbolicLink {
            return "'\(path)' is a symlink; point --out at a real folder"
        }
        let entries = (try? fm.contentsOfDirectory(atPath: path)) ?? []
        if entries.isEmpty || entries.contains(SitePublisher.marker) { return nil }
        return
            "'\(path)' is not empty and was not written by sandjar (no \(SitePublisher.marker) marker); refusing to replace it"
    }

    /// Writes `site` and swaps it in. Throws a readable message; on any failure the previous site
    /// is untouched and the staging folder is removed.
    public func publish(_ site: SiteFiles) throws(PublishError) {
        if let why = refusal() { throw PublishError(message: why) }
        removeLeftovers()
        let fm = FileManager.default
        let staging = parent.appendingPathComponent(stagingPrefix + String(getpid()))
        try? fm.removeItem(at: staging)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            for path in site.paths {
                let url = staging.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try writeFile(url, site[path]!)
            }
            try writeFile(staging.appendingPathComponent(SitePublisher.marker), Array(SitePublisher.markerText.utf8))
        } catch {
            try? fm.removeItem(at: staging)
            throw PublishError(
                message: "cannot write the new site next to \(output.path): \(SitePublisher.describe(error))")
        }
        try swapIn(staging)
    }

    private func writeFile(_ url: URL, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url)
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
            try? fm.removeItem(at: staging)
            throw PublishError(message: "cannot move the new site into \(output.path): \(why)")
        }
        if SitePublisher.exchange(staging.path, output.path) {
            // `staging` now holds the previous site.
            try? fm.removeItem(at: staging)
            return
        }
        // No atomic exchange (an old kernel or file system): retire the old site by rename, then
        // move the new one in; the window between the two renames is two system calls long.
        let retired = parent.appendingPathComponent(retiredPrefix + String(getpid()))
        guard rename(output.path, retired.path) == 0 else {
            let why = String(cString: strerror(errno))
            try? fm.removeItem(at: staging)
            throw PublishError(message: "cannot replace \(output.path): \(why)")
        }
        guard rename(staging.path, output.path) == 0 else {
            let why = String(cString: strerror(errno))
            _ = rename(retired.path, output.path)
            try? fm.removeItem(at: staging)
            throw PublishError(message: "cannot move the new site into \(output.path): \(why)")
        }
        try? fm.removeItem(at: retired)
    }

    /// Staging or retired folders left by a build that was killed.
    private func removeLeftovers() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(stagingPrefix) || name.hasPrefix(retiredPrefix) {
            try? fm.removeItem(at: parent.appendingPathComponent(name))
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

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}

public struct PublishError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
