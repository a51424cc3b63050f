import TOML

extension SourceFile {
    /// The finding for a TOML parse error: at the first byte that is not UTF-8, what encoding
    /// the file seems to be in instead.
    package func finding(for error: TOMLError) -> Diagnostic {
        notUTF8(at: error.location) ?? diagnostic(.error, at: error.location, error.message)
    }

    /// The finding for a file that is not UTF-8, at its first bad byte: the byte, the encoding the
    /// file looks like and the command that converts it, with the line quoted as that encoding
    /// reads it (not as mojibake). Nil when the file is UTF-8, or when `expected` is given and the
    /// first bad byte is not there (a parser stopped earlier, at another mistake).
    func notUTF8(at expected: SourceLocation? = nil) -> Diagnostic? {
        guard let bad = UTF8Check.firstInvalid(in: bytes), expected == nil || expected == bad.location else {
            return nil
        }
        guard let encoding = LegacyEncoding.guess(bytes) else {
            return invalidUTF8("save the file as UTF-8, the only encoding sandjar reads", at: bad, readAs: nil)
        }
        return invalidUTF8(
            "the file looks like \(encoding.name); convert it with \(encoding.conversion(of: path)) and move that over it",
            at: bad, readAs: encoding)
    }

    /// `advice` at the file's first byte that is not UTF-8, after the byte (`invalid UTF-8 byte
    /// 0xD7: advice`), its line quoted as `encoding` reads it when one is given (the caret under
    /// the character there); at the whole file when all of it is UTF-8. For the files a command
    /// is given — a statement, an export — each with advice of its own.
    package func invalidUTF8(_ advice: String, readAs encoding: LegacyEncoding?) -> Diagnostic {
        guard let bad = UTF8Check.firstInvalid(in: bytes) else {
            return Diagnostic(.error, path: path, message: advice)
        }
        return invalidUTF8(advice, at: bad, readAs: encoding)
    }

    private func invalidUTF8(_ advice: String, at bad: UTF8Check.Place, readAs encoding: LegacyEncoding?) -> Diagnostic
    {
        let byte = "0x" + String(bytes[bad.offset], radix: 16, uppercase: true)
        var column = bad.location.column
        var quoted = lineText(bad.location.line)
        var end = bytes[bad.offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        if end > bad.lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if let encoding, let line = encoding.decode(bytes[bad.lineStart..<end]),
            let before = encoding.decode(bytes[bad.lineStart..<bad.offset])
        {
            quoted = line
            column = before.unicodeScalars.count + 1
        }
        return Diagnostic(
            .error, path: path, line: bad.location.line, column: column,
            message: "invalid UTF-8 byte \(byte): " + advice, lineText: quoted)
    }
}

/// Finds the first byte sequence that is not UTF-8, to point at it like any other finding.
enum UTF8Check {
    struct Place {
        /// Line and column (in scalars, a byte-order mark not counted) as `SourceLocation` has them.
        var location: SourceLocation
        /// The bad byte's offset, and that of the start of its line.
        var offset: Int
        var lineStart: Int
    }

    static func firstInvalid(in bytes: [UInt8]) -> Place? {
        // The standard library's validation (the same rules, much faster) says whether there is
        // anything to find; only then is the file walked scalar by scalar to say where.
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var offset = bytes.starts(with: bom) ? 3 : 0
        var iterator = bytes[offset...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    column = 1
                    lineStart = offset
                } else {
                    column += 1
                }
            case .error:
                return Place(location: SourceLocation(line: line, column: column), offset: offset, lineStart: lineStart)
            case .emptyInput:
                return nil
            }
        }
    }
}
