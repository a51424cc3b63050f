/// The comments of a stylesheet, left out of the one a site ships (issue 25: every page's HTML and
/// CSS must stay under 100 KB, and the theme's notes belong to its source, not to each visitor).
enum CSSComments {
    /// `css` without its `/* … */` comments, quoted strings kept whole; a line that held only a
    /// comment goes with it.
    static func strip(_ css: String) -> String {
        var out = ""
        var quote: Character?
        var index = css.startIndex
        var removedOnLine = false
        while index < css.endIndex {
            let character = css[index]
            if let open = quote {
                out.append(character)
                if character == "\\", css.index(after: index) < css.endIndex {
                    index = css.index(after: index)
                    out.append(css[index])
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
                out.append(character)
            } else if character == "/", css[index...].hasPrefix("/*") {
                let end = css[css.index(index, offsetBy: 2)...].range(of: "*/")?.upperBound ?? css.endIndex
                removedOnLine = true
                index = end
                continue
            } else if character == "\n" {
                let line = out.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
                if removedOnLine, line.allSatisfy(\.isWhitespace) {
                    out.removeLast(line.count)
                } else {
                    out.append(character)
                }
                removedOnLine = false
            } else {
                out.append(character)
            }
            index = css.index(after: index)
        }
        return out
    }
}
