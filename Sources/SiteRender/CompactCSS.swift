/// The stylesheet as the site ships it: the theme's, with the white space a browser does not need
/// taken out — the indentation, line breaks, and the spaces around `{`, `}`, `;` and after `,`
/// and a declaration's `:` — and the `;` after a block's last declaration, so every page stays
/// under its size budget (issue 34: the breathing page's calendars). Quoted strings and `url(…)`
/// are copied as written, and a space before `:` is kept (`.app-form :is(…)` is not
/// `.app-form:is(…)`).
enum CompactCSS {
    static func compact(_ css: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(css.utf8.count)
        let bytes = Array(css.utf8)
        var index = 0
        var depth = 0  // braces open: 0 or 1 in a selector, inside a block after
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        /// Punctuation a space beside never changes the meaning of: `a { b: c; d, e }`.
        func isTight(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",")
        }
        func last() -> UInt8? { out.last }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                // A comment, as written (the stylesheet's first line says where it comes from).
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                out.append(contentsOf: bytes[index..<min(end + 2, bytes.count)])
                index = end + 2
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // A string, to its closing quote, as written.
                var end = index + 1
                while end < bytes.count, bytes[end] != byte {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                out.append(contentsOf: bytes[index...min(end, bytes.count - 1)])
                index = end + 1
                continue
            }
            if isSpace(byte) {
                var end = index
                while end < bytes.count, isSpace(bytes[end]) { end += 1 }
                let next = end < bytes.count ? bytes[end] : nil
                let previous = last()
                let drop =
                    previous == nil || next == nil || isTight(previous!) || isTight(next!)
                    || (previous == UInt8(ascii: ":") && depth > 0)
                if !drop { out.append(0x20) }
                index = end
                continue
            }
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
                // A block's last declaration needs no `;`.
                if last() == UInt8(ascii: ";") { out.removeLast() }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
