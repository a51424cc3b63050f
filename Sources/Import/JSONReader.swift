import SiteData
import TOML

/// A JSON value (RFC 8259) with the place it starts, so an export another tool wrote can be
/// refused at the exact line and column: `export.json:12:19: error: …`. Foundation's
/// `JSONSerialization` says only "the data couldn't be read".
public struct JSONNode: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// As written: `12.99`, `-3`, `1e3`.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in the file's order; a key written twice keeps both.
        case object([Member])
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        /// Where the key starts.
        public var location: SourceLocation
        public var value: JSONNode
    }

    public var kind: Kind
    public var location: SourceLocation

    /// The last member called `key`, for an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var members: [Member] {
        guard case .object(let members) = kind else { return [] }
        return members
    }

    /// What a message calls this kind of value.
    public var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Reads JSON bytes into `JSONNode`s: UTF-8 (a BOM allowed), nesting up to `maxDepth`, strings with
/// every escape JSON has (`\u00e9`, surrogate pairs for emoji, `\/` as PHP writes it). The first
/// thing that is not JSON is an error at its line and column with the line quoted.
public struct JSONReader {
    public static let maxDepth = 128

    private let bytes: [UInt8]
    private let file: SourceFile
    private var position = 0
    private var line = 1
    private var lineStart = 0

    /// - Parameter path: as the person named the file, for messages.
    public static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> JSONNode {
        var reader = JSONReader(bytes: bytes, path: path)
        return try reader.document()
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        file = SourceFile(path: path, bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    private var location: SourceLocation { location(of: position) }

    /// Line and column (in Unicode scalars) of a byte offset on the current line or before it.
    private func location(of offset: Int) -> SourceLocation {
        let column = bytes[lineStart..<min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourceLocation(line: line, column: column)
    }

    private func fail(_ message: String, at place: SourceLocation? = nil) -> Diagnostic {
        file.diagnostic(.error, at: place ?? location, message)
    }

    private var atEnd: Bool { position >= bytes.count }

    private mutating func skipSpace() {
        while !atEnd {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default: return
            }
        }
    }

    private mutating func document() throws(Diagnostic) -> JSONNode {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw file.invalidUTF8("a JSON export is UTF-8 text", readAs: LegacyEncoding.guess(bytes))
        }
        skipSpace()
        guard !atEnd else {
            throw Diagnostic(.error, path: file.path, message: "the file is empty: a JSON export starts with { or [")
        }
        let value = try self.value(depth: 1)
        skipSpace()
        guard atEnd else { throw fail("only white space may follow the JSON value that ends before this") }
        return value
    }

    private mutating func value(depth: Int) throws(Diagnostic) -> JSONNode {
        guard depth <= JSONReader.maxDepth else {
            throw fail("arrays and objects are nested more than \(JSONReader.maxDepth) deep")
        }
        let start = location
        guard !atEnd else { throw fail("the file ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return JSONNode(kind: .object(try object(depth: depth)), location: start)
        case UInt8(ascii: "["): return JSONNode(kind: .array(try array(depth: depth)), location: start)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try string()), location: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(kind: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(kind: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(kind: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(kind: .number(try number()), location: start)
        case UInt8(ascii: "'"):
            throw fail("JSON strings are written in double quotes (\"…\"), not single ones")
        default:
            throw fail("expected a value here: an object, an array, a string, a number, true, false or null")
        }
    }

    private mutating func literal(_ word: String) throws(Diagnostic) {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, bytes[position..<position + utf8.count].elementsEqual(utf8) else {
            throw fail("expected a value here: an object, an array, a string, a number, true, false or null")
        }
        position += utf8.count
    }

    private mutating func object(depth: Int) throws(Diagnostic) -> [JSONNode.Member] {
        let open = location
        position += 1
        var members: [JSONNode.Member] = []
        skipSpace()
        if !atEnd, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipSpace()
            guard !atEnd else { throw fail("the file ends inside the object opened at \(open)", at: open) }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw fail(
                    bytes[position] == UInt8(ascii: "}")
                        ? "a comma before } leaves an empty member; remove the comma"
                        : "expected a member's name in double quotes")
            }
            let keyLocation = location
            let key = try string()
            skipSpace()
            guard !atEnd, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after \"\(key)\"") }
            position += 1
            skipSpace()
            let value = try self.value(depth: depth + 1)
            members.append(JSONNode.Member(key: key, location: keyLocation, value: value))
            skipSpace()
            guard !atEnd else { throw fail("the file ends inside the object opened at \(open)", at: open) }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return members
            default: throw fail("expected ',' or '}' after the member \"\(key)\"")
            }
        }
    }

    private mutating func array(depth: Int) throws(Diagnostic) -> [JSONNode] {
        let open = location
        position += 1
        var items: [JSONNode] = []
        skipSpace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return items
        }
        while true {
            skipSpace()
            guard !atEnd else { throw fail("the file ends inside the array opened at \(open)", at: open) }
            if bytes[position] == UInt8(ascii: "]") {
                throw fail("a comma before ] leaves an empty item; remove the comma")
            }
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard !atEnd else { throw fail("the file ends inside the array opened at \(open)", at: open) }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return items
            default: throw fail("expected ',' or ']' after an item of the array")
            }
        }
    }

    private mutating func string() throws(Diagnostic) -> String {
        let open = location
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard !atEnd else { throw fail("the file ends inside the string that starts at \(open)", at: open) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw fail(
                    byte == 0x0A
                        ? "the string that starts at \(open) is not closed on its line"
                        : "a control character in a string must be escaped")
            }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flush(position)
            let escape = location
            position += 1
            guard !atEnd else { throw fail("the file ends inside the string that starts at \(open)", at: open) }
            let code = bytes[position]
            position += 1
            switch code {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = try hex4(escape)
                if (0xD800...0xDBFF).contains(value) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else {
                        throw fail(
                            "\\u\(hexText(value)) begins a surrogate pair that no \\uDC00…\\uDFFF ends", at: escape)
                    }
                    position += 2
                    let low = try hex4(escape)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail(
                            "\\u\(hexText(value)) begins a surrogate pair that no \\uDC00…\\uDFFF ends", at: escape)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw fail("\\u\(hexText(value)) ends a surrogate pair that nothing began", at: escape)
                }
                guard let scalar = Unicode.Scalar(value) else { throw fail("not a character", at: escape) }
                scalars.append(scalar)
            default:
                throw fail("'\\\(Character(Unicode.Scalar(code)))' is not an escape JSON knows", at: escape)
            }
            run = position
        }
    }

    private func hexText(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private mutating func hex4(_ escape: SourceLocation) throws(Diagnostic) -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
            bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw fail("\\u takes four hex digits, such as \\u00e9", at: escape) }
        position += 4
        return value
    }

    private mutating func number() throws(Diagnostic) -> String {
        let start = position
        let startLocation = location
        func digits() -> Int {
            let from = position
            while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let whole = position
        guard digits() > 0 else { throw fail("a number needs digits after '-'", at: startLocation) }
        if position - whole > 1, bytes[whole] == UInt8(ascii: "0") {
            throw fail("a JSON number does not start with 0 unless it is 0", at: startLocation)
        }
        if !atEnd, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("a number needs digits after its point", at: startLocation) }
        }
        if !atEnd, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if !atEnd, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: startLocation) }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}
