import Foundation

/// Where the server looks a request's path up: the built folder on disk or a site in memory,
/// under the same rules, so `serve` answers alike from either.
protocol SiteContents {
    /// `/goals/` is `goals/index.html`, `/` is `index.html`, and `/goals` (a folder) redirects to
    /// `/goals/`, keeping the query, so the page's relative links resolve against the folder.
    func lookup(_ target: RequestTarget) -> SiteLookup
    /// The site's own 404.html, for the body of every 404.
    func notFoundPage() -> HTTPResponse.Body?
}

/// What a checked path finds in the site.
enum SiteLookup {
    case file(contentType: String, body: HTTPResponse.Body)
    /// A folder asked for without its trailing slash: where to send the browser instead.
    case redirect(String)
    case notFound
    /// A page that could not be made (a served site's page rendered on request): why.
    case failed(String)
}

/// The site served now, as the server holds it; a request reads it once and looks everything up
/// in what it read, so it sees one site whole while `setRoot` or `serve` switches to another.
enum ServedSite: Sendable {
    case folder(URL)
    case memory(MemorySite)

    /// The contents to look paths up in; for a folder that resolves its real path, so call it
    /// without holding a lock.
    var contents: any SiteContents {
        switch self {
        case .folder(let root): return SiteFolder(root: root)
        case .memory(let site): return site
        }
    }
}
