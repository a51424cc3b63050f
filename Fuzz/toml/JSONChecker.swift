/// A strict RFC 8259 validator: one value, optional whitespace around it, valid UTF-8 in
/// strings and no raw control characters. Nesting is bounded so hostile input cannot
/// overflow the stack here either.
struct JSONChecker {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func isValidDocument() -> Bool {
        guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        skipWhitespace()
        guard value(depth: 0) else { return false }
        skipWhitespace()
        return index == bytes.count
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ text: String) -> Bool {
        for byte in text.utf8 where !consume(byte) { return false }
        return true
    }

    private mutating func value(depth: Int) -> Bool {
        guard depth < 1000, let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth, keyed: true)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth, keyed: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func container(close: UInt8, depth: Int, keyed: Bool) -> Bool {
        index += 1
        skipWhitespace()
        if consume(close) { return true }
        while true {
            skipWhitespace()
            if keyed {
                guard string() else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
            }
            guard value(depth: depth + 1) else { return false }
            skipWhitespace()
            if consume(close) { return true }
            guard consume(UInt8(ascii: ",")) else { return false }
        }
    }

    private mutating func string() -> Bool {
        guard consume(UInt8(ascii: "\"")) else { return false }
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return false }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let hex = current, isHex(hex) else { return false }
                        index += 1
                    }
                default: return false
                }
            case 0..<0x20: return false
            default: continue
            }
        }
        return false
    }

    private mutating func number() -> Bool {
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard digits() else { return false }
        }
        if consume(UInt8(ascii: ".")) {
            guard digits() else { return false }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    private func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }
}
