/// The bytes TOML's grammar is written in, named so the parser reads like the spec.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22  // "
    static let hash: UInt8 = 0x23  // #
    static let apostrophe: UInt8 = 0x27  // '
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let upperE: UInt8 = 0x45
    static let upperT: UInt8 = 0x54
    static let upperZ: UInt8 = 0x5A
    static let openBracket: UInt8 = 0x5B  // [
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D  // ]
    static let underscore: UInt8 = 0x5F
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerI: UInt8 = 0x69
    static let lowerN: UInt8 = 0x6E
    static let lowerO: UInt8 = 0x6F
    static let lowerT: UInt8 = 0x74
    static let lowerX: UInt8 = 0x78
    static let lowerZ: UInt8 = 0x7A
    static let openBrace: UInt8 = 0x7B  // {
    static let closeBrace: UInt8 = 0x7D  // }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    /// `A-Z a-z 0-9 _ -`: the characters of a bare key.
    @inline(__always)
    static func isBareKeyCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 26 || byte == underscore || byte == minus
    }

    /// The value of a hex digit already known to be one.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32 {
        isDigit(byte) ? UInt32(byte - zero) : UInt32((byte | 0x20) - 0x61 + 10)
    }
}
