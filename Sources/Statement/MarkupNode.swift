import SiteData

/// An element of a statement written as markup — OFX 2.x and camt.053 in XML, OFX 1.x in SGML —
/// with the place it starts, so a transaction that cannot be read is named by its line.
struct MarkupNode: Sendable, Equatable {
    /// The local name, without a namespace prefix: `Ntry` for `<camt:Ntry>`.
    var name: String
    var attributes: [String: String] = [:]
    var children: [MarkupNode] = []
    /// The text directly inside, entities decoded, leading and trailing white space removed.
    var text = ""
    /// Where its start tag begins, from 1.
    var line: Int
    var column: Int

    /// The first child called `name`.
    func child(_ name: String) -> MarkupNode? { children.first { $0.name == name } }

    /// The element at the end of `path` (child names, in order), if every step is there.
    func at(_ path: String...) -> MarkupNode? {
        var node = self
        for step in path {
            guard let next = node.child(step) else { return nil }
            node = next
        }
        return node
    }

    /// The text at the end of `path`, nil when missing or blank.
    func text(_ path: String...) -> String? {
        var node = self
        for step in path {
            guard let next = node.child(step) else { return nil }
            node = next
        }
        return node.text.isEmpty ? nil : node.text
    }

    /// Every element called `name` inside this one, in document order (not inside a match).
    func all(_ name: String) -> [MarkupNode] {
        var found: [MarkupNode] = []
        for child in children {
            if child.name == name { found.append(child) } else { found += child.all(name) }
        }
        return found
    }
}

/// The lines of a file, to quote one under a finding with a caret.
struct SourceLines {
    let path: String
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let starts: [Int]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    /// Line and column (from 1, the column in Unicode scalars) of a byte offset.
    func place(_ offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = starts[low]
        let scalars = bytes[start..<min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count
        return (low + 1, scalars + 1)
    }

    /// The text of line `line` (from 1), without its line break.
    func text(_ line: Int) -> String? {
        guard line >= 1, line <= starts.count else { return nil }
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        let start = starts[line - 1]
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// A finding at a byte offset.
    func diagnostic(_ severity: Diagnostic.Severity, at offset: Int, _ message: String) -> Diagnostic {
        let (line, column) = place(offset)
        return diagnostic(severity, line: line, column: column, message)
    }

    /// A finding at a line and column.
    func diagnostic(_ severity: Diagnostic.Severity, line: Int, column: Int, _ message: String) -> Diagnostic {
        Diagnostic(severity, path: path, line: line, column: column, message: message, lineText: text(line))
    }

    /// A finding at an element's start tag.
    func diagnostic(_ severity: Diagnostic.Severity, at node: MarkupNode, _ message: String) -> Diagnostic {
        diagnostic(severity, line: node.line, column: node.column, message)
    }
}

/// Entities in markup text: the five XML names and numeric references.
enum MarkupEntities {
    /// The character `&name;` stands for, or nil when it is not one sandjar knows.
    static func decode(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
    }
}
