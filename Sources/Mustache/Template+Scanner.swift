/// A template cut into lines of text pieces and tags, before the whitespace
/// rules run and before tags nest into a tree.
///
/// Mustache's whitespace rules ("standalone" tags vanish with their line,
/// standalone partials indent what they include, blocks re-indent) are all
/// about lines, so the scanner keeps the line structure instead of producing
/// a flat token stream.
struct ScannedTemplate {
    let name: String
    let source: String
    let bytes: [UInt8]
    var lines: [ScannedLine] = []
    var tags: [ScannedTag] = []
}

/// One source line: text pieces and tags up to a line ending that is not
/// inside a tag (a multi-line comment stays on the line it starts on).
struct ScannedLine {
    var start: Int
    var items: [ScannedItem] = []
    /// The bytes of `\n` or `\r\n`, or nil on the last line.
    var newline: Range<Int>?
    var newlineRemoved = false
}

/// A tag (by index into `ScannedTemplate.tags`) or a run of text (a byte range).
struct ScannedItem {
    var tag: Int?
    var start = 0
    var end = 0
    /// Removed by a standalone tag on the same line.
    var removed = false
    /// Text directly inside a parent tag, which is ignored.
    var ignorable = false
}

struct ScannedTag {
    enum Kind: Equatable {
        case variable, unescaped, sectionOpen, invertedOpen, close
        case comment, partial, parentOpen, blockOpen, delimiters
    }

    var kind: Kind
    var name: String
    /// Byte offset of the opening delimiter.
    var offset: Int
    var line: Int
    /// Index among its line's items.
    var item: Int

    // Filled in by the later passes.
    /// The matching close tag of an open tag, or open tag of a close tag.
    var match = -1
    /// For a close tag: the kind of tag it closes.
    var opener: Kind?
    /// A block (or its close) directly inside a parent tag: an argument.
    var isArgument = false
    /// Nothing but whitespace between the line start and this tag.
    var leftClear = false
    /// Nothing but whitespace between this tag and the line end.
    var rightClear = false
    var standalone = false
    /// A block pair whose open tag starts a line and close tag ends one (see
    /// `applyStandaloneRules`).
    var pairStandalone = false
    /// Leading whitespace taken off the line by a standalone tag.
    var indentation: [UInt8]?
    /// For a standalone block open tag: the whitespace that starts the first
    /// non-blank line of its content, relative to any enclosing block's.
    var intrinsic: [UInt8]?
}

extension ScannedTemplate {
    /// Scans `source`, following set-delimiter tags as they come.
    init(name: String, source: String) throws(MustacheError) {
        self.name = name
        self.source = source
        bytes = Array(source.utf8)
        lines = [ScannedLine(start: 0)]
        var open: [UInt8] = [0x7B, 0x7B]
        var close: [UInt8] = [0x7D, 0x7D]
        var textStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                let newlineStart = index > textStart && bytes[index - 1] == 0x0D ? index - 1 : index
                addText(from: textStart, to: newlineStart)
                lines[lines.count - 1].newline = newlineStart..<index + 1
                lines.append(ScannedLine(start: index + 1))
                index += 1
                textStart = index
            } else if bytes[index] == open[0], hasBytes(open, at: index) {
                addText(from: textStart, to: index)
                index = try scanTag(at: index, open: &open, close: &close)
                textStart = index
            } else {
                index += 1
            }
        }
        addText(from: textStart, to: bytes.count)
    }

    func error(at offset: Int, _ message: String) -> MustacheError {
        MustacheError(template: name, source: source, offset: offset, message: message)
    }

    private mutating func addText(from start: Int, to end: Int) {
        guard start < end else { return }
        lines[lines.count - 1].items.append(ScannedItem(start: start, end: end))
    }

    private func hasBytes(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for (offset, byte) in pattern.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    private static let sigils: [UInt8: ScannedTag.Kind] = [
        0x23: .sectionOpen, 0x5E: .invertedOpen, 0x2F: .close, 0x21: .comment,  // # ^ / !
        0x3E: .partial, 0x3C: .parentOpen, 0x24: .blockOpen, 0x3D: .delimiters,  // > < $ =
        0x26: .unescaped, 0x7B: .unescaped,  // & {
    ]

    /// Scans the tag whose opening delimiter is at `start`; returns the index
    /// just past its closing delimiter.
    private mutating func scanTag(at start: Int, open: inout [UInt8], close: inout [UInt8]) throws(MustacheError) -> Int
    {
        var contentStart = start + open.count
        while contentStart < bytes.count, isBlank(bytes[contentStart]) { contentStart += 1 }
        var kind = ScannedTag.Kind.variable
        var terminator = close
        if contentStart < bytes.count {
            if let sigil = Self.sigils[bytes[contentStart]] {
                kind = sigil
                if bytes[contentStart] == 0x7B { terminator = [0x7D] + close }  // {{{name}}}
                if sigil == .delimiters { terminator = [0x3D] + close }  // {{=<% %>=}}
                contentStart += 1
            }
        }
        var end = contentStart
        while true {
            guard end < bytes.count, kind == .comment || bytes[end] != 0x0A else {
                let expected = String(decoding: terminator, as: UTF8.self)
                let message =
                    kind == .delimiters
                    ? "bad delimiter tag: expected it to end with '\(expected)'"
                    : "unclosed tag: expected '\(expected)' before the end of the \(end < bytes.count ? "line" : "template")"
                throw error(at: start, message)
            }
            if bytes[end] == terminator[0], hasBytes(terminator, at: end) { break }
            end += 1
        }
        let content = String(decoding: bytes[contentStart..<end], as: UTF8.self)
        let name = content.trimmingBlanks()
        switch kind {
        case .comment:
            break
        case .delimiters:
            (open, close) = try delimiters(in: name, at: start)
        default:
            try validate(name, kind: kind, at: start)
        }
        let line = lines.count - 1
        tags.append(ScannedTag(kind: kind, name: name, offset: start, line: line, item: lines[line].items.count))
        lines[line].items.append(ScannedItem(tag: tags.count - 1))
        return end + terminator.count
    }

    /// The two delimiters of a set-delimiter tag: separated by whitespace,
    /// themselves free of whitespace and `=`.
    private func delimiters(in content: String, at offset: Int) throws(MustacheError) -> ([UInt8], [UInt8]) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(
                at: offset,
                "bad delimiters '\(content)': expected two delimiters separated by a space, as in {{=<% %>=}}")
        }
        return (Array(parts[0].utf8), Array(parts[1].utf8))
    }

    private func validate(_ name: String, kind: ScannedTag.Kind, at offset: Int) throws(MustacheError) {
        guard !name.isEmpty else { throw error(at: offset, "empty tag: expected a name") }
        guard !name.contains(where: { $0 == " " || $0 == "\t" }) else {
            throw error(at: offset, "invalid tag name '\(name)': names cannot contain spaces")
        }
        let isDataName = kind == .variable || kind == .unescaped || kind == .sectionOpen || kind == .invertedOpen
        if isDataName, name != ".",
            name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        {
            throw error(at: offset, "invalid name '\(name)': a dotted name needs a key between every two dots")
        }
    }
}

func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

extension String {
    func trimmingBlanks() -> String {
        let utf8 = Array(self.utf8)
        guard let first = utf8.firstIndex(where: { !isBlank($0) }),
            let last = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
