import Basics

/// Text made safe for XML and HTML character data and attribute values: the five special
/// characters become entities, and control characters are what `ControlCharacters.cleaned` makes
/// of them — U+FFFD for the C0 controls XML 1.0 forbids even as references, DEL and the C1
/// controls, a line feed for a carriage return. Every generated SVG, Atom and sitemap file escapes
/// through here.
package enum XMLText {
    package static func escape(_ text: String) -> String {
        // Most text has nothing to escape or replace: one scan of its bytes, and it is returned as is.
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
            default: !ControlCharacters.mayBegin(byte)
            }
        }
        return plain ? text : escapeEachScalar(text)
    }

    /// The escaping itself, scalar by scalar, after the control characters are replaced.
    package static func escapeEachScalar(_ text: String) -> String {
        var out = ""
        for scalar in ControlCharacters.cleaned(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
