/// Typed views of a value, so callers can write `value.stringValue` instead of a
/// `switch` each time. Each returns nil when the value is of another type.
extension TOMLValue {
    public var stringValue: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    public var integerValue: Int64? {
        if case .integer(let integer) = kind { return integer }
        return nil
    }

    /// The number for a float, or an integer widened to `Double`.
    public var doubleValue: Double? {
        switch kind {
        case .float(let double, _): return double
        case .integer(let integer): return Double(integer)
        default: return nil
        }
    }

    /// The number exactly as written (minus underscores) for a float, or the decimal
    /// digits of an integer: the lossless input for decimal arithmetic on amounts.
    public var numberLiteral: String? {
        switch kind {
        case .float(_, let literal): return literal
        case .integer(let integer): return String(integer)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .boolean(let bool) = kind { return bool }
        return nil
    }

    public var dateTimeValue: TOMLDateTime? {
        if case .dateTime(let dateTime) = kind { return dateTime }
        return nil
    }

    public var arrayValue: [TOMLValue]? {
        if case .array(let array) = kind { return array }
        return nil
    }

    public var tableValue: TOMLTable? {
        if case .table(let table) = kind { return table }
        return nil
    }

    /// A lower-case noun for messages such as "expected a string, found an integer".
    public var typeDescription: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .dateTime(let dateTime):
            switch dateTime.formName {
            case "datetime": return "an offset date-time"
            case "datetime-local": return "a local date-time"
            case "date-local": return "a local date"
            default: return "a local time"
            }
        case .array: return "an array"
        case .table: return "a table"
        }
    }
}
