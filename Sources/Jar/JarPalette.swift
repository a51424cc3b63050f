/// The colours of the jar's pictures, from the theme's design tokens.
///
/// The pictures are files shown through `<img>`, which the page's stylesheet cannot reach, so each
/// carries its own `<style>`: the `--color-jar-*` and `--color-coin-*` tokens as custom properties,
/// light ones first and dark ones under `prefers-color-scheme: dark`, and rules that paint the
/// glass and the coins with them. A theme that changes a token changes the jar; dark mode gets its
/// own glass.
public struct JarPalette: Equatable, Sendable {
    /// The custom properties, as CSS for the picture's `<style>`.
    public var css: String

    /// No colours: pictures for tests that look only at coordinates.
    public static let none = JarPalette(css: "")

    public init(css: String) {
        self.css = css
    }

    /// Picks the jar's and coins' colour tokens out of the theme's stylesheet, where the tokens
    /// stand as `--color-name: value;` lines: in `:root`, then again under
    /// `@media screen and (prefers-color-scheme: dark)`.
    public init(stylesheet: String) {
        var light: [String] = []
        var dark: [String] = []
        var inDark = false
        for line in stylesheet.split(separator: "\n") {
            if line.hasPrefix("@media"), line.contains("prefers-color-scheme: dark") {
                inDark = true
                continue
            }
            if inDark, line.hasPrefix("@media") { break }
            let text = String(line.drop { $0 == " " })
            guard text.hasPrefix("--color-jar-") || text.hasPrefix("--color-coin-"), text.hasSuffix(";") else {
                continue
            }
            if inDark { dark.append(text) } else { light.append(text) }
        }
        var css = "svg{" + light.joined() + "}"
        if !dark.isEmpty { css += "@media (prefers-color-scheme:dark){svg{" + dark.joined() + "}}" }
        self.css = css
    }
}
