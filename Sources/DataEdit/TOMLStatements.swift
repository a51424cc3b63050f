/// The statements of a valid TOML document by line — table headers and key/value pairs, with the
/// lines each spans — so an edit can land between lines without disturbing a byte of the rest.
///
/// A key/value pair ends on the line where its value is complete: a multi-line string or an
/// array written over several lines spans all of them. Comments and blank lines are not
/// statements. The scan trusts the document to be valid TOML (it has been parsed first).
struct TOMLStatements {
    struct Statement: Equatable {
        enum Kind: Equatable {
            case header
            case keyValue
        }

        var kind: Kind
        /// 1-based, as `SourceLocation` counts.
        var firstLine: Int
        var lastLine: Int
        /// Byte offset of the start of `firstLine` (its indent included).
        var start: Int
        /// Byte offset just past the line break that ends `lastLine` (the file's end when none).
        var end: Int
        /// Byte offset of the `#` of a comment after the statement on its last line, if any.
        var comment: Int?
        /// The blanks before the statement on its first line.
        var indent: [UInt8]
        /// The line break that ends `lastLine`: LF, CRLF, or none at the end of the file.
        var lineBreak: [UInt8]
    }

    private(set) var statements: [Statement] = []

    init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        statements = scanner.scan()
    }

    /// Where a document's bytes are, for the scan.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        static let lf = UInt8(ascii: "\n")
        static let cr = UInt8(ascii: "\r")

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func scan() -> [Statement] {
            var statements: [Statement] = []
            while index < bytes.count {
                let start = index
                while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
                let indent = Array(bytes[start..<index])
                guard let first = peek() else { break }
                switch first {
                case Scanner.lf, Scanner.cr:
                    skipLineBreak()
                case UInt8(ascii: "#"):
                    skipToLineEnd()
                    skipLineBreak()
                default:
                    let kind: Statement.Kind = first == UInt8(ascii: "[") ? .header : .keyValue
                    let firstLine = line
                    let comment = scanStatement()
                    let lastLine = line
                    let breakStart = index
                    skipLineBreak()
                    statements.append(
                        Statement(
                            kind: kind, firstLine: firstLine, lastLine: lastLine, start: start, end: index,
                            comment: comment, indent: indent, lineBreak: Array(bytes[breakStart..<index])))
                }
            }
            return statements
        }

        /// Past the line break at `index`, if there is one.
        mutating func skipLineBreak() {
            if peek() == Scanner.cr && peek(1) == Scanner.lf {
                index += 2
                line += 1
            } else if peek() == Scanner.lf {
                index += 1
                line += 1
            } else if peek() == Scanner.cr {
                index += 1  // a lone CR is not a TOML line break; step over it
            }
        }

        mutating func skipToLineEnd() {
            while let byte = peek(), byte != Scanner.lf, !(byte == Scanner.cr && peek(1) == Scanner.lf) { index += 1 }
        }

        /// To the line break that ends the statement: outside strings and brackets. Returns where a
        /// comment after the statement starts, if one does.
        mutating func scanStatement() -> Int? {
            var depth = 0
            var comment: Int?
            while let byte = peek() {
                if byte == Scanner.lf || (byte == Scanner.cr && peek(1) == Scanner.lf) {
                    if depth <= 0 { return comment }
                    skipLineBreak()
                    continue
                }
                switch byte {
                case UInt8(ascii: "#"):
                    if depth <= 0 { comment = index }
                    skipToLineEnd()
                    continue
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    scanString(quote: byte)
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
                index += 1
            }
            return comment
        }

        /// Past a basic or literal string, single- or multi-line, starting at its opening quote.
        mutating func scanString(quote: UInt8) {
            let basic = quote == UInt8(ascii: "\"")
            let multiline = peek(1) == quote && peek(2) == quote
            index += multiline ? 3 : 1
            while let byte = peek() {
                if basic && byte == UInt8(ascii: "\\") {
                    index += 1
                    if peek() == Scanner.lf { line += 1 }
                    index += 1
                    continue
                }
                if byte == Scanner.lf {
                    guard multiline else { return }  // not valid TOML; end the string here
                    line += 1
                } else if byte == quote {
                    if !multiline {
                        index += 1
                        return
                    }
                    if peek(1) == quote && peek(2) == quote {
                        index += 3
                        // Up to two more quotes belong to the string: """a"""" is `a"`.
                        var extra = 0
                        while extra < 2 && peek() == quote {
                            index += 1
                            extra += 1
                        }
                        return
                    }
                }
                index += 1
            }
        }
    }
}
