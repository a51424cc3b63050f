/// Reads TOML 1.0.0 documents into `TOMLTable`s.
///
/// The parser works directly on UTF-8 bytes in a single forward pass (after a quick
/// encoding check), builds tables in place, and never traps: every malformed input,
/// whatever its bytes, ends in a `TOMLError` that says what was wrong and where.
/// Sizes and nesting depth are bounded by `TOMLLimits`, so recursion cannot overflow
/// the stack however deeply an input tries to nest.
public enum TOMLParser {
    /// Parses a document given as raw bytes (UTF-8, optionally starting with a BOM).
    ///
    /// Invalid UTF-8, control characters and lone carriage returns are reported with
    /// the location of the offending byte.
    public static func parse(_ bytes: [UInt8], limits: TOMLLimits = .default) throws(TOMLError) -> TOMLTable {
        if let parsing { parsing(bytes) }
        if bytes.count > limits.maxBytes {
            throw oversizeError(bytes, limits: limits)
        }
        var reader = Reader(bytes: bytes, limits: limits)
        return try reader.parseDocument()
    }

    /// Told the bytes of every document about to be parsed; nil (no cost) but in tests that count
    /// how many times an edit parses each file (`EditParseTests`). Set it only while no other
    /// thread parses, and set it back to nil.
    nonisolated(unsafe) public static var parsing: (@Sendable ([UInt8]) -> Void)?

    /// Parses a document given as text.
    public static func parse(_ text: String, limits: TOMLLimits = .default) throws(TOMLError) -> TOMLTable {
        if text.utf8.count > limits.maxBytes {
            throw oversizeError(Array(text.utf8.prefix(max(0, limits.maxBytes) + 1)), limits: limits)
        }
        return try parse(Array(text.utf8), limits: limits)
    }

    /// "file is larger than 16 MiB", located at the first byte past the limit.
    private static func oversizeError(_ bytes: [UInt8], limits: TOMLLimits) -> TOMLError {
        let limit = max(0, limits.maxBytes)
        var line = 1
        var column = 1
        for byte in bytes.prefix(limit) {
            if byte == ASCII.lineFeed {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TOMLError(
            message: "file is larger than \(sizeDescription(limit))",
            location: SourceLocation(line: line, column: column))
    }

    private static func sizeDescription(_ bytes: Int) -> String {
        if bytes > 0 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes > 0 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
