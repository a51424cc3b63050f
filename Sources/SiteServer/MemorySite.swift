/// A built site held in memory, so `serve` can answer from a fresh build at once, without writing
/// it to a folder first and without a request ever meeting a half-written one.
public struct MemorySite: Sendable {
    private let files: [String: [UInt8]]
    /// Every folder some file lies in ("goals", "goals/bike"), found once, so telling `/goals` (a
    /// folder: redirect) from a missing file costs one set lookup per request.
    private let folders: Set<String>

    /// - Parameter files: each file's bytes by its path in the site, relative and `/`-separated
    ///   (`goals/bike/index.html`), as the build wrote them: nothing here checks or cleans them.
    public init(files: [String: [UInt8]]) {
        var folders: Set<String> = []
        for path in files.keys {
            var rest = path[...]
            // Deepest first; a folder already known has its parents known too.
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                guard folders.insert(String(rest)).inserted else { break }
            }
        }
        self.files = files
        self.folders = folders
    }

    /// The bytes of the file at exactly `path` (`goals/index.html`); nil when there is none. No
    /// index or redirect rules: those are for requests.
    public func file(_ path: String) -> [UInt8]? {
        files[path]
    }
}

extension MemorySite: SiteContents {
    /// The folder's rules (`SiteFolder.lookup`), over paths instead of a file system.
    func lookup(_ target: RequestTarget) -> SiteLookup {
        let path = target.names.joined(separator: "/")
        if target.endsWithSlash {
            return found(path.isEmpty ? "index.html" : path + "/index.html")
        }
        if files[path] != nil { return found(path) }
        if folders.contains(path) { return .redirect(target.path + "/" + target.query) }
        return .notFound
    }

    func notFoundPage() -> HTTPResponse.Body? {
        files["404.html"].map(HTTPResponse.Body.bytes)
    }

    private func found(_ path: String) -> SiteLookup {
        guard let bytes = files[path] else { return .notFound }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return .file(contentType: ContentType.of(fileNamed: name), body: .bytes(bytes))
    }
}
