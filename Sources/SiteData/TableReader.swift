import Domain
import Foundation
import TOML

/// Typed, position-aware reads from one TOML table.
///
/// Every read that fails records a finding at the value's line and column with the key path
/// (`deposit[3].amount must be > 0`) and returns nil, so loading goes on and reports every problem
/// in one run. `finish(known:)` turns keys nobody read into "did you mean" warnings.
package struct TableReader {
    let table: TOMLTable
    let file: SourceFile
    /// `""` at the top of a file, `plan`, `deposit[3]` (1-based: the third `[[deposit]]`).
    let keyPath: String
    /// Where the table starts; nil for a file's top level.
    let location: SourceLocation?
    let log: DiagnosticLog

    func path(_ key: String) -> String { keyPath.isEmpty ? key : "\(keyPath).\(key)" }

    func has(_ key: String) -> Bool { table[key] != nil }

    func location(of key: String) -> SourceLocation? { table[key]?.location ?? table.keyLocation(key) }

    /// An error at `key`'s value, its message prefixed with the key path.
    func error(_ key: String, _ message: String) {
        log.add(file.diagnostic(.error, at: location(of: key) ?? location, "\(path(key)) \(message)"))
    }

    /// An error at one item of the array at `key` (`session[2].holds[3] is 0: …`), 1-based.
    func error(_ key: String, item index: Int, at place: SourceLocation?, _ message: String) {
        log.add(
            file.diagnostic(.error, at: place ?? location(of: key) ?? location, "\(path(key))[\(index + 1)] \(message)")
        )
    }

    /// A warning at `key`'s value (an error under `--strict`), its message prefixed with the key path.
    func warning(_ key: String, _ message: String) {
        log.add(file.diagnostic(.warning, at: location(of: key) ?? location, "\(path(key)) \(message)"))
    }

    /// A date so early it is most likely a typo (`--at 0001-01-01`): before 1970, or before
    /// `created` when given. Warned about at `key`, since it would draw decades of empty months
    /// and pull every average towards zero.
    func warnIfImplausiblyEarly(_ key: String, _ date: CalendarDate, created: CalendarDate? = nil) {
        if let why = TableReader.implausiblyEarly(date, created: created) {
            warning(key, "is \(date), \(why); is the year right?")
        }
    }

    /// Why `date` is so early it is most likely a typo — "before the goal was created
    /// (2026-08-01)" or "before 1970" — or nil: the one rule `check` warns by and `add deposit`
    /// says.
    package static func implausiblyEarly(_ date: CalendarDate, created: CalendarDate?) -> String? {
        if let created, date < created { return "before the goal was created (\(created))" }
        return date.year < 1970 ? "before 1970" : nil
    }

    /// An error about the table itself (a missing key, a contradiction between keys).
    func tableError(_ message: String) {
        let subject = keyPath.isEmpty ? message : "\(keyPath): \(message)"
        log.add(file.diagnostic(.error, at: location ?? SourceLocation(line: 1, column: 1), subject))
    }

    private func missing(_ key: String) { tableError("missing required key '\(key)'") }

    private func typeName(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .dateTime: return "a date-time"
        case .array: return "an array"
        case .table: return "a table"
        }
    }

    private func wrongType(_ key: String, _ value: TOMLValue, expected: String) {
        error(key, "must be \(expected), not \(typeName(value))")
    }

    func string(_ key: String, required: Bool = false) -> String? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        guard case .string(let text) = value.kind else {
            wrongType(key, value, expected: "a string")
            return nil
        }
        return text
    }

    /// A non-empty string after trimming.
    func text(_ key: String, required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if TableReader.isBlank(text) {
            error(key, "must not be empty")
            return nil
        }
        return text
    }

    func bool(_ key: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard case .boolean(let flag) = value.kind else {
            wrongType(key, value, expected: "true or false")
            return nil
        }
        return flag
    }

    func integer(
        _ key: String, required: Bool = false, in range: ClosedRange<Int>? = nil,
        rangeMessage: String? = nil
    ) -> Int? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        guard case .integer(let n) = value.kind else {
            wrongType(key, value, expected: "an integer")
            return nil
        }
        guard let int = Int(exactly: n) else {
            error(key, "is out of range")
            return nil
        }
        if let range, !range.contains(int) {
            error(key, rangeMessage ?? "must be between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return int
    }

    /// An integer or float read as an exact decimal from its written text, within
    /// `AmountBounds` (an error quoting the number as written otherwise).
    func decimal(_ key: String, required: Bool = false) -> Decimal? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        let exact: Decimal
        let written: String
        switch value.kind {
        case .integer(let n):
            exact = Decimal(n)
            written = String(n)
        case .float(_, let literal):
            guard let parsed = Decimal(exactly: literal) else {
                error(key, "must be a finite number")
                return nil
            }
            exact = parsed
            written = literal
        default:
            wrongType(key, value, expected: "a number")
            return nil
        }
        if let problem = AmountBounds.problem(with: exact) {
            error(key, "\(written) \(problem)")
            return nil
        }
        return exact
    }

    /// A decimal that must be > 0 (amounts, targets, rates).
    func positive(_ key: String, required: Bool = false) -> Decimal? {
        guard let amount = decimal(key, required: required) else { return nil }
        guard amount > 0 else {
            error(key, "must be > 0")
            return nil
        }
        return amount
    }

    /// A plain TOML local date (`2026-08-01`).
    func date(_ key: String, required: Bool = false) -> CalendarDate? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        guard case .dateTime(let dt) = value.kind, let d = dt.date, dt.time == nil,
            let date = CalendarDate(d)
        else {
            error(key, "must be a date like 2026-08-01")
            return nil
        }
        return date
    }

    /// A date, a local date-time or an offset date-time, kept as the wall clock showed it.
    func eventTime(_ key: String, required: Bool = false) -> EventTime? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        guard case .dateTime(let dt) = value.kind, let time = EventTime(dt) else {
            error(key, "must be a date or date-time like 2026-08-01T21:14:00+08:00")
            return nil
        }
        return time
    }

    func integerArray(_ key: String) -> [Int]? {
        guard let value = table[key] else { return nil }
        guard case .array(let items) = value.kind else {
            wrongType(key, value, expected: "an array of integers")
            return nil
        }
        var result: [Int] = []
        for item in items {
            guard case .integer(let n) = item.kind, let int = Int(exactly: n) else {
                log.add(file.diagnostic(.error, at: item.location, "\(path(key)) must hold only integers"))
                return nil
            }
            result.append(int)
        }
        return result
    }

    /// An array of strings (catalogue aliases, quote subjects and predicates), each kept exactly
    /// as written: a daily quote is its subject and predicate joined as written, so a predicate's
    /// leading space is part of it (DESIGN.md, "Daily quote"), and names are matched ignoring
    /// spaces anyway. A blank string, empty or only white space as for `text`, can only be a slip
    /// and is an error at its place. `nonEmpty`: the array must hold at least one string.
    func stringArray(_ key: String, required: Bool = false, nonEmpty: Bool = false) -> [String]? {
        guard let value = table[key] else {
            if required { missing(key) }
            return nil
        }
        guard case .array(let items) = value.kind, !(nonEmpty && items.isEmpty) else {
            error(key, nonEmpty ? "must be a non-empty array of strings" : "must be an array of strings")
            return nil
        }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item.kind, !TableReader.isBlank(text) else {
                log.add(file.diagnostic(.error, at: item.location, "\(path(key)) must hold only non-empty strings"))
                return nil
            }
            texts.append(text)
        }
        return texts
    }

    /// Nothing but white space: what trimming `.whitespacesAndNewlines` would leave empty (that
    /// set is Unicode's White_Space property and, in Foundation, the zero-width space), without
    /// Foundation's copy of every string read.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "\u{200B}" }
    }

    func table(_ key: String) -> TableReader? {
        guard let value = table[key] else { return nil }
        guard case .table(let inner) = value.kind else {
            wrongType(key, value, expected: "a table")
            return nil
        }
        return TableReader(table: inner, file: file, keyPath: path(key), location: value.location, log: log)
    }

    /// `[[key]]` entries (or an array of inline tables), each with its 1-based index in the key path.
    func tables(_ key: String) -> [TableReader] {
        guard let value = table[key] else { return [] }
        guard case .array(let items) = value.kind else {
            wrongType(key, value, expected: "an array of tables")
            return []
        }
        var readers: [TableReader] = []
        for (index, item) in items.enumerated() {
            guard case .table(let inner) = item.kind else {
                log.add(file.diagnostic(.error, at: item.location, "\(path(key))[\(index + 1)] must be a table"))
                continue
            }
            readers.append(
                TableReader(
                    table: inner, file: file, keyPath: "\(path(key))[\(index + 1)]",
                    location: item.location, log: log))
        }
        return readers
    }

    /// Warns about every key not in `known`, suggesting the closest known one.
    func finish(known: [String]) {
        for key in table.keys where !known.contains(key) {
            var message = "unknown key '\(path(key))'"
            if let guess = Suggestion.closest(to: key, in: known) { message += "; did you mean '\(guess)'?" }
            log.add(file.diagnostic(.warning, at: table.keyLocation(key) ?? location(of: key), message))
        }
    }

    /// Reads a string that must be one of an enum's raw values.
    func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, required: Bool = false,
        as type: T.Type
    ) -> T? where T.RawValue == String {
        guard let raw = string(key, required: required) else { return nil }
        if let value = T(rawValue: raw) { return value }
        let options = T.allCases.map(\.rawValue)
        var message = "'\(raw)' is not one of \(options.joined(separator: ", "))"
        if let guess = Suggestion.closest(to: raw, in: options) { message += "; did you mean '\(guess)'?" }
        error(key, message)
        return nil
    }

    /// An ISO 4217 code.
    func currency(_ key: String, required: Bool = false) -> Currency? {
        guard let code = string(key, required: required) else { return nil }
        if let currency = Currency(code: code) { return currency }
        var message = "'\(code)' is not a known currency code"
        if let guess = Suggestion.closest(to: code.uppercased(), in: Currency.allCodes) {
            message += "; did you mean '\(guess)'?"
        }
        error(key, message)
        return nil
    }
}
