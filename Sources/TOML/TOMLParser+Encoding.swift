import Basics

/// The encoding check run before parsing.
///
/// TOML forbids raw control characters everywhere (in strings, comments and between
/// tokens alike), except tab and the line ending LF or CRLF. Checking the whole file up
/// front, together with UTF-8 validity, lets the grammar code treat every byte it sees
/// as already legal text. The check stops at the first bad byte; the parser reads only
/// up to there and reports the encoding problem unless it finds a syntax error first.
extension TOMLParser {
    struct EncodingSurvey {
        /// Where the document starts (3 when there is a BOM).
        var contentStart = 0
        /// The first byte the parser may not read: the bad byte, or the end of input.
        var end = 0
        /// What is wrong at `end`, when it is not the end of input.
        var problem: String?
        var lines = LineIndex(firstLineStart: 0)
    }

    static func survey(_ bytes: [UInt8]) -> EncodingSurvey {
        var survey = EncodingSurvey()
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            survey.contentStart = 3
            survey.lines = LineIndex(firstLineStart: 3)
        }
        var offset = survey.contentStart
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte >= 0x20 && byte < 0x7F || byte == ASCII.tab {
                offset += 1
            } else if byte == ASCII.lineFeed {
                offset += 1
                survey.lines.addLine(startingAt: offset)
            } else if byte == ASCII.carriageReturn {
                guard offset + 1 < count && bytes[offset + 1] == ASCII.lineFeed else {
                    survey.problem = "carriage return must be followed by a line feed"
                    break
                }
                offset += 2
                survey.lines.addLine(startingAt: offset)
            } else if byte < 0x80 {
                survey.problem =
                    "control character \(scalarName(UInt32(byte))) is not allowed"
                    + " (use an escape sequence inside a basic string)"
                break
            } else {
                let length = utf8SequenceLength(bytes, at: offset)
                guard length > 0 else {
                    survey.problem = "invalid UTF-8 byte 0x\(hex(UInt32(bytes[offset]), width: 2))"
                    break
                }
                survey.lines.isASCII = false
                offset += length
            }
        }
        survey.end = offset
        return survey
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset` (a byte of
    /// 0x80 or above), or 0 when it is malformed, overlong, a surrogate or beyond U+10FFFF.
    static func utf8SequenceLength(_ bytes: [UInt8], at offset: Int) -> Int {
        let lead = bytes[offset]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        let second = bytes[offset + 1]
        guard second >= lower && second <= upper else { return 0 }
        var index = offset + 2
        while index < offset + length {
            guard bytes[index] & 0xC0 == 0x80 else { return 0 }
            index += 1
        }
        return length
    }

    /// `U+001B` style name of a scalar value.
    static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value, width: 4)
    }

    static func hex(_ value: UInt32, width: Int) -> String { value.zeroPadded(width, radix: 16, uppercase: true) }
}
