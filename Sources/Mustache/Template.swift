/// One parsed template: its source (kept for error messages) and its tree.
///
/// Parsing happens once in `MustacheLibrary.init`; rendering only walks
/// `nodes`, so a theme rendered for thousands of pages pays for parsing once.
struct Template: Sendable {
    let name: String
    let source: String
    let nodes: [Node]
}

/// A piece of a parsed template.
///
/// Tags keep the byte offset of their opening delimiter; line and column are
/// only computed from it when an error is reported.
enum Node: Sendable {
    /// Literal text, already split after each line ending so that rendering
    /// can indent lines (for standalone partials) without scanning bytes.
    case text([TextLine])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(Name, escaped: Bool, offset: Int)
    /// `{{#name}}…{{/name}}` or, when `inverted`, `{{^name}}…{{/name}}`.
    case section(Name, inverted: Bool, body: [Node], placement: Placement, offset: Int)
    /// `{{>name}}`.
    case partial(String, placement: Placement, offset: Int)
    /// `{{<name}}…{{/name}}` with the blocks it passes to the parent.
    case parent(String, arguments: [String: Body], placement: Placement, offset: Int)
    /// `{{$name}}…{{/name}}` outside a parent tag: a place that a child
    /// template may fill; `body` is the default content.
    case block(String, body: Body, placement: Placement, offset: Int)
}

/// Block content together with the template it was written in, because a
/// block passed to a parent renders inside the parent but its errors belong
/// to the child.
struct Body: Sendable {
    let nodes: [Node]
    let template: String
}

/// How a tag sits on its line, which decides indentation when rendering.
enum Placement: Sendable, Equatable {
    /// Shares its line with other content: nothing is removed or added.
    case inline
    /// Alone on its line: the line was removed from the output.
    case standalone
    /// Alone on its line (or a block pair is): every line the tag expands to
    /// is indented by this whitespace, on top of any enclosing indentation.
    case indented(String)
}

/// One line (or the unterminated end) of literal text.
struct TextLine: Sendable {
    let text: String
    /// The text ends with a line ending, so whatever follows starts a line.
    let endsLine: Bool
    /// The text is only a line ending; empty lines are never indented.
    let isBlank: Bool

    /// Splits UTF-8 text after each `\n`.
    static func split(_ bytes: [UInt8]) -> [TextLine] {
        var lines: [TextLine] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(TextLine(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(TextLine(bytes[start...])) }
        return lines
    }

    private init(_ bytes: ArraySlice<UInt8>) {
        text = String(decoding: bytes, as: UTF8.self)
        endsLine = bytes.last == 0x0A
        isBlank = bytes.elementsEqual([0x0A]) || bytes.elementsEqual([0x0D, 0x0A])
    }
}

/// A tag's name, split on dots once at parse time.
struct Name: Sendable {
    /// The name as written, for error messages.
    let text: String
    /// The dotted parts; empty for the implicit iterator `.`.
    let parts: [String]

    init(_ text: String) {
        self.text = text
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
