import SiteData

/// `sitemap.xml` (sitemaps.org 0.9): every HTML page of the site under `base_url`, sorted.
///
/// Sitemaps need absolute URLs, so a site without `base_url` gets none. Directory pages are
/// listed by their folder (`goals/`), the way they are linked. No `lastmod`: a nightly rebuild
/// would otherwise mark every page as changed every day.
package enum Sitemap {
    package static func xml(for site: SiteFiles, baseURL: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in site.paths where path.hasSuffix(".html") && path != "404.html" {
            let location = path == "index.html" ? "" : path.hasSuffix("/index.html") ? String(path.dropLast(10)) : path
            out += "  <url><loc>\(XMLText.escape(baseURL + location))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }
}
