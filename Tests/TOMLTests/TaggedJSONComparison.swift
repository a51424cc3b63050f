import Foundation
import TOML

/// Structural comparison of decoded TOML (or of tagged JSON) against toml-test's
/// expected tagged JSON, as parsed by `JSONSerialization`.
///
/// Floats compare as numbers (any NaN equals any NaN); date-times compare as parsed
/// values, so `1987-07-05T17:45:00Z` and `1987-07-05t17:45:00z` are the same.
enum TaggedJSONComparison {
    /// nil when equal, otherwise a description of the first difference.
    static func difference(_ value: TOMLValue, _ expected: Any, path: String = "$") -> String? {
        if let scalar = taggedScalar(expected) {
            return scalarDifference(value, type: scalar.type, text: scalar.value, path: path)
        }
        switch value.kind {
        case .table(let table):
            guard let object = expected as? [String: Any] else { return "\(path): got a table, expected \(expected)" }
            return tableDifference(table, object, path: path)
        case .array(let elements):
            guard let array = expected as? [Any] else { return "\(path): got an array, expected \(expected)" }
            guard array.count == elements.count else {
                return "\(path): got \(elements.count) elements, expected \(array.count)"
            }
            for (index, element) in elements.enumerated() {
                if let difference = difference(element, array[index], path: "\(path)[\(index)]") { return difference }
            }
            return nil
        default:
            return "\(path): got \(value.typeDescription), expected \(expected)"
        }
    }

    static func tableDifference(_ table: TOMLTable, _ object: [String: Any], path: String = "$") -> String? {
        let gotKeys = Set(table.keys)
        let expectedKeys = Set(object.keys)
        guard gotKeys == expectedKeys else {
            return "\(path): keys \(gotKeys.sorted()) differ from expected \(expectedKeys.sorted())"
        }
        for key in table.keys {
            guard let value = table[key], let expected = object[key] else { return "\(path).\(key): missing" }
            if let difference = difference(value, expected, path: "\(path).\(key)") { return difference }
        }
        return nil
    }

    /// Compares two tagged-JSON documents (e.g. the encoder's output and the expected file).
    static func jsonDifference(_ got: Any, _ expected: Any, path: String = "$") -> String? {
        if let expectedScalar = taggedScalar(expected) {
            guard let gotScalar = taggedScalar(got), gotScalar.type == expectedScalar.type,
                scalarTextsEqual(type: gotScalar.type, gotScalar.value, expectedScalar.value)
            else {
                return "\(path): got \(got), expected \(expected)"
            }
            return nil
        }
        if let expectedObject = expected as? [String: Any] {
            guard let gotObject = got as? [String: Any], Set(gotObject.keys) == Set(expectedObject.keys) else {
                return "\(path): got \(got), expected \(expected)"
            }
            for (key, value) in expectedObject {
                if let difference = jsonDifference(gotObject[key] as Any, value, path: "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        }
        if let expectedArray = expected as? [Any] {
            guard let gotArray = got as? [Any], gotArray.count == expectedArray.count else {
                return "\(path): got \(got), expected \(expected)"
            }
            for index in expectedArray.indices {
                if let difference = jsonDifference(gotArray[index], expectedArray[index], path: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        }
        return "\(path): unexpected JSON \(expected)"
    }

    // MARK: Scalars

    private static func taggedScalar(_ json: Any) -> (type: String, value: String)? {
        guard let object = json as? [String: Any], object.count == 2,
            let type = object["type"] as? String, let value = object["value"] as? String
        else { return nil }
        return (type, value)
    }

    private static func scalarDifference(_ value: TOMLValue, type: String, text: String, path: String) -> String? {
        let matches: Bool
        switch (type, value.kind) {
        case ("string", .string(let string)):
            matches = string.unicodeScalars.elementsEqual(text.unicodeScalars)
        case ("integer", .integer(let integer)):
            matches = Int64(text) == integer
        case ("float", .float(let double, _)):
            matches = expectedDouble(text).map { floatsEqual($0, double) } ?? false
        case ("bool", .boolean(let bool)):
            matches = text == (bool ? "true" : "false")
        case (_, .dateTime(let dateTime)):
            matches = type == dateTime.formName && parseDateTime(text) == dateTime
        default:
            matches = false
        }
        return matches ? nil : "\(path): got \(value.kind), expected \(type) \(text)"
    }

    private static func scalarTextsEqual(type: String, _ got: String, _ expected: String) -> Bool {
        switch type {
        case "float":
            guard let lhs = expectedDouble(got), let rhs = expectedDouble(expected) else { return false }
            return floatsEqual(lhs, rhs)
        case "integer":
            return Int64(got) != nil && Int64(got) == Int64(expected)
        case "datetime", "datetime-local", "date-local", "time-local":
            return parseDateTime(got) != nil && parseDateTime(got) == parseDateTime(expected)
        default:
            return got.unicodeScalars.elementsEqual(expected.unicodeScalars)
        }
    }

    private static func floatsEqual(_ lhs: Double, _ rhs: Double) -> Bool {
        (lhs.isNaN && rhs.isNaN) || lhs == rhs
    }

    private static func expectedDouble(_ text: String) -> Double? {
        switch text {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan", "+nan", "-nan": return .nan
        default: return Double(text)
        }
    }

    /// An independent RFC 3339 reader for expected values (not the parser under test).
    static func parseDateTime(_ text: String) -> TOMLDateTime? {
        var rest = Substring(text)
        func number(_ count: Int) -> Int? {
            guard rest.count >= count, let value = Int(rest.prefix(count)),
                rest.prefix(count).allSatisfy(\.isASCII)
            else { return nil }
            rest = rest.dropFirst(count)
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }
        var date: TOMLDate?
        if rest.count >= 5, rest.dropFirst(4).first == "-" {
            guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else {
                return nil
            }
            date = TOMLDate(year: year, month: month, day: day)
            guard let separator = rest.first else { return TOMLDateTime(date: date, time: nil) }
            guard "Tt ".contains(separator) else { return nil }
            rest = rest.dropFirst()
        }
        guard let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2) else {
            return nil
        }
        var nanosecond = 0
        if skip(".") {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            rest = rest.dropFirst(digits.count)
            let nine = String((digits + "000000000").prefix(9))
            nanosecond = Int(nine) ?? 0
        }
        let time = TOMLTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        var offset: Int?
        if skip("Z") || skip("z") {
            offset = 0
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let hours = number(2), skip(":"), let minutes = number(2) else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
        }
        guard rest.isEmpty else { return nil }
        return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
    }
}
