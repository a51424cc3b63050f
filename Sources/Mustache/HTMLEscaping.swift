import Basics

extension String {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and its control
    /// characters as `ControlCharacters.cleaned` leaves them (U+FFFD, a carriage return as a line
    /// feed): no page carries one raw, whatever the data holds.
    ///
    /// The apostrophe is escaped too (as `&#39;`, which every HTML version
    /// reads) because themes put values inside single-quoted attributes.
    /// Text without any of the five characters or a control is appended in one piece.
    mutating func appendEscapingHTML(_ text: String) {
        // Most text has nothing to escape: one scan of its bytes, then one append.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || ControlCharacters.mayBegin($0)
            }
        }
        if plain == true {
            append(text)
            return
        }
        let text = ControlCharacters.cleaned(text)
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let entity: String
            switch utf8[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                index = utf8.index(after: index)
                continue
            }
            append(contentsOf: text[runStart..<index])
            append(entity)
            index = utf8.index(after: index)
            runStart = index
        }
        append(contentsOf: text[runStart...])
    }
}
