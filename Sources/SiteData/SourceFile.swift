import TOML

/// A data file's text and where it lives, so findings can quote the line they point at.
package struct SourceFile: Sendable {
    /// As shown in messages (`content/goals/bike.toml`).
    package let path: String
    package let bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    func lineText(_ line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\n") {
                if current == line { break }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line else { return nil }
        var end = index
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    package func diagnostic(_ severity: Diagnostic.Severity, at location: SourceLocation?, _ message: String)
        -> Diagnostic
    {
        guard let location else { return Diagnostic(severity, path: path, message: message) }
        return Diagnostic(
            severity, path: path, line: location.line, column: location.column,
            message: message, lineText: lineText(location.line))
    }
}
