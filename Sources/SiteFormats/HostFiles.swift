import Domain
import Foundation
import SiteData

/// The small files static hosts read beside the pages, so a site is published by copying the
/// folder: `.nojekyll` (GitHub Pages serves the folder as it is instead of running Jekyll on it),
/// `_headers` (Netlify, Cloudflare Pages) and `.htaccess` (Apache), with each language folder's
/// own `.htaccess` for its 404 page when several languages are built.
///
/// Added last, so `_headers` sees every file. A file the theme already put there (its own
/// `static/_headers`) is kept. `[publish] files = false` in site.toml leaves them all out.
package enum HostFiles {
    package static func add(to files: inout SiteFiles, site: SiteSettings) {
        guard site.writesHostFiles else { return }
        let path = sitePath(of: site.baseURL)
        let languages = site.languages.count > 1 ? site.languages.map(SiteSettings.folder(for:)) : []
        var made: [(path: String, text: String)] = [
            (".nojekyll", ""),
            ("_headers", HeadersFile.text(for: files, languageFolders: languages)),
            (".htaccess", HtaccessFile.top(sitePath: path, baseURLGiven: site.baseURL != nil)),
        ]
        for folder in languages {
            made.append(("\(folder)/.htaccess", HtaccessFile.language(notFound: "\(path)\(folder)/404.html")))
        }
        for file in made where !files.contains(file.path) { files.add(file.path, file.text) }
    }

    /// The URL path the site is served under, from `/` to its last `/`: base_url's path
    /// (`https://example.org/dash/` → `/dash/`), percent-encoded as a request names it; `/`
    /// without base_url.
    static func sitePath(of baseURL: String?) -> String {
        guard let baseURL, let scheme = baseURL.range(of: "://") else { return "/" }
        let rest = baseURL[scheme.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), rest[slash] == "/" else {
            return "/"
        }
        var path = String(rest[slash...].prefix { $0 != "?" && $0 != "#" })
        if !path.hasSuffix("/") { path += "/" }
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert("%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
    }
}
