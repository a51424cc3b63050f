import SiteData

/// A small XML reader for the statements banks export as XML — OFX 2.x and ISO 20022 camt.053 —
/// written here because the toolchain's `FoundationXML` needs libxml2, which the stand-alone
/// binary does not carry.
///
/// It reads elements, attributes, text, CDATA, comments, processing instructions and a DOCTYPE
/// (skipped), decodes the five named entities and numeric references, and drops namespace
/// prefixes (`<camt:Ntry>` is `Ntry`). Anything else — a tag that is never closed, an end tag that
/// closes the wrong element, an unknown entity, text after the root — is an error at its line and
/// column, with the line quoted. Nesting deeper than `maxDepth` is refused.
struct XMLReader {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private let lines: SourceLines
    private var position = 0
    /// Processing instructions before the root, by target: `OFX` for OFX 2.x's header.
    private(set) var instructions: [String: String] = [:]

    init(_ lines: SourceLines) {
        self.lines = lines
        bytes = lines.bytes
    }

    /// The root element.
    static func parse(_ lines: SourceLines) throws(Diagnostic) -> (root: MarkupNode, instructions: [String: String]) {
        var reader = XMLReader(lines)
        let root = try reader.document()
        return (root, reader.instructions)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Diagnostic {
        lines.diagnostic(.error, at: offset ?? position, message)
    }

    private var atEnd: Bool { position >= bytes.count }

    private func peek(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard position + utf8.count <= bytes.count else { return false }
        return bytes[position..<position + utf8.count].elementsEqual(utf8)
    }

    private mutating func skipSpace() {
        while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func document() throws(Diagnostic) -> MarkupNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try misc(beforeRoot: true)
        guard !atEnd else { throw fail("the file holds no element") }
        guard bytes[position] == UInt8(ascii: "<") else { throw fail("expected an element such as <Document>") }
        let root = try element(depth: 1)
        try misc(beforeRoot: false)
        guard atEnd else { throw fail("only white space and comments may follow the root element </\(root.name)>") }
        return root
    }

    /// White space, comments, processing instructions and (before the root) a DOCTYPE.
    private mutating func misc(beforeRoot: Bool) throws(Diagnostic) {
        while true {
            skipSpace()
            if peek("<!--") {
                try comment()
            } else if peek("<?") {
                try instruction()
            } else if beforeRoot, peek("<!DOCTYPE") {
                try doctype()
            } else {
                return
            }
        }
    }

    private mutating func comment() throws(Diagnostic) {
        let start = position
        position += 4
        while !atEnd, !peek("-->") { position += 1 }
        guard !atEnd else { throw fail("this comment is never closed with -->", at: start) }
        position += 3
    }

    private mutating func instruction() throws(Diagnostic) {
        let start = position
        position += 2
        let nameStart = position
        while !atEnd, !isSpace(bytes[position]), !peek("?>") { position += 1 }
        let target = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        let bodyStart = position
        while !atEnd, !peek("?>") { position += 1 }
        guard !atEnd else { throw fail("this <?\(target) … ?> is never closed with ?>", at: start) }
        instructions[target] = String(decoding: bytes[bodyStart..<position], as: UTF8.self)
        position += 2
    }

    private mutating func doctype() throws(Diagnostic) {
        let start = position
        var depth = 0
        while !atEnd {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">"), depth <= 0 { return }
        }
        throw fail("this <!DOCTYPE …> is never closed", at: start)
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    private mutating func name() throws(Diagnostic) -> String {
        let start = position
        while !atEnd, isNameByte(bytes[position]) { position += 1 }
        guard position > start else { throw fail("expected a name here") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `camt:Ntry` → `Ntry`.
    private func local(_ name: String) -> String {
        name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
    }

    /// An element and everything in it; `position` is at its `<`.
    private mutating func element(depth: Int) throws(Diagnostic) -> MarkupNode {
        let start = position
        guard depth <= XMLReader.maxDepth else {
            throw fail("elements are nested more than \(XMLReader.maxDepth) deep", at: start)
        }
        position += 1
        let qualified = try name()
        let (line, column) = lines.place(start)
        var node = MarkupNode(name: local(qualified), line: line, column: column)
        // Attributes, then `>` or `/>`.
        while true {
            skipSpace()
            guard !atEnd else { throw fail("the file ends inside the start tag <\(qualified)>", at: start) }
            if peek("/>") {
                position += 2
                return node
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            let attributeStart = position
            let attribute = try name()
            skipSpace()
            guard !atEnd, bytes[position] == UInt8(ascii: "=") else {
                throw fail("the attribute '\(attribute)' needs a value: \(attribute)=\"…\"", at: attributeStart)
            }
            position += 1
            skipSpace()
            guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw fail("an attribute's value is written in quotes: \(attribute)=\"…\"")
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while !atEnd, bytes[position] != quote {
                guard bytes[position] != UInt8(ascii: "<") else {
                    throw fail("'<' is not allowed in an attribute value")
                }
                position += 1
            }
            guard !atEnd else { throw fail("this attribute's value is never closed", at: valueStart - 1) }
            let raw = String(decoding: bytes[valueStart..<position], as: UTF8.self)
            position += 1
            node.attributes[local(attribute)] = try decoded(raw, at: valueStart)
        }
        // Content, up to the matching end tag.
        var text = ""
        while true {
            guard !atEnd else {
                throw fail(
                    "the file ends before </\(qualified)>, which <\(qualified)> at \(line):\(column) opened", at: start)
            }
            if peek("</") {
                let endStart = position
                position += 2
                let closing = try name()
                skipSpace()
                guard !atEnd, bytes[position] == UInt8(ascii: ">") else {
                    throw fail("expected '>' to end </\(closing)")
                }
                position += 1
                guard closing == qualified else {
                    throw fail(
                        "</\(closing)> does not close <\(qualified)>, opened at \(line):\(column); expected </\(qualified)>",
                        at: endStart)
                }
                node.text = text.trimmingWhiteSpace()
                return node
            } else if peek("<!--") {
                try comment()
            } else if peek("<![CDATA[") {
                let cdataStart = position
                position += 9
                let contentStart = position
                while !atEnd, !peek("]]>") { position += 1 }
                guard !atEnd else { throw fail("this CDATA section is never closed with ]]>", at: cdataStart) }
                text += String(decoding: bytes[contentStart..<position], as: UTF8.self)
                position += 3
            } else if peek("<?") {
                try instruction()
            } else if bytes[position] == UInt8(ascii: "<") {
                node.children.append(try element(depth: depth + 1))
            } else {
                let textStart = position
                while !atEnd, bytes[position] != UInt8(ascii: "<") { position += 1 }
                text += try decoded(String(decoding: bytes[textStart..<position], as: UTF8.self), at: textStart)
            }
        }
    }

    /// `raw` with its entities decoded; an unknown or unfinished one is an error at its `&`.
    private func decoded(_ raw: String, at offset: Int) throws(Diagnostic) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        var consumedBytes = 0
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            consumedBytes += rest[..<amp].utf8.count
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                let character = MarkupEntities.decode(String(after[..<semicolon]))
            else {
                throw fail(
                    "'&' starts an entity that XML does not know; write & as &amp;", at: offset + consumedBytes)
            }
            out += character
            consumedBytes += 1 + after[..<semicolon].utf8.count + 1
            rest = after[after.index(after: semicolon)...]
        }
        return out + rest
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingWhiteSpace() -> String {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !space($0) }), let last = lastIndex(where: { !space($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
