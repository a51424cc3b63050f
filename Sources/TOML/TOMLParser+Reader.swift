extension TOMLParser {
    /// The parsing state: the bytes, a cursor, and the means to turn offsets into
    /// locations and errors. The grammar lives in extensions split by concern
    /// (`+Document`, `+Keys`, `+Values`, `+Strings`, `+Numbers`, `+DateTime`).
    ///
    /// All grammar methods use typed `throws(TOMLError)`.
    struct Reader {
        let bytes: [UInt8]
        let limits: TOMLLimits
        /// The cursor, a byte offset into `bytes`.
        var position: Int
        /// Bytes at or after `end` are never read (see `EncodingSurvey`).
        let end: Int
        /// The encoding problem at `end`, if the input does not simply stop there.
        let encodingProblem: String?
        var lines: LineIndex

        init(bytes: [UInt8], limits: TOMLLimits) {
            let survey = TOMLParser.survey(bytes)
            self.bytes = bytes
            self.limits = limits
            self.position = survey.contentStart
            self.end = survey.end
            self.encodingProblem = survey.problem
            self.lines = survey.lines
        }

        /// The byte under the cursor, or 0 at the end. NUL cannot occur before `end`
        /// (the encoding check rejects it), so 0 unambiguously means "no more input".
        @inline(__always)
        var current: UInt8 { position < end ? bytes[position] : 0 }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 { offset < end ? bytes[offset] : 0 }

        @inline(__always)
        var isAtEnd: Bool { position >= end }

        mutating func location(of offset: Int) -> SourceLocation {
            lines.location(of: offset, in: bytes)
        }

        /// An error at `offset`. When the parser got there only because the input was cut
        /// short by an encoding problem, that problem is the real error and is reported
        /// instead.
        mutating func failure(_ message: String, at offset: Int) -> TOMLError {
            if let encodingProblem, offset >= end {
                return TOMLError(message: encodingProblem, location: location(of: end))
            }
            return TOMLError(message: message, location: location(of: offset))
        }

        /// The error for exceeding `limits.maxDepth`.
        mutating func depthFailure(at offset: Int) -> TOMLError {
            failure("nesting is deeper than the limit of \(limits.maxDepth) levels", at: offset)
        }

        // MARK: Whitespace, comments and line ends

        /// Skips spaces and tabs.
        @inline(__always)
        mutating func skipWhitespace() {
            while position < end, bytes[position] == ASCII.space || bytes[position] == ASCII.tab {
                position += 1
            }
        }

        /// Skips a comment from its `#` up to (not including) the line end. Its content
        /// was already checked for control characters by the encoding survey.
        mutating func skipComment() {
            while position < end, bytes[position] != ASCII.lineFeed, bytes[position] != ASCII.carriageReturn {
                position += 1
            }
        }

        /// Consumes LF or CRLF if one is under the cursor.
        @inline(__always)
        mutating func skipLineEnd() -> Bool {
            switch current {
            case ASCII.lineFeed:
                position += 1
                return true
            case ASCII.carriageReturn:
                position += 2
                return true  // LF guaranteed by the survey
            default: return false
            }
        }

        /// Skips whitespace, comments and line ends: the filler allowed between array
        /// elements.
        mutating func skipBlankSpace() {
            while true {
                skipWhitespace()
                if current == ASCII.hash {
                    skipComment()
                } else if !skipLineEnd() {
                    return
                }
            }
        }

        /// After a key/value pair or table header, only whitespace, a comment and the line
        /// end (or the end of the file) may follow.
        mutating func expectLineEnd(after what: String) throws(TOMLError) {
            skipWhitespace()
            if current == ASCII.hash { skipComment() }
            if isAtEnd || skipLineEnd() { return }
            throw failure(
                "expected a new line after \(what), found \(foundDescription(at: position))",
                at: position)
        }

        // MARK: Describing input in messages

        /// A short quotation of the input at `offset` for messages: `'True'`, `','`,
        /// `end of line`, `end of file`.
        func foundDescription(at offset: Int) -> String {
            guard offset < end else { return "end of file" }
            let first = bytes[offset]
            if first == ASCII.lineFeed || first == ASCII.carriageReturn { return "end of line" }
            if first == ASCII.space { return "a space" }
            if first == ASCII.tab { return "a tab" }
            var stop = offset
            if isWordByte(first) {
                while stop < end, stop - offset < 24, isWordByte(bytes[stop]) { stop += 1 }
            } else {
                stop += 1
            }
            // Never cut a multi-byte character in half.
            while stop < end, bytes[stop] & 0xC0 == 0x80 { stop += 1 }
            return "'" + String(decoding: bytes[offset..<stop], as: UTF8.self) + "'"
        }

        /// The single character at `offset`, for messages.
        func scalarText(at offset: Int) -> String {
            guard offset < end else { return "" }
            var stop = offset + 1
            while stop < end, bytes[stop] & 0xC0 == 0x80 { stop += 1 }
            return String(decoding: bytes[offset..<stop], as: UTF8.self)
        }

        private func isWordByte(_ byte: UInt8) -> Bool {
            ASCII.isBareKeyCharacter(byte) || byte == ASCII.period || byte == ASCII.plus
                || byte == ASCII.colon || byte >= 0x80
        }
    }
}
