import Foundation

/// Finds raw values where a design token belongs — the breathing app's rule that every spacing,
/// radius, shadow, duration and colour comes from `tokens.toml`.
///
/// It reads CSS declarations (in stylesheets, `<style>` blocks and `style="…"` attributes of
/// templates) and flags a length in a spacing or radius property, a shadow, a time in a transition
/// or animation, or a literal colour, unless it sits inside `var(…)`. `0`, `auto`, `none`,
/// percentages and keywords are fine. Template placeholders (`{{…}}`) are not values and are
/// ignored.
enum TokenCheck {
    enum Kind: String {
        case spacing, radius, shadow, duration, colour

        var token: String {
            switch self {
            case .spacing: return "--space-*"
            case .radius: return "--radius-*"
            case .shadow: return "--shadow-*"
            case .duration: return "--motion-*"
            case .colour: return "--color-*"
            }
        }
    }

    static func kind(of property: String) -> Kind? {
        let p = property.lowercased()
        if p.hasPrefix("margin") || p.hasPrefix("padding") || ["gap", "row-gap", "column-gap"].contains(p) {
            return .spacing
        }
        if p.hasSuffix("radius") { return .radius }
        if p == "box-shadow" || p == "text-shadow" { return .shadow }
        if p.hasPrefix("transition") || p.hasPrefix("animation") { return .duration }
        if [
            "color", "background", "background-color", "border-color", "outline-color", "fill", "stroke",
            "caret-color", "accent-color", "text-decoration-color",
        ].contains(p) {
            return .colour
        }
        return nil
    }

    /// Findings for one CSS text; `firstLine` is the line the text starts on in its file.
    static func check(css: String, file: SourceFile, firstLine: Int = 1, firstColumn: Int = 1) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for declaration in declarations(in: css) {
            guard let kind = kind(of: declaration.property), let raw = rawValue(in: declaration.value, kind: kind)
            else { continue }
            let line = firstLine + declaration.line - 1
            let column = declaration.line == 1 ? firstColumn + declaration.column - 1 : declaration.column
            findings.append(
                file.diagnostic(
                    .error, at: .init(line: line, column: column),
                    "raw \(kind.rawValue) value '\(raw)' in '\(declaration.property)'; use a \(kind.token) token"))
        }
        return findings
    }

    /// The first raw value of `kind` outside `var(…)`, or nil.
    static func rawValue(in value: String, kind: Kind) -> String? {
        let outside = stripVars(value)
        let whole = NSRange(outside.startIndex..<outside.endIndex, in: outside)
        for pattern in patterns[kind] ?? [] {
            if let match = pattern.firstMatch(in: outside, range: whole), let range = Range(match.range, in: outside) {
                return String(outside[range])
            }
        }
        return nil
    }

    /// What a raw value of each kind looks like, compiled once: every build checks the theme's
    /// stylesheets and templates, hundreds of declarations.
    private static let patterns: [Kind: [NSRegularExpression]] = {
        let length = #"(?<![\w.-])-?\d*\.?\d+(px|rem|em|pt|vh|vw|ch|ex)\b"#
        let hex = #"#[0-9a-fA-F]{3,8}\b"#
        let sources: [Kind: [String]] = [
            .spacing: [length], .radius: [length],
            .shadow: [#"(?<![\w.-])-?\d*\.?\d+(px|rem|em)\b"#, hex, #"\b(rgba?|hsla?)\("#],
            .duration: [#"(?<![\w.-])\d*\.?\d+m?s\b"#],
            .colour: [hex, #"\b(rgba?|hsla?|hwb|lab|lch|oklch|oklab)\("#],
        ]
        return sources.mapValues { $0.map { try! NSRegularExpression(pattern: $0) } }
    }()

    /// The value with every `var(…)` (nested parentheses included) and `{{…}}` blanked out.
    static func stripVars(_ value: String) -> String {
        var out = ""
        var depth = 0
        var rest = Substring(value)
        while !rest.isEmpty {
            if depth == 0 && rest.hasPrefix("{{") {
                if let end = rest.range(of: "}}") {
                    rest = rest[end.upperBound...]
                    out += " "
                    continue
                }
            }
            if depth == 0 && rest.prefix(4).lowercased() == "var(" {
                depth = 1
                rest = rest.dropFirst(4)
                continue
            }
            let c = rest.removeFirst()
            if depth > 0 {
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                if depth == 0 { out += " " }
                continue
            }
            out.append(c)
        }
        return out
    }

    struct Declaration {
        var property: String
        var value: String
        var line: Int
        var column: Int
    }

    /// `property: value` pairs with the 1-based line and column of the property, comments skipped.
    static func declarations(in css: String) -> [Declaration] {
        var result: [Declaration] = []
        var line = 1
        var column = 1
        var current = ""
        var currentLine = 1
        var currentColumn = 1
        var inComment = false
        let chars = Array(css)
        var i = 0
        func flush() {
            let text = current
            current = ""
            guard let colon = text.firstIndex(of: ":") else { return }
            let property = text[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !property.isEmpty, property.allSatisfy({ $0.isLetter || $0 == "-" }) else { return }
            let value = String(text[text.index(after: colon)...])
            result.append(Declaration(property: property, value: value, line: currentLine, column: currentColumn))
        }
        while i < chars.count {
            let c = chars[i]
            if inComment {
                if c == "*" && i + 1 < chars.count && chars[i + 1] == "/" {
                    inComment = false
                    i += 1
                    column += 1
                }
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                inComment = true
            } else if c == ";" || c == "{" || c == "}" {
                if c == ";" || c == "}" { flush() } else { current = "" }
            } else {
                if current.allSatisfy(\.isWhitespace) && !c.isWhitespace {
                    current = ""
                    currentLine = line
                    currentColumn = column
                }
                current.append(c)
            }
            if c == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        flush()
        return result
    }
}

extension TokenCheck {
    /// Findings in a template's `<style>` blocks and `style="…"` attributes.
    static func check(template text: String, file: SourceFile) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let patterns = [#"<style[^>]*>([\s\S]*?)</style>"#, #"\bstyle\s*=\s*"([^"]*)""#, #"\bstyle\s*=\s*'([^']*)'"#]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                guard let inner = Range(match.range(at: 1), in: text) else { continue }
                let before = text[..<inner.lowerBound]
                let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                let column =
                    before.distance(
                        from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex,
                        to: before.endIndex) + 1
                var css = String(text[inner])
                if !pattern.hasPrefix("<style") { css = "x{" + css + "}" }
                let shift = pattern.hasPrefix("<style") ? 0 : 2
                findings += check(css: css, file: file, firstLine: line, firstColumn: column - shift)
            }
        }
        return findings
    }
}
