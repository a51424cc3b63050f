/// `.htaccess`: what Apache needs to serve the site as built, for a folder whose `AllowOverride`
/// includes `FileInfo` (every directive here is of that class).
///
/// Content types by extension (Debian's Apache knows `.ics`, but not every Apache does, and few
/// know `.webmanifest`), and the site's own 404 page. `ErrorDocument` takes a path from the top of
/// the host, so it is base_url's path; without base_url the site is taken to be at the top.
package enum HtaccessFile {
    static func top(sitePath: String, baseURLGiven: Bool) -> String {
        var lines = [
            "# Apache: content types and the site's own 404 page. Written by sandjar; needs",
            "# AllowOverride FileInfo (or All) for this folder.",
            "AddType text/calendar .ics",
            "AddCharset utf-8 .ics",
            "AddType application/manifest+json .webmanifest",
            "AddType application/json .json",
        ]
        if !baseURLGiven {
            lines.append("# base_url is not set in site.toml, so the site is taken to be at the top of its host.")
        }
        lines.append("ErrorDocument 404 \(sitePath)404.html")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A language folder's: its own 404 page, in its language; the rest comes from the top.
    static func language(notFound: String) -> String {
        "# Apache: this language's own 404 page. Written by sandjar.\nErrorDocument 404 \(notFound)\n"
    }
}
