/// A built site held in memory, so `serve` can answer from a fresh build at once, without writing
/// it to a folder first and without a request ever meeting a half-written one.
public struct MemorySite: Sendable {
    private let files: [String: [UInt8]]
    /// Pages made when first asked for: their bytes, or the message of why they could not be.
    private let pages: [String: @Sendable () -> Result<[UInt8], PageFailure>]
    /// Every folder some file lies in ("goals", "goals/bike"), found once, so telling `/goals` (a
    /// folder: redirect) from a missing file costs one set lookup per request.
    private let folders: Set<String>

    /// Why a page could not be made: said in the 500 answer's body.
    public struct PageFailure: Error, Sendable {
        public let message: String

        public init(_ message: String) { self.message = message }
    }

    /// - Parameters:
    ///   - files: each file's bytes by its path in the site, relative and `/`-separated
    ///     (`goals/bike/index.html`), as the build wrote them: nothing here checks or cleans them.
    ///   - pages: pages made when a request first asks for them (keeping them is theirs to do).
    public init(
        files: [String: [UInt8]], pages: [String: @Sendable () -> Result<[UInt8], PageFailure>] = [:]
    ) {
        var folders: Set<String> = []
        for path in Array(files.keys) + Array(pages.keys) {
            var rest = path[...]
            // Deepest first; a folder already known has its parents known too.
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                guard folders.insert(String(rest)).inserted else { break }
            }
        }
        self.files = files
        self.pages = pages
        self.folders = folders
    }

    /// The bytes of the file at exactly `path` (`goals/index.html`), a page made now; nil when
    /// there is none or it could not be made. No index or redirect rules: those are for requests.
    public func file(_ path: String) -> [UInt8]? {
        files[path] ?? (try? pages[path]?().get())
    }
}

extension MemorySite: SiteContents {
    /// The folder's rules (`SiteFolder.lookup`), over paths instead of a file system.
    func lookup(_ target: RequestTarget) -> SiteLookup {
        let path = target.names.joined(separator: "/")
        if target.endsWithSlash {
            return found(path.isEmpty ? "index.html" : path + "/index.html")
        }
        if files[path] != nil || pages[path] != nil { return found(path) }
        if folders.contains(path) { return .redirect(target.path + "/" + target.query) }
        return .notFound
    }

    func notFoundPage() -> HTTPResponse.Body? {
        file("404.html").map(HTTPResponse.Body.bytes)
    }

    private func found(_ path: String) -> SiteLookup {
        let bytes: [UInt8]
        if let file = files[path] {
            bytes = file
        } else if let page = pages[path] {
            switch page() {
            case .success(let made): bytes = made
            case .failure(let failure): return .failed(failure.message)
            }
        } else {
            return .notFound
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return .file(contentType: ContentType.of(fileNamed: name), body: .bytes(bytes))
    }
}
