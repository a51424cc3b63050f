import Foundation

/// The encodings a file that is not UTF-8 is most often in — Chinese Windows and bank exports
/// (GB18030), Taiwan and Hong Kong (Big5), Japan (Shift-JIS), Western Europe (Latin-1) — so a
/// message can say which one a file looks like and give the `iconv` command that converts it.
/// One guess for data files and bank statements alike.
package enum LegacyEncoding: CaseIterable, Sendable {
    case gb18030, big5, shiftJIS, latin1

    /// As people call it.
    package var name: String {
        switch self {
        case .gb18030: "GB18030"
        case .big5: "Big5"
        case .shiftJIS: "Shift-JIS"
        case .latin1: "Latin-1"
        }
    }

    /// As `iconv -f` takes it.
    package var iconvName: String {
        switch self {
        case .gb18030: "GB18030"
        case .big5: "BIG5"
        case .shiftJIS: "SHIFT-JIS"
        case .latin1: "LATIN1"
        }
    }

    /// Foundation's encoding. GB18030 and Big5 have no named constant: theirs is what
    /// `CFStringConvertEncodingToNSStringEncoding` gives for kCFStringEncodingGB_18030_2000
    /// (0x0632) and kCFStringEncodingBig5 (0x0A03), which Linux Foundation converts through ICU.
    private var foundation: String.Encoding {
        switch self {
        case .gb18030: String.Encoding(rawValue: 0x8000_0632)
        case .big5: String.Encoding(rawValue: 0x8000_0A03)
        case .shiftJIS: .shiftJIS
        case .latin1: .isoLatin1
        }
    }

    /// `bytes` read in this encoding, nil when they are not valid in it.
    package func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        String(data: Data(bytes), encoding: foundation)
    }

    /// `iconv -f GB18030 -t UTF-8 FILE > FILE.utf8`, the path quoted for a shell when it must be.
    package func conversion(of path: String) -> String {
        let shell = LegacyEncoding.shellQuoted
        return "iconv -f \(iconvName) -t UTF-8 \(shell(path)) > \(shell(path + ".utf8"))"
    }

    /// The encoding `bytes` (not UTF-8) most likely are in, or nil when none reads as text or
    /// the bytes are mostly UTF-8 after all.
    ///
    /// GB18030, Big5, Shift-JIS and Latin-1 are tried in that order, and the first that reads
    /// as text people write is taken: Chinese characters and punctuation (with kana for
    /// Shift-JIS), or Latin-1 letters and signs. Two exceptions to the order: bytes above 0x7F
    /// that each stand alone between ASCII are accented letters, not halves of a Chinese or
    /// Japanese character, so Latin-1 comes first; and a Shift-JIS reading with kana is
    /// Japanese, whatever GB18030 makes of the same bytes.
    package static func guess(_ bytes: [UInt8]) -> LegacyEncoding? {
        guard !mostlyUTF8(bytes) else { return nil }
        if highBytesStandAlone(bytes), let text = LegacyEncoding.latin1.decode(bytes),
            LegacyEncoding.latin1.isPlausible(text)
        {
            return .latin1
        }
        if let text = LegacyEncoding.shiftJIS.decode(bytes), LegacyEncoding.shiftJIS.isPlausible(text),
            text.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) })
        {
            return .shiftJIS
        }
        return allCases.first { encoding in encoding.decode(bytes).map(encoding.isPlausible) ?? false }
    }

    /// Whether every character of `text` beyond ASCII is one that text in this encoding is
    /// written with, rather than what other bytes happen to decode to.
    private func isPlausible(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            if value < 0x80 { return true }
            switch self {
            case .latin1: return value >= 0xA0
            case .gb18030, .big5: return LegacyEncoding.isChinese(value)
            case .shiftJIS:
                return LegacyEncoding.isChinese(value) || (0x3040...0x30FF).contains(value)
                    || (0xFF61...0xFF9F).contains(value)
            }
        }
    }

    /// Ideographs, CJK and full-width punctuation, and the quotes, dashes and dots of general
    /// punctuation.
    private static func isChinese(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x3000...0x303F).contains(value)
            || (0xFF01...0xFF5E).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x2010...0x2027).contains(value) || value == 0xB7
    }

    /// A UTF-8 file with damaged spots, not a file in another encoding: it has at least as many
    /// UTF-8 characters people write beyond ASCII — accented Latin-1 letters, or characters from
    /// U+0800 on, such as Chinese — as runs of bytes that are not UTF-8. Other two-byte UTF-8
    /// characters do not count: GB18030 and Big5 text often is such a character by chance
    /// ("存钱" in GB18030 is B4 E6 C7 AE, and C7 AE reads as "Ǯ").
    private static func mostlyUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var valid = 0
        var damaged = 0
        var inDamage = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded).value
                if (0xA0...0xFF).contains(scalar) || scalar >= 0x800 { valid += 1 }
                inDamage = false
            case .error:
                if !inDamage { damaged += 1 }
                inDamage = true
            case .emptyInput: return valid >= damaged
            }
        }
    }

    private static func highBytesStandAlone(_ bytes: [UInt8]) -> Bool {
        bytes.indices.allSatisfy { index in
            bytes[index] < 0x80
                || ((index == 0 || bytes[index - 1] < 0x80) && (index + 1 == bytes.count || bytes[index + 1] < 0x80))
        }
    }

    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "/._-+,".unicodeScalars.contains($0)
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
