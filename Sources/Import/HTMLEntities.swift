/// Wallos stores what a person types HTML-escaped (PHP's `htmlspecialchars`), and its export
/// writes it so: `Kids&#039; profile`, `Anna &amp; Tom`. `decoded` gives the text back as typed:
/// numeric references (`&#39;`, `&#x27;`) and the named ones such text holds. Anything else —
/// an unknown name, a reference to no character, a lone `&` — is left as it is.
enum HTMLEntities {
    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(12).firstIndex(of: ";"),
                let scalar = character(String(after[..<semicolon]))
            {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// The character `&name;` stands for (`name` without `&` and `;`).
    private static func character(_ name: String) -> Unicode.Scalar? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            // NUL and the surrogates stand for no character.
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return scalar
        }
        return named[name]
    }

    /// The named references text escaped by PHP, or typed into a form, holds.
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "euro": "€", "pound": "£",
        "yen": "¥", "cent": "¢", "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "middot": "·",
        "deg": "°", "times": "×", "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "ccedil": "ç",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "Uuml": "Ü", "Ouml": "Ö", "Auml": "Ä", "szlig": "ß", "ntilde": "ñ",
    ]
}
