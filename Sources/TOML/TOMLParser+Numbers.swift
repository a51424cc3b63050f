/// Integers (decimal, `0x`, `0o`, `0b`) and floats (including `inf` and `nan`).
///
/// A number is first delimited as a run of number-like bytes, then checked against
/// TOML's grammar piece by piece so that errors point at the exact offending character
/// (a doubled underscore, a leading zero, a dot without digits after it).
extension TOMLParser.Reader {
    mutating func parseNumber() throws(TOMLError) -> TOMLValue {
        let start = position
        var stop = start
        while stop < end, isNumberByte(bytes[stop]) { stop += 1 }

        var cursor = start
        let sign = current
        if sign == ASCII.plus || sign == ASCII.minus { cursor += 1 }

        if let special = specialFloat(at: cursor, sign: sign) {
            guard cursor + 3 == stop else {
                throw failure("invalid number \(foundDescription(at: start))", at: cursor + 3)
            }
            position = stop
            let literal = String(decoding: bytes[start..<stop], as: UTF8.self)
            return TOMLValue(kind: .float(special, literal: literal), location: location(of: start))
        }
        guard cursor < stop, ASCII.isDigit(bytes[cursor]) else {
            if cursor > start {
                throw failure("expected a digit after the sign, found \(foundDescription(at: cursor))", at: cursor)
            }
            throw failure("expected a value, found \(foundDescription(at: start))", at: start)
        }

        if bytes[cursor] == ASCII.zero, cursor + 1 < stop,
            let radix = radix(of: bytes[cursor + 1])
        {
            guard cursor == start else {
                throw failure("a sign is not allowed on a hexadecimal, octal or binary integer", at: start)
            }
            return try parsePrefixedInteger(start: start, stop: stop, radix: radix)
        }

        let integerStart = cursor
        try scanDigits(&cursor, stop: stop, radix: 10, expecting: "a digit")
        if bytes[integerStart] == ASCII.zero && cursor > integerStart + 1 {
            throw failure("leading zeros are not allowed in a number", at: integerStart)
        }
        var isFloat = false
        if cursor < stop && bytes[cursor] == ASCII.period {
            isFloat = true
            cursor += 1
            try scanDigits(&cursor, stop: stop, radix: 10, expecting: "a digit after the decimal point")
        }
        if cursor < stop && (bytes[cursor] | 0x20) == ASCII.lowerE {
            isFloat = true
            cursor += 1
            if cursor < stop && (bytes[cursor] == ASCII.plus || bytes[cursor] == ASCII.minus) { cursor += 1 }
            try scanDigits(&cursor, stop: stop, radix: 10, expecting: "a digit in the exponent")
        }
        if cursor < stop {
            throw failure("unexpected '\(scalarText(at: cursor))' in number", at: cursor)
        }
        position = stop

        if isFloat {
            let literal = withoutUnderscores(start..<stop)
            guard let double = Double(literal), double.isFinite else {
                throw failure("float \(literal) is too large for a 64-bit float", at: start)
            }
            return TOMLValue(kind: .float(double, literal: literal), location: location(of: start))
        }
        // Accumulate negatively so that Int64.min fits.
        var value: Int64 = 0
        for index in integerStart..<stop where bytes[index] != ASCII.underscore {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.subtractingReportingOverflow(Int64(bytes[index] - ASCII.zero))
            guard !overflow && !overflow2 else { throw integerRangeFailure(at: start) }
            value = sum
        }
        if sign != ASCII.minus {
            guard value != Int64.min else { throw integerRangeFailure(at: start) }
            value = -value
        }
        return TOMLValue(kind: .integer(value), location: location(of: start))
    }

    private mutating func parsePrefixedInteger(start: Int, stop: Int, radix: Int64) throws(TOMLError) -> TOMLValue {
        var cursor = start + 2
        let name = radix == 16 ? "a hexadecimal digit" : radix == 8 ? "an octal digit" : "a binary digit"
        try scanDigits(&cursor, stop: stop, radix: radix, expecting: name)
        if cursor < stop {
            throw failure("unexpected '\(scalarText(at: cursor))' in number; expected \(name)", at: cursor)
        }
        var value: Int64 = 0
        for index in (start + 2)..<stop where bytes[index] != ASCII.underscore {
            let digit = Int64(ASCII.hexValue(bytes[index]))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            guard !overflow && !overflow2 else { throw integerRangeFailure(at: start) }
            value = sum
        }
        position = stop
        return TOMLValue(kind: .integer(value), location: location(of: start))
    }

    /// Advances over digits of `radix`, allowing single underscores between digits.
    private mutating func scanDigits(
        _ cursor: inout Int, stop: Int, radix: Int64,
        expecting what: String
    ) throws(TOMLError) {
        guard cursor < stop, isDigit(bytes[cursor], radix: radix) else {
            if cursor < stop && bytes[cursor] == ASCII.underscore {
                throw failure("an underscore must be between two digits", at: cursor)
            }
            throw failure("expected \(what), found \(foundDescription(at: cursor))", at: cursor)
        }
        cursor += 1
        while cursor < stop {
            let byte = bytes[cursor]
            if isDigit(byte, radix: radix) {
                cursor += 1
            } else if byte == ASCII.underscore {
                guard cursor + 1 < stop, isDigit(bytes[cursor + 1], radix: radix) else {
                    throw failure("an underscore must be between two digits", at: cursor)
                }
                cursor += 2
            } else {
                return
            }
        }
    }

    private func isDigit(_ byte: UInt8, radix: Int64) -> Bool {
        switch radix {
        case 16: return ASCII.isHexDigit(byte)
        case 8: return byte &- ASCII.zero < 8
        case 2: return byte &- ASCII.zero < 2
        default: return ASCII.isDigit(byte)
        }
    }

    private func radix(of prefix: UInt8) -> Int64? {
        switch prefix {
        case ASCII.lowerX: return 16
        case ASCII.lowerO: return 8
        case ASCII.lowerB: return 2
        default: return nil
        }
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        ASCII.isBareKeyCharacter(byte) || byte == ASCII.period || byte == ASCII.plus
    }

    /// `inf` or `nan` at `offset`, signed by `sign`.
    private func specialFloat(at offset: Int, sign: UInt8) -> Double? {
        guard offset + 3 <= end else { return nil }
        let (first, second, third) = (bytes[offset], bytes[offset + 1], bytes[offset + 2])
        if first == ASCII.lowerI && second == ASCII.lowerN && third == ASCII.lowerF {
            return sign == ASCII.minus ? -Double.infinity : Double.infinity
        }
        if first == ASCII.lowerN && second == 0x61 && third == ASCII.lowerN {  // "nan"
            return sign == ASCII.minus ? -Double.nan : Double.nan
        }
        return nil
    }

    private func withoutUnderscores(_ range: Range<Int>) -> String {
        guard bytes[range].contains(ASCII.underscore) else {
            return String(decoding: bytes[range], as: UTF8.self)
        }
        return String(decoding: bytes[range].lazy.filter { $0 != ASCII.underscore }, as: UTF8.self)
    }

    private mutating func integerRangeFailure(at offset: Int) -> TOMLError {
        failure("integer is out of range for a 64-bit signed integer", at: offset)
    }
}
