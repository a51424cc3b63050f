import SiteData

/// The fields of an `application/x-www-form-urlencoded` body, as browsers send forms.
///
/// Strict, because what it reads ends up in a person's files: every name at most once (two
/// `amount`s would leave the server guessing), names and values valid UTF-8 once decoded, at most
/// `maxFields` fields. `+` is a space; `%XX` a byte.
struct FormFields: Equatable {
    static let maxFields = 50

    private(set) var values: [String: String] = [:]

    init(_ body: [UInt8]) throws(Diagnostic) {
        guard !body.isEmpty else { return }
        let pairs = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        guard pairs.count <= FormFields.maxFields else {
            throw Diagnostic("more than \(FormFields.maxFields) fields")
        }
        for pair in pairs {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try FormFields.decode(parts[0])
            let value = parts.count > 1 ? try FormFields.decode(parts[1]) : ""
            guard !name.isEmpty else { throw Diagnostic("a field without a name") }
            guard values[name] == nil else { throw Diagnostic("the field '\(name)' is sent twice") }
            values[name] = value
        }
    }

    init(values: [String: String]) {
        self.values = values
    }

    subscript(name: String) -> String? { values[name] }

    /// The field, nil when absent or only white space.
    func given(_ name: String) -> String? {
        guard let value = values[name], !value.allSatisfy({ $0.isWhitespace }) else { return nil }
        return value
    }

    private static func decode(_ raw: ArraySlice<UInt8>) throws(Diagnostic) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex, let high = hex(raw[index + 1]), let low = hex(raw[index + 2]) else {
                    throw Diagnostic("an invalid percent escape")
                }
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic("a field that is not UTF-8")
        }
        return text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
