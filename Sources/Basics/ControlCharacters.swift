/// The control characters a data file can put in any text, and the one rule every published page,
/// picture, feed and calendar keeps for them (DESIGN.md §6: none ever carries them raw).
///
/// TOML writes any of them as an escape (`\u0000`, `\u0007`, `\u001B`, `\u007F`, `\u0085`, `\r`,
/// `\f`) and a Markdown page may hold them as they are. XML 1.0 (§2.2, `Char`) forbids the C0
/// controls but tab, line feed and carriage return, even as character references; HTML reports
/// each control as a parse error (and turns `&#x80;`–`&#x9F;` into Windows-1252 letters); an
/// iCalendar TEXT value (RFC 5545 §3.1, §3.3.11) may hold none but tab. So in HTML, SVG, Atom,
/// the sitemap and iCalendar TEXT, `cleaned` runs before the format's own escaping:
///
/// - tab and line feed stay;
/// - a carriage return, alone or before a line feed, becomes one line feed: what HTML and XML
///   parsers make of it anyway, and iCalendar then writes it as `\n`;
/// - every other C0 control (U+0000–U+001F, form feed included), DEL (U+007F) and every C1
///   control (U+0080–U+009F) becomes U+FFFD, the replacement character, so the reader sees that
///   something was there and two words it stood between stay apart.
///
/// JSON is the exception: `data.json` and `widget.json` are data for scripts, so they keep the
/// exact text and write each control as a `\u00XX` escape instead (`JSONValue.quote`).
public enum ControlCharacters {
    /// True for a byte `cleaned` may change: a C0 control other than tab and line feed, DEL, or
    /// 0xC2, the first byte of every C1 control in UTF-8 (and of `£`, `°`, `·` and the no-break
    /// space, which it leaves alone). A text with none of these comes back from `cleaned` as it
    /// is, so an escaping scan that already walks the bytes can test this and skip `cleaned`.
    @inlinable
    public static func mayBegin(_ byte: UInt8) -> Bool {
        byte < 0x20 ? byte != 0x09 && byte != 0x0A : byte == 0x7F || byte == 0xC2
    }

    /// `text` under the rule above; the same string when it holds nothing to replace.
    public static func cleaned(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = firstChange(in: bytes) else { return nil }
            return String(decoding: cleaned(bytes, from: first), as: UTF8.self)
        } ?? text
    }

    /// True when `cleaned` would change `text`.
    public static func occur(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstChange(in: $0) != nil }
    }

    /// The one rule for a character no eye sees but a reader acts on: a C0 control (U+0000–U+001F,
    /// tab and line feed included), DEL, a C1 control (U+0080–U+009F), or the line and paragraph
    /// separators (U+2028, U+2029), which end a line for JavaScript and many readers. Typed text
    /// refuses these but tab (`refusedInTypedText`), a message quotes them as escapes
    /// (`Diagnostic.visible`, which adds the bidirectional overrides) and `data.json` writes them
    /// as `\u` escapes (`JSONValue`).
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// The first character that typed text may not hold, described ("U+0085"); nil when it holds
    /// none. One rule for every field of serve's forms and every text a command takes (`--note`):
    /// `isControl` but tab (line feed and carriage return are refused too: a field is one line)
    /// (DESIGN.md §6).
    public static func refusedInTypedText(_ text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: { $0 != "\t" && isControl($0) }) else { return nil }
        return "U+" + Int(scalar.value).zeroPadded(4, radix: 16, uppercase: true)
    }

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The offset of the first byte the rule changes, or nil.
    private static func firstChange(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            if mayBegin(bytes[index]) {
                if bytes[index] != 0xC2 { return index }
                if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return index }
            }
            index += 1
        }
        return nil
    }

    /// The bytes with everything from `first` on cleaned; the text before it is copied in one run.
    private static func cleaned(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var runStart = 0
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            guard mayBegin(byte) else {
                index += 1
                continue
            }
            let isC1 = byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
            if byte == 0xC2 && !isC1 {
                index += 2
                continue
            }
            out.append(contentsOf: bytes[runStart..<index])
            if byte == 0x0D {
                // CRLF is one line break: the CR goes and the LF stays; a CR alone becomes an LF.
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A { out.append(0x0A) }
                index += 1
            } else {
                out.append(contentsOf: replacement)
                index += isC1 ? 2 : 1
            }
            runStart = index
        }
        out.append(contentsOf: bytes[runStart..<bytes.count])
        return out
    }
}
