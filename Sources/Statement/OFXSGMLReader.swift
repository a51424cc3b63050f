import SiteData

/// OFX 1.x: a header of `KEY:VALUE` lines, then SGML in which an element that holds a value
/// (`<TRNAMT>-15.49`) need not be closed and one that holds elements (`<STMTTRN>` … `</STMTTRN>`)
/// must be. The reader builds the same `MarkupNode` tree the XML reader does, so one reading of
/// OFX serves both versions.
///
/// A value's element ends where the next tag begins. An end tag closes the element it names and
/// any value elements opened inside it. Tools that "close" OFX 1.x write end tags for values
/// after what follows them (`<TRNAMT>-1.00 <FITID>7</FITID></TRNAMT>`): an end tag naming a value
/// already ended by the next tag is passed over. One that names no element opened before, or that
/// would close an element holding elements of its own without its end tag, is an error at the
/// end tag.
struct OFXSGMLReader {
    private let bytes: [UInt8]
    private let lines: SourceLines

    init(_ lines: SourceLines) {
        self.lines = lines
        bytes = lines.bytes
    }

    /// The `<OFX>` element and the header's fields (`DATA`, `CHARSET`, …).
    static func parse(_ lines: SourceLines) throws(Diagnostic) -> (root: MarkupNode, header: [String: String]) {
        try OFXSGMLReader(lines).read()
    }

    /// The header's `KEY:VALUE` lines before the first `<`.
    static func header(_ bytes: [UInt8]) -> [String: String] {
        let end = bytes.firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        var fields: [String: String] = [:]
        for line in String(decoding: bytes[..<end], as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0]).trimmingWhiteSpace().uppercased()] = String(parts[1]).trimmingWhiteSpace()
        }
        return fields
    }

    private struct Open {
        var node: MarkupNode
        /// Where its start tag is, for messages.
        var offset: Int
    }

    private func read() throws(Diagnostic) -> (root: MarkupNode, header: [String: String]) {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let header = OFXSGMLReader.header(Array(bytes[position...]))
        guard let first = bytes[position...].firstIndex(of: UInt8(ascii: "<")) else {
            throw lines.diagnostic(.error, at: bytes.count, "the OFX header is not followed by <OFX>")
        }
        position = first
        var stack: [Open] = []
        var root: MarkupNode?
        // The names some end tag closes: an element that holds nothing and is never closed
        // anywhere (`<MEMO>` with no value) is an empty value, not an element holding the next.
        let closedNames = OFXSGMLReader.closedNames(bytes[position...])
        func isValue(_ open: Open) -> Bool {
            open.node.children.isEmpty && (!open.node.text.isEmpty || !closedNames.contains(open.node.name))
        }

        // Values ended by the next tag, whose late end tags are passed over.
        var endedValues: Set<String> = []

        /// Closes the innermost open element into its parent (or as the root).
        func closeTop() {
            let done = stack.removeLast().node
            if stack.isEmpty { root = done } else { stack[stack.count - 1].node.children.append(done) }
        }

        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                let tagStart = position
                guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw lines.diagnostic(.error, at: tagStart, "this tag is never closed with '>'")
                }
                var inside = String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
                position = close + 1
                if inside.hasPrefix("!--") || inside.hasPrefix("?") { continue }
                let closing = inside.hasPrefix("/")
                if closing { inside.removeFirst() }
                let name = inside.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
                guard !name.isEmpty, !name.contains("<") else {
                    throw lines.diagnostic(.error, at: tagStart, "expected a tag name such as <STMTTRN>")
                }
                guard root == nil else {
                    throw lines.diagnostic(.error, at: tagStart, "<\(name)> comes after </OFX>, which ends the file")
                }
                if closing {
                    guard let index = stack.lastIndex(where: { $0.node.name == name }) else {
                        if endedValues.contains(name) { continue }
                        throw lines.diagnostic(.error, at: tagStart, "</\(name)> closes nothing: no <\(name)> is open")
                    }
                    // What it closes on the way must be values, whose elements need no end tag: the
                    // innermost one alone can be (any other holds the one opened inside it).
                    for (position, open) in stack.enumerated().dropFirst(index + 1)
                    where position < stack.count - 1 || !isValue(open) {
                        let (line, column) = lines.place(open.offset)
                        throw lines.diagnostic(
                            .error, at: tagStart,
                            "</\(name)> comes before </\(open.node.name)>, which <\(open.node.name)> at "
                                + "\(line):\(column) needs")
                    }
                    while stack.count > index + 1 { closeTop() }
                    closeTop()
                } else {
                    // A value's element ends where the next tag begins.
                    if stack.count > 1, let top = stack.last, isValue(top) {
                        endedValues.insert(top.node.name)
                        closeTop()
                    }
                    guard root == nil else {
                        throw lines.diagnostic(
                            .error, at: tagStart, "<\(name)> comes after </OFX>, which ends the file")
                    }
                    guard stack.count < XMLReader.maxDepth else {
                        throw lines.diagnostic(
                            .error, at: tagStart, "elements are nested more than \(XMLReader.maxDepth) deep")
                    }
                    let (line, column) = lines.place(tagStart)
                    stack.append(Open(node: MarkupNode(name: name, line: line, column: column), offset: tagStart))
                }
            } else {
                let textStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                let raw = String(decoding: bytes[textStart..<position], as: UTF8.self).trimmingWhiteSpace()
                guard !raw.isEmpty else { continue }
                guard !stack.isEmpty, root == nil else {
                    throw lines.diagnostic(.error, at: textStart, "text outside <OFX> … </OFX>")
                }
                stack[stack.count - 1].node.text += try decoded(raw, at: textStart)
            }
        }
        // Values still open at the end close there; an element that holds elements needs its end tag.
        while let top = stack.last, isValue(top), stack.count > 1 { closeTop() }
        if let open = stack.last {
            let (line, column) = lines.place(open.offset)
            throw lines.diagnostic(
                .error, at: bytes.count,
                "the file ends before </\(open.node.name)>, which <\(open.node.name)> at \(line):\(column) needs")
        }
        guard let root else { throw lines.diagnostic(.error, at: bytes.count, "the file holds no <OFX> element") }
        return (root, header)
    }

    /// Every name that follows `</` in `body`.
    static func closedNames(_ body: ArraySlice<UInt8>) -> Set<String> {
        var names: Set<String> = []
        var index = body.startIndex
        while index + 1 < body.endIndex {
            if body[index] == UInt8(ascii: "<"), body[index + 1] == UInt8(ascii: "/") {
                var end = index + 2
                while end < body.endIndex, body[end] != UInt8(ascii: ">"), body[end] != UInt8(ascii: "<") { end += 1 }
                names.insert(String(decoding: body[(index + 2)..<end], as: UTF8.self).trimmingWhiteSpace())
                index = end
            } else {
                index += 1
            }
        }
        return names
    }

    private func decoded(_ raw: String, at offset: Int) throws(Diagnostic) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            // OFX 1 writes a bare & in names often enough ("AT&T"): that stays as it is.
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                let character = MarkupEntities.decode(String(after[..<semicolon]))
            else {
                out += "&"
                rest = after
                continue
            }
            out += character
            rest = after[after.index(after: semicolon)...]
        }
        _ = offset
        return out + rest
    }
}
