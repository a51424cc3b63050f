import SiteData

/// `_headers`, read by Netlify and Cloudflare Pages at the top of the folder they publish, so its
/// paths start there (`/subscriptions/calendar.ics`), whatever base_url says.
///
/// One rule per file that needs one, by exact path (a `*` inside a path is not read alike by
/// every host): the content type of every `.ics`, `.webmanifest` and `.json` file, and a short
/// cache for the pages and figures that change with every build and are read most often, each
/// language's top page, `data.json` and `widget.json`.
package enum HeadersFile {
    /// Five minutes: a widget polling `data.json` is cheap, and a new build shows soon.
    static let shortCache = "public, max-age=300"

    static let contentTypes = [
        "ics": "text/calendar; charset=utf-8",
        "webmanifest": "application/manifest+json",
        "json": "application/json",
    ]

    static func text(for site: SiteFiles, languageFolders: [String]) -> String {
        let tops = Set([""] + languageFolders.map { "\($0)/" })
        var out = "# Netlify and Cloudflare Pages: content types and a short cache. Written by sandjar.\n"
        for path in site.paths {
            var headers: [String] = []
            if let dot = path.lastIndex(of: "."), let type = contentTypes[String(path[path.index(after: dot)...])] {
                headers.append("Content-Type: \(type)")
            }
            let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
            let name = path.dropFirst(folder.count)
            if tops.contains(folder), ["index.html", "data.json", "widget.json"].contains(name) {
                headers.append("Cache-Control: \(shortCache)")
                if name == "index.html" { out += rule("/\(folder)", headers) }
            }
            if !headers.isEmpty { out += rule("/\(path)", headers) }
        }
        return out
    }

    private static func rule(_ path: String, _ headers: [String]) -> String {
        "\n\(path)\n" + headers.map { "  \($0)\n" }.joined()
    }
}
