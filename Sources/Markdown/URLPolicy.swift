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

    /// True for an absolute http(s) URL with a host, as `unsubscribe` and `base_url` need.
    public static func isWebURL(_ url: String) -> Bool {
        guard let scheme = scheme(of: url), scheme == "http" || scheme == "https" else { return false }
        let rest = url.drop(while: { $0 != ":" }).dropFirst()
        guard rest.hasPrefix("//") else { return false }
        let host = rest.dropFirst(2).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        return !host.isEmpty && !url.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
    }

    /// The lower-cased scheme, or nil for a relative URL. Control characters and whitespace that
    /// browsers strip before the colon are ignored, so `java\tscript:` is still seen as a scheme.
    static func scheme(of url: String) -> String? {
        var letters = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return letters.isEmpty ? nil : letters.lowercased() }
            if scalar.value < 0x21 { continue }
            let isSchemeChar =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
            if !isSchemeChar { return nil }
            letters.unicodeScalars.append(scalar)
        }
        return nil
    }
}
