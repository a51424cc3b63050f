/// The tagged JSON form used by toml-test, the TOML project's conformance suite.
///
/// Every scalar becomes `{"type": T, "value": "…"}` (T is `string`, `integer`, `float`,
/// `bool`, `datetime`, `datetime-local`, `date-local` or `time-local`), so no type
/// information is lost to JSON's smaller type system. Exists for conformance testing
/// and for debugging what the parser understood.
public enum TOMLTaggedJSON {
    /// Encodes `table` as compact JSON with object keys sorted by their UTF-8 bytes.
    /// Floats are written as `inf`, `-inf`, `nan` or Swift's shortest round-trip form.
    public static func encode(_ table: TOMLTable) -> String {
        var output: [UInt8] = []
        appendTable(table, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendTable(_ table: TOMLTable, to output: inout [UInt8]) {
        let sorted = table.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        output.append(UInt8(ascii: "{"))
        for (index, entry) in sorted.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendString(entry.key, to: &output)
            output.append(UInt8(ascii: ":"))
            appendValue(entry.value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func appendValue(_ value: TOMLValue, to output: inout [UInt8]) {
        switch value.kind {
        case .table(let table):
            appendTable(table, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendValue(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let string):
            appendScalar(type: "string", value: string, to: &output)
        case .integer(let integer):
            appendScalar(type: "integer", value: String(integer), to: &output)
        case .float(let double, _):
            appendScalar(type: "float", value: floatText(double), to: &output)
        case .boolean(let bool):
            appendScalar(type: "bool", value: bool ? "true" : "false", to: &output)
        case .dateTime(let dateTime):
            appendScalar(type: dateTime.formName, value: dateTime.description, to: &output)
        }
    }

    private static func floatText(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        return double.description
    }

    private static func appendScalar(type: String, value: String, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"type":"#.utf8)
        appendString(type, to: &output)
        output.append(contentsOf: #","value":"#.utf8)
        appendString(value, to: &output)
        output.append(UInt8(ascii: "}"))
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    private static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(contentsOf: TOMLParser.hex(UInt32(byte), width: 2).utf8)
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
