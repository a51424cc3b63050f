/// A template that could not be parsed or rendered.
///
/// Every error points at a place in a named template so that a theme author
/// can jump straight to it; `description` prints the compiler-style form
///
///     page:3:14: error: unknown variable 'titel'
///       <h1>{{titel}}</h1>
///             ^
///
/// Errors that have no place in any source (asking to render a template that
/// does not exist) use line and column 0 and print only the first line.
public struct MustacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name of the template the error is in.
    public var template: String
    /// 1-based line of the offending tag (0 when the error has no position).
    public var line: Int
    /// 1-based column, counted in characters, of the tag's opening delimiter.
    public var column: Int
    /// What went wrong, in words, naming the tag or variable involved.
    public var message: String
    /// The whole source line, without its line ending, for a caret display.
    public var lineText: String

    public init(template: String, line: Int, column: Int, message: String, lineText: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
        self.lineText = lineText
    }

    public var description: String {
        guard line > 0 else { return "\(template): error: \(message)" }
        // Keep tabs in the padding so the caret lines up under tab-indented text.
        let padding = String(lineText.prefix(max(column - 1, 0)).map { $0 == "\t" ? "\t" : " " })
        return "\(template):\(line):\(column): error: \(message)\n\(lineText)\n\(padding)^"
    }
}

extension MustacheError {
    /// An error at a byte offset of a template's UTF-8 source; line, column
    /// and line text are worked out here, only when an error actually happens.
    init(template: String, source: String, offset: Int, message: String) {
        let bytes = Array(source.utf8)
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        self.init(
            template: template,
            line: line,
            column: before.count + 1,
            message: message,
            lineText: String(decoding: bytes[lineStart..<max(lineEnd, lineStart)], as: UTF8.self)
        )
    }
}
