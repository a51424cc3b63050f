/// UTF-16 text — what Excel's "Unicode Text" and some banks and Windows tools save — told apart
/// from the legacy encodings (`LegacyEncoding`): with a byte-order mark it is read as it is; without
/// one, the NUL bytes of its ASCII characters, all at odd or all at even offsets, give it away.
/// Either way it is never called Latin-1, whose `iconv` line would fill the file with NULs.
package enum UTF16Text {
    package enum ByteOrder: Sendable, Equatable {
        case littleEndian, bigEndian

        /// As people and `iconv -f` call it.
        package var name: String { self == .littleEndian ? "UTF-16LE" : "UTF-16BE" }
    }

    /// The byte order of `bytes` when they are UTF-16 text, and whether a byte-order mark says so;
    /// nil for anything else.
    package static func order(of bytes: [UInt8]) -> (order: ByteOrder, bom: Bool)? {
        if bytes.starts(with: [0xFF, 0xFE]) && !bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return (.littleEndian, true)
        }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.bigEndian, true) }
        // Without a mark: look at the first pairs; text with ASCII in it has a NUL in one half of
        // most of them, the same half each time, and (almost) never in the other.
        let pairs = min(bytes.count, 1024) / 2
        guard pairs >= 2 else { return nil }
        var evenNULs = 0
        var oddNULs = 0
        for pair in 0..<pairs {
            if bytes[2 * pair] == 0 { evenNULs += 1 }
            if bytes[2 * pair + 1] == 0 { oddNULs += 1 }
        }
        if oddNULs * 2 >= pairs && evenNULs * 10 <= oddNULs { return (.littleEndian, false) }
        if evenNULs * 2 >= pairs && oddNULs * 10 <= evenNULs { return (.bigEndian, false) }
        return nil
    }

    /// `bytes` as UTF-8: as they are when they are not UTF-16, decoded when a byte-order mark says
    /// they are; refused with the `iconv` line that converts them when they look like UTF-16
    /// without a mark, or are not valid UTF-16.
    package static func utf8(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [UInt8] {
        guard let (order, bom) = order(of: bytes) else { return bytes }
        let command =
            "iconv -f \(bom ? "UTF-16" : order.name) -t UTF-8 \(LegacyEncoding.shellQuoted(path)) > "
            + LegacyEncoding.shellQuoted(path + ".utf8")
        guard bom else {
            throw Diagnostic(
                .error, path: path,
                message: "is not UTF-8 text but looks like \(order.name) (UTF-16 without a byte-order mark); "
                    + "convert it first: \(command), then give sandjar the .utf8 file")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(order == .littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        var text = ""
        var iterator = units.makeIterator()
        var parser = Unicode.UTF16.ForwardParser()
        while true {
            let invalid: Bool
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF16.decode(encoded))
                continue
            case .error: invalid = true
            case .emptyInput: invalid = bytes.count % 2 == 1
            }
            guard invalid else { return Array(text.utf8) }
            throw Diagnostic(
                .error, path: path,
                message: "is \(order.name) text (its byte-order mark says so) but not valid UTF-16; "
                    + "save it again as UTF-8, or try \(command)")
        }
    }
}
