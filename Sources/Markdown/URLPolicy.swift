import Basics

/// Which URLs may become links in the generated site.
///
/// Absolute URLs must be http, https or mailto; a relative URL (no scheme) stays, so pages can
/// link to each other under any sub-path. Anything else — `javascript:`, `data:`, `vbscript:`,
/// `file:` — is refused.
public enum URLPolicy {
    public static func isAllowedLink(_ url: String) -> Bool {
        guard let scheme = scheme(of: url) else { return true }
        return ["http", "https", "mailto"].contains(scheme)
    }

    /// True for an absolute http(s) URL with a host, as `unsubscribe` and `base_url` need. A URL
    /// never holds a control character (RFC 3986 has none), and `base_url` is written as it is
    /// into `robots.txt`, so one written as a TOML escape makes it no URL.
    public static func isWebURL(_ url: String) -> Bool {
        guard let scheme = scheme(of: url), scheme == "http" || scheme == "https" else { return false }
        let rest = url.drop(while: { $0 != ":" }).dropFirst()
        guard rest.hasPrefix("//") else { return false }
        let host = rest.dropFirst(2).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        return !host.isEmpty && !url.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
            && !ControlCharacters.occur(in: url)
    }

    /// The lower-cased scheme, or nil for a relative URL. Control characters and whitespace that
    /// browsers strip before the colon are ignored, so `java\tscript:` is still seen as a scheme.
    static func scheme(of url: String) -> String? {
        // Bytes: a scheme is ASCII, and any byte of a non-ASCII scalar (0x80 and up) ends it.
        var letters: [UInt8] = []
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return letters.isEmpty ? nil : String(decoding: letters, as: UTF8.self) }
            if byte < 0x21 { continue }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"),
                UInt8(ascii: "-"), UInt8(ascii: "."):
                letters.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                letters.append(byte + 0x20)
            default:
                return nil
            }
        }
        return nil
    }
}
