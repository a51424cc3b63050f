import Foundation
import Mustache

/// The whole site in memory, path → bytes, before anything touches the disk.
///
/// Rendering only adds files here; `SitePublisher` writes them all or nothing. Paths are relative,
/// `/`-separated and checked on insertion, so no id can address a file outside the output.
///
/// A site `sandjar serve` holds may leave its pages to be rendered when first read (`deferred`):
/// a write's rebuild then renders the page the person lands on, not all of them (issue 41). A
/// site to publish has none (`SitePublisher` refuses one that has).
public struct SiteFiles: Sendable {
    public private(set) var files: [String: [UInt8]] = [:]
    /// Pages not rendered yet, by path: each renders once, when first read.
    public private(set) var deferred: [String: DeferredPage] = [:]

    public init() {}

    public mutating func add(_ path: String, _ text: String) {
        add(path, Array(text.utf8))
    }

    public mutating func add(_ path: String, _ bytes: [UInt8]) {
        precondition(SiteFiles.isSafeRelativePath(path), "unsafe output path \(path)")
        files[path] = bytes
        deferred[path] = nil
    }

    /// A page at `path` rendered when it is first read.
    public mutating func add(_ path: String, deferred page: DeferredPage) {
        precondition(SiteFiles.isSafeRelativePath(path), "unsafe output path \(path)")
        deferred[path] = page
        files[path] = nil
    }

    /// Every file of `other`, rendered or not, under `folder` (`zh-hans`), or as it is when
    /// `folder` is empty.
    public mutating func add(_ other: SiteFiles, under folder: String = "") {
        let prefix = folder.isEmpty ? "" : folder + "/"
        for (path, bytes) in other.files { add(prefix + path, bytes) }
        for (path, page) in other.deferred { add(prefix + path, deferred: page) }
    }

    /// Sorted, so writing and listing are deterministic.
    public var paths: [String] {
        deferred.isEmpty ? files.keys.sorted() : (Array(files.keys) + Array(deferred.keys)).sorted()
    }

    public var count: Int { files.count + deferred.count }

    /// Whether the site has a file at `path`, without rendering it.
    public func contains(_ path: String) -> Bool { files[path] != nil || deferred[path] != nil }

    /// The file's bytes, a deferred page rendered now (nil when it fails: `page(_:)` says why).
    public subscript(path: String) -> [UInt8]? {
        files[path] ?? (try? deferred[path]?.bytes.get())
    }

    /// The file at `path`, or the error that rendering it gave; nil when there is none.
    public func page(_ path: String) -> Result<[UInt8], MustacheError>? {
        files[path].map { .success($0) } ?? deferred[path]?.bytes
    }

    public func text(_ path: String) -> String? { self[path].map { String(decoding: $0, as: UTF8.self) } }

    /// The same site with every deferred page rendered; the first error, in path order, if one fails.
    public func rendered() throws(MustacheError) -> SiteFiles {
        var site = self
        for path in deferred.keys.sorted() { site.add(path, try deferred[path]!.bytes.get()) }
        return site
    }

    /// No empty, `.` or `..` segments, not absolute, no backslashes or NULs.
    package static func isSafeRelativePath(_ path: String) -> Bool {
        // Bytes, not Foundation's `contains`: every file of every build is added through here.
        let bytes = path.utf8
        guard let first = bytes.first, first != UInt8(ascii: "/"),
            !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0 })
        else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
        }
    }
}

/// A page of a served site, rendered the first time it is read and kept (`SiteFiles.deferred`).
/// Two readers at once may both render it; the first result is the one kept, and rendering
/// happens outside the lock.
public final class DeferredPage: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Result<[UInt8], MustacheError>?
    private let render: @Sendable () -> Result<[UInt8], MustacheError>

    public init(_ render: @escaping @Sendable () -> Result<[UInt8], MustacheError>) {
        self.render = render
    }

    /// The page's bytes, or why it could not be rendered.
    public var bytes: Result<[UInt8], MustacheError> {
        if let made = lock.withLock({ made }) { return made }
        let result = render()
        return lock.withLock {
            if made == nil { made = result }
            return made!
        }
    }

    /// Whether it has been rendered (for tests of what a rebuild renders).
    public var isRendered: Bool { lock.withLock { made != nil } }
}
