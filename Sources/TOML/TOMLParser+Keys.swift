extension TOMLParser {
    /// One part of a dotted key, with the offset where it was written (for locations).
    struct KeySegment {
        var name: String
        var offset: Int
    }

    /// How a key path is shown in messages: `a.b`, `servers."alpha beta"`.
    static func displayPath(_ segments: ArraySlice<KeySegment>) -> String {
        segments.map { displayKey($0.name) }.joined(separator: ".")
    }

    static func displayKey(_ name: String) -> String {
        let isBare = !name.isEmpty && name.utf8.allSatisfy(ASCII.isBareKeyCharacter)
        if isBare { return name }
        var quoted = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\u" + hex(scalar.value, width: 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension TOMLParser.Reader {
    /// Reads a possibly dotted key: `name`, `"quoted name"`, `a.'b'.c` (whitespace is
    /// allowed around the dots).
    mutating func parseKey() throws(TOMLError) -> [TOMLParser.KeySegment] {
        var segments = [try parseSimpleKey()]
        while true {
            let save = position
            skipWhitespace()
            guard current == ASCII.period else {
                position = save
                return segments
            }
            position += 1
            skipWhitespace()
            segments.append(try parseSimpleKey())
        }
    }

    /// Reads a bare, basic-string or literal-string key.
    mutating func parseSimpleKey() throws(TOMLError) -> TOMLParser.KeySegment {
        let start = position
        switch current {
        case ASCII.quote:
            return TOMLParser.KeySegment(name: try parseBasicString(allowMultiline: false), offset: start)
        case ASCII.apostrophe:
            return TOMLParser.KeySegment(name: try parseLiteralString(allowMultiline: false), offset: start)
        default:
            while position < end, ASCII.isBareKeyCharacter(bytes[position]) {
                position += 1
            }
            guard position > start else {
                throw failure("expected a key, found \(foundDescription(at: start))", at: start)
            }
            return TOMLParser.KeySegment(
                name: String(decoding: bytes[start..<position], as: UTF8.self),
                offset: start)
        }
    }
}
