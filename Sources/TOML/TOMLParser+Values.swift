/// Values: dispatch on the first byte, plus booleans, arrays and inline tables.
extension TOMLParser.Reader {
    /// Reads one value. `depth` is the nesting level the value would occupy, checked
    /// against `limits.maxDepth` before any array or inline table is entered.
    mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLValue {
        let start = position
        let byte = current
        switch byte {
        case ASCII.quote:
            let text = try parseBasicString(allowMultiline: true)
            return TOMLValue(kind: .string(text), location: location(of: start))
        case ASCII.apostrophe:
            let text = try parseLiteralString(allowMultiline: true)
            return TOMLValue(kind: .string(text), location: location(of: start))
        case ASCII.lowerT, ASCII.lowerF:
            return try parseBoolean()
        case ASCII.openBracket:
            return try parseArray(depth: depth)
        case ASCII.openBrace:
            return try parseInlineTable(depth: depth)
        case ASCII.lowerI, ASCII.lowerN, ASCII.plus, ASCII.minus:
            return try parseNumber()
        case _ where ASCII.isDigit(byte):
            if startsDateOrTime() {
                return try parseDateTime()
            }
            return try parseNumber()
        default:
            throw failure("expected a value, found \(foundDescription(at: start))", at: start)
        }
    }

    private mutating func parseBoolean() throws(TOMLError) -> TOMLValue {
        let start = position
        if matches("true") {
            position += 4
            return TOMLValue(kind: .boolean(true), location: location(of: start))
        }
        if matches("false") {
            position += 5
            return TOMLValue(kind: .boolean(false), location: location(of: start))
        }
        throw failure(
            "expected a value, found \(foundDescription(at: start))"
                + " (booleans are 'true' and 'false', in lower case)", at: start)
    }

    /// Whether the input at the cursor spells `word` (ASCII).
    func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= end else { return false }
        return word.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[position + index] != buffer[index] {
                return false
            }
            return true
        }
    }

    /// `[ value, value, ]`: newlines and comments are allowed between elements, and a
    /// trailing comma is allowed.
    private mutating func parseArray(depth: Int) throws(TOMLError) -> TOMLValue {
        let start = position
        guard depth <= limits.maxDepth else { throw depthFailure(at: start) }
        let arrayLocation = location(of: start)
        position += 1
        var elements: [TOMLValue] = []
        skipBlankSpace()
        while current != ASCII.closeBracket {
            if isAtEnd {
                throw failure("unterminated array: expected ']'", at: position)
            }
            elements.append(try parseValue(depth: depth + 1))
            skipBlankSpace()
            if current == ASCII.comma {
                position += 1
                skipBlankSpace()
            } else if current != ASCII.closeBracket {
                if isAtEnd {
                    throw failure("unterminated array: expected ']'", at: position)
                }
                throw failure(
                    "expected ',' or ']' after an array element, found \(foundDescription(at: position))",
                    at: position)
            }
        }
        position += 1
        return TOMLValue(kind: .array(elements), location: arrayLocation)
    }

    /// `{ key = value, a.b = value }`: on one line, no trailing comma, and closed for
    /// good at the `}`.
    private mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        let start = position
        guard depth <= limits.maxDepth else { throw depthFailure(at: start) }
        let node = TableNode(origin: .inline, location: location(of: start), depth: depth)
        position += 1
        skipWhitespace()
        if current == ASCII.closeBrace {
            position += 1
            return node.frozenValue()
        }
        while true {
            try parseKeyValue(into: node)
            skipWhitespace()
            switch current {
            case ASCII.comma:
                let comma = position
                position += 1
                skipWhitespace()
                if current == ASCII.closeBrace {
                    throw failure("a trailing comma is not allowed in an inline table", at: comma)
                }
            case ASCII.closeBrace:
                position += 1
                return node.frozenValue()
            case ASCII.lineFeed, ASCII.carriageReturn:
                throw failure("an inline table must be on a single line; expected ',' or '}'", at: position)
            case 0 where isAtEnd:
                throw failure("unterminated inline table: expected '}'", at: position)
            default:
                throw failure(
                    "expected ',' or '}' in inline table, found \(foundDescription(at: position))",
                    at: position)
            }
        }
    }
}
