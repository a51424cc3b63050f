import Basics

/// Text written as roff for the man page: escaped so groff prints it as typed.
enum Roff {
    /// `text` on a line of its own: backslashes doubled, every hyphen a `\-` (so an option copied
    /// from the page pastes as typed), anything past ASCII as `\[uXXXX]` (groff reads its input as
    /// Latin-1 unless told), and `\&` before a `.` or `'` that would start a request.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                out += "\\[u" + scalar.value.zeroPadded(4, radix: 16, uppercase: true) + "]"
            }
        }
        return out
    }

    /// A synopsis or a term: options and literal words in bold, placeholders (`DIR`, `YYYY-MM-DD`,
    /// `1..5`) in italics, brackets, bars and commas as they are.
    static func formatted(_ text: String) -> String {
        var out = ""
        var word = ""
        func endWord() {
            guard let first = word.first else { return }
            let literal = first == "-" || first.isLowercase
            out += (literal ? "\\fB" : "\\fI") + escape(word) + "\\fR"
            word = ""
        }
        for character in text {
            if " []()|,".contains(character) {
                endWord()
                out += escape(String(character))
            } else {
                word.append(character)
            }
        }
        endWord()
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}
