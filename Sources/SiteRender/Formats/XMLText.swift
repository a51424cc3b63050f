/// Text made safe for XML and HTML character data and attribute values: the five special
/// characters become entities, and the control characters XML 1.0 forbids even as entities are
/// dropped. Every generated SVG, Atom and sitemap file escapes through here.
enum XMLText {
    static func escape(_ text: String) -> String {
        // Most text has nothing to escape or drop: one scan of its bytes, and it is returned as is.
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
            case 0x09, 0x0A, 0x0D: true
            default: byte >= 0x20
            }
        }
        return plain ? text : escapeEachScalar(text)
    }

    /// The escaping itself, scalar by scalar.
    static func escapeEachScalar(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
