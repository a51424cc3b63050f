/// The Content-Type for a file, from its extension; what browsers need to render a built site.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let plainText = "text/plain; charset=utf-8"
    /// Anything not listed: browsers download it rather than guess (and `nosniff` forbids guessing).
    static let unknown = "application/octet-stream"

    /// Lowercased extension to type. `.xml`, the Atom feed included, is `application/xml`, which
    /// browsers show as a tree instead of offering a download as they do for `application/atom+xml`.
    static let byExtension: [String: String] = [
        "html": html,
        "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "ics": "text/calendar; charset=utf-8",
        "txt": plainText,
        "csv": "text/csv; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "pdf": "application/pdf",
    ]

    /// The type for a file name such as "feed.xml"; a name without an extension (or only a leading
    /// dot, like ".htaccess") is `application/octet-stream`.
    static func of(fileNamed name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return unknown }
        let suffix = name[name.index(after: dot)...].lowercased()
        return byExtension[suffix] ?? unknown
    }
}
