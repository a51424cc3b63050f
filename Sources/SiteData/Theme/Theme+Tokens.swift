import Foundation
import TOML

extension Theme {
    static let tokenGroups = ["space", "radius", "shadow", "motion", "color", "type"]

    /// `tokens.toml` as CSS custom properties (`--space-m`, `--color-accent`…): light colours in
    /// `:root`, dark ones under `screen and (prefers-color-scheme: dark)`, for `print`
    /// `[color.print]`'s over the light ones and no motion, and motion set to none under
    /// `prefers-reduced-motion`. Then the theme's `static/style.css`, which uses only the tokens,
    /// without its comments.
    static func loadStylesheet(_ folder: DataFolder, log: DiagnosticLog) -> String? {
        guard case .success(let file) = folder.read("tokens.toml") else {
            log.add(Diagnostic(.error, path: folder.displayPath("tokens.toml"), message: "design tokens are missing"))
            return nil
        }
        let table: TOMLTable
        do { table = try TOMLParser.parse(file.bytes) } catch {
            log.add(file.finding(for: error))
            return nil
        }
        var light: [String] = []
        var dark: [String] = []
        var paper: [String] = []
        var reduced: [String] = []
        for group in table.keys {
            guard tokenGroups.contains(group) else {
                log.add(
                    file.diagnostic(
                        .error, at: table.keyLocation(group),
                        "unknown token group '\(group)'; expected one of \(tokenGroups.joined(separator: ", "))"))
                continue
            }
            guard case .table(let tokens)? = table[group]?.kind else { continue }
            if group == "color" {
                for scheme in ["light", "dark", "print"] {
                    guard case .table(let colors)? = tokens[scheme]?.kind else {
                        // [color.print] is optional: without it a page prints in the light colours.
                        guard scheme != "print" else { continue }
                        log.add(
                            file.diagnostic(
                                .error, at: tokens.keyLocation(scheme) ?? table.keyLocation(group),
                                "color tokens need [color.light] and [color.dark]"))
                        continue
                    }
                    for name in colors.keys {
                        guard let css = cssValue(colors[name], file: file, log: log) else { continue }
                        let line = "  --color-\(name): \(css);"
                        switch scheme {
                        case "light": light.append(line)
                        case "dark": dark.append(line)
                        default: paper.append(line)
                        }
                    }
                }
                continue
            }
            for name in tokens.keys {
                guard let css = cssValue(tokens[name], file: file, log: log) else { continue }
                light.append("  --\(group)-\(name): \(css);")
                if group == "motion" { reduced.append("  --\(group)-\(name): 0s;") }
            }
        }
        guard case .success(let style) = folder.read("static/style.css") else {
            log.add(Diagnostic(.error, path: folder.displayPath("static/style.css"), message: "stylesheet is missing"))
            return nil
        }
        var css = "/* Generated from tokens.toml and static/style.css by sandjar; the notes are in the theme. */\n"
        css += ":root {\n\(light.joined(separator: "\n"))\n}\n"
        css +=
            "@media screen and (prefers-color-scheme: dark) {\n  :root {\n\(dark.map { "  " + $0 }.joined(separator: "\n"))\n  }\n}\n"
        // Printing: the dark colours are for screens only, so paper gets the light ones, with
        // [color.print]'s over them, and no motion.
        let printed = paper + reduced
        css += "@media print {\n  :root {\n\(printed.map { "  " + $0 }.joined(separator: "\n"))\n  }\n}\n"
        css +=
            "@media (prefers-reduced-motion: reduce) {\n  :root {\n\(reduced.map { "  " + $0 }.joined(separator: "\n"))\n  }\n}\n\n"
        return css + CSSComments.strip(String(decoding: style.bytes, as: UTF8.self))
    }

    /// A token value: a string with no characters that could end the declaration or the rule.
    private static func cssValue(_ value: TOMLValue?, file: SourceFile, log: DiagnosticLog) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value.kind, !text.isEmpty,
            !text.contains(where: { ";{}<>\\\n".contains($0) })
        else {
            log.add(
                file.diagnostic(
                    .error, at: value.location, "a token must be a CSS value in a string, without ; { } < > or \\"))
            return nil
        }
        return text
    }
}

extension Theme {
    /// The light value of the colour token `name` (`bg`, `accent`) as the stylesheet gives it, for
    /// files outside CSS that need a colour (the web app manifest); nil when there is none.
    package func lightColor(_ name: String) -> String? { token("--color-\(name)") }

    /// The dark value of the colour token `name`, from the `prefers-color-scheme: dark` block;
    /// the light one when the theme gives no dark one.
    package func darkColor(_ name: String) -> String? {
        token("--color-\(name)", in: "@media screen and (prefers-color-scheme: dark)") ?? lightColor(name)
    }

    /// A token's value as the stylesheet gives it in `:root` (`--type-body`), or in the `@media`
    /// block that starts with `block`.
    package func token(_ property: String, in block: String? = nil) -> String? {
        let found: TokenBlock?
        if let block {
            found = tokenBlocks.first { $0.header?.hasPrefix(block) == true }
        } else {
            found = tokenBlocks.first { $0.header == nil }
        }
        return found?.values[property]
    }

}

/// The custom properties one block of the stylesheet declares, a line each (`  --color-bg: #fff;`):
/// what comes before the first `@media` line (`:root`, header nil), then each `@media` line and
/// what follows it up to the next. A property declared twice in a block has its first value.
struct TokenBlock: Sendable {
    let header: String?
    var values: [String: String] = [:]

    static func read(_ stylesheet: String) -> [TokenBlock] {
        var blocks = [TokenBlock(header: nil)]
        for line in stylesheet.split(separator: "\n") {
            if line.hasPrefix("@media") {
                blocks.append(TokenBlock(header: String(line)))
                continue
            }
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("--"), text.hasSuffix(";"), let colon = text.firstIndex(of: ":") else { continue }
            let name = String(text[..<colon])
            let value = text[text.index(after: colon)...].dropLast().trimmingCharacters(in: .whitespaces)
            if blocks[blocks.count - 1].values[name] == nil { blocks[blocks.count - 1].values[name] = value }
        }
        return blocks
    }
}
