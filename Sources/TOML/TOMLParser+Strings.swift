/// The four string forms: basic `"…"`, multi-line basic `"""…"""`, literal `'…'` and
/// multi-line literal `'''…'''`.
///
/// Text is sliced straight out of the input bytes; a scratch buffer is used only when
/// escapes or line-ending backslashes change the text. CRLF inside multi-line strings
/// becomes LF so values do not depend on the editor that saved the file.
extension TOMLParser.Reader {
    /// Reads a basic string with the cursor on its first `"`. Keys pass
    /// `allowMultiline: false`, since TOML does not allow multi-line keys.
    mutating func parseBasicString(allowMultiline: Bool) throws(TOMLError) -> String {
        if byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote {
            guard allowMultiline else {
                throw failure("a multi-line string cannot be used as a key", at: position)
            }
            return try parseMultilineString(delimiter: ASCII.quote)
        }
        position += 1
        var runStart = position
        var buffer: [UInt8] = []
        var usesBuffer = false
        while true {
            switch current {
            case ASCII.quote:
                let run = runStart..<position
                position += 1
                guard usesBuffer else { return String(decoding: bytes[run], as: UTF8.self) }
                buffer.append(contentsOf: bytes[run])
                return String(decoding: buffer, as: UTF8.self)
            case ASCII.backslash:
                usesBuffer = true
                buffer.append(contentsOf: bytes[runStart..<position])
                try appendEscape(to: &buffer)
                runStart = position
            case ASCII.lineFeed, ASCII.carriageReturn, 0:
                throw failure("unterminated string: expected '\"' before the end of the line", at: position)
            default:
                position += 1
            }
        }
    }

    /// Reads a literal string with the cursor on its first `'`.
    mutating func parseLiteralString(allowMultiline: Bool) throws(TOMLError) -> String {
        if byte(at: position + 1) == ASCII.apostrophe && byte(at: position + 2) == ASCII.apostrophe {
            guard allowMultiline else {
                throw failure("a multi-line string cannot be used as a key", at: position)
            }
            return try parseMultilineString(delimiter: ASCII.apostrophe)
        }
        position += 1
        let start = position
        while true {
            switch current {
            case ASCII.apostrophe:
                position += 1
                return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
            case ASCII.lineFeed, ASCII.carriageReturn, 0:
                throw failure("unterminated string: expected \"'\" before the end of the line", at: position)
            default:
                position += 1
            }
        }
    }

    /// Reads `"""…"""` or `'''…'''` with the cursor on the opening delimiter. Escapes and
    /// line-ending backslashes apply only to the basic (`"`) form.
    private mutating func parseMultilineString(delimiter: UInt8) throws(TOMLError) -> String {
        position += 3
        _ = skipLineEnd()  // a newline right after the opening delimiter is trimmed
        var buffer: [UInt8] = []
        var runStart = position
        while true {
            switch current {
            case delimiter:
                var quotes = 1
                while byte(at: position + quotes) == delimiter { quotes += 1 }
                if quotes < 3 {
                    position += quotes
                    continue
                }
                if quotes > 5 {
                    throw failure(
                        "too many quotation marks: at most two may come right before the closing delimiter",
                        at: position + 5)
                }
                buffer.append(contentsOf: bytes[runStart..<(position + quotes - 3)])
                position += quotes
                return String(decoding: buffer, as: UTF8.self)
            case ASCII.backslash where delimiter == ASCII.quote:
                buffer.append(contentsOf: bytes[runStart..<position])
                if !skipLineEndingBackslash() {
                    try appendEscape(to: &buffer)
                }
                runStart = position
            case ASCII.carriageReturn:
                buffer.append(contentsOf: bytes[runStart..<position])
                buffer.append(ASCII.lineFeed)
                position += 2
                runStart = position
            case 0:
                let closing = delimiter == ASCII.quote ? "\"\"\"" : "'''"
                throw failure("unterminated multi-line string: expected \(closing)", at: position)
            default:
                position += 1
            }
        }
    }

    /// A `\` followed only by whitespace up to the end of the line joins lines: the
    /// backslash, the line end and all whitespace and line ends after it are dropped.
    /// Returns false, without moving, when the backslash starts an ordinary escape.
    private mutating func skipLineEndingBackslash() -> Bool {
        var cursor = position + 1
        while byte(at: cursor) == ASCII.space || byte(at: cursor) == ASCII.tab { cursor += 1 }
        let next = byte(at: cursor)
        guard next == ASCII.lineFeed || next == ASCII.carriageReturn else { return false }
        position = cursor
        while true {
            skipWhitespace()
            if !skipLineEnd() { return true }
        }
    }

    /// Decodes the escape sequence under the cursor (on its `\`) into `buffer`.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(TOMLError) {
        let start = position
        let letter = byte(at: start + 1)
        let simple: UInt8
        switch letter {
        case ASCII.lowerB: simple = 0x08
        case ASCII.lowerT: simple = ASCII.tab
        case ASCII.lowerN: simple = ASCII.lineFeed
        case ASCII.lowerF: simple = 0x0C
        case 0x72: simple = ASCII.carriageReturn  // r
        case ASCII.quote, ASCII.backslash: simple = letter
        case 0x75, 0x55:  // u, U
            try appendUnicodeEscape(digits: letter == 0x75 ? 4 : 8, to: &buffer)
            return
        case ASCII.lineFeed, ASCII.carriageReturn, 0:
            throw failure("a backslash must start an escape sequence; write '\\\\' for a backslash", at: start)
        default:
            throw failure(
                "invalid escape sequence '\\\(scalarText(at: start + 1))'"
                    + " (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)", at: start)
        }
        buffer.append(simple)
        position += 2
    }

    private mutating func appendUnicodeEscape(digits: Int, to buffer: inout [UInt8]) throws(TOMLError) {
        let start = position
        let letter = digits == 4 ? "u" : "U"
        var value: UInt32 = 0
        for index in 0..<digits {
            let digit = byte(at: start + 2 + index)
            guard ASCII.isHexDigit(digit) else {
                throw failure("invalid escape: '\\\(letter)' must be followed by \(digits) hex digits", at: start)
            }
            value = value << 4 | ASCII.hexValue(digit)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure(
                "invalid escape: \\\(letter)\(TOMLParser.hex(value, width: digits)) is not a Unicode scalar value",
                at: start)
        }
        appendUTF8(scalar.value, to: &buffer)
        position = start + 2 + digits
    }
}

/// Appends the UTF-8 encoding of a valid scalar value.
func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
    switch value {
    case 0..<0x80:
        buffer.append(UInt8(value))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | value >> 6))
        buffer.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
        buffer.append(UInt8(0xE0 | value >> 12))
        buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | value & 0x3F))
    default:
        buffer.append(UInt8(0xF0 | value >> 18 & 0x07))
        buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
        buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | value & 0x3F))
    }
}
