import Domain
import Foundation
import SiteData
import TOML

/// Loop Habit Tracker's CSV export (Settings → Export as CSV): the zip Loop saves, or the folder
/// unzipped from it (`Files`), with `Habits.csv` (one habit a line), `Checkmarks.csv` (a column
/// per habit) and a folder per habit, `001 Meditate/`, with its own `Checkmarks.csv`.
///
/// - Since v2.3.1 `Habits.csv` is `Position,Name,Type,Question,…` and a habit's `Checkmarks.csv`
///   is `Date,Value,Notes` with the words `YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN`.
/// - Up to v2.3.0 `Habits.csv` is `Position,Name,Question,Description,NumRepetitions,Interval,
///   Color` and the checkmarks are numbers without a header: `2` yes, `1` yes (automatic), `0`
///   no, `-1` unknown, `3` skip.
///
/// A habit's own `Checkmarks.csv` is read when its folder is there, else its column of the
/// all-habits `Checkmarks.csv` (written without quoting: a name with a comma breaks it). Rows are
/// newest first in the file; `days(of:)` returns them oldest first.
public struct LoopExport: Sendable {
    /// What a day's checkmark says.
    public enum Mark: Sendable, Equatable {
        case done, skipped, nothing
    }

    public struct Habit: Sendable, Equatable {
        public var name: String
        /// `001`, as Habits.csv writes it.
        public var position: String
        /// `NUMERICAL` for a habit that counts; nil in the old layout, which has no Type.
        public var type: String?
        package var typeLocation: SourceLocation?
    }

    public struct Day: Sendable, Equatable {
        public var date: CalendarDate
        public var mark: Mark
    }

    /// Every finding of the export, each at its file, line and column.
    public typealias Failure = Findings

    /// The zip or the folder, as the person named it.
    public let path: String
    let files: Files
    public let habits: [Habit]
    /// Habits.csv, for findings at its lines.
    package let habitsFile: SourceFile

    public init(path: String) throws(Failure) {
        self.path = path
        files = try Files.open(path)
        let table = try LoopExport.csv(files, "Habits.csv", what: "Habits.csv")
        guard let header = table.rows.first, let nameColumn = header.firstIndex(where: { $0.text == "Name" }),
            let positionColumn = header.firstIndex(where: { $0.text == "Position" })
        else {
            throw Failure(diagnostics: [
                table.file.diagnostic(
                    .error, at: SourceLocation(line: 1, column: 1),
                    "not Loop's Habits.csv: its first line must name the columns Position and Name")
            ])
        }
        let typeColumn = header.firstIndex { $0.text == "Type" }
        var habits: [Habit] = []
        for row in table.rows.dropFirst() where !(row.count == 1 && row[0].text.isEmpty) {
            guard row.count > max(nameColumn, positionColumn) else {
                throw Failure(diagnostics: [
                    table.file.diagnostic(
                        .error, at: row.last?.location,
                        "a habit needs \(header.count) columns as the first line names them, found \(row.count)")
                ])
            }
            let type = typeColumn.flatMap { $0 < row.count ? row[$0] : nil }
            habits.append(
                Habit(
                    name: row[nameColumn].text, position: row[positionColumn].text, type: type?.text,
                    typeLocation: type?.location))
        }
        self.habits = habits
        habitsFile = table.file
    }

    /// The habit named `name`, whatever its case.
    public func habit(named name: String) -> Habit? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return habits.first { $0.name == name } ?? habits.first { $0.name.lowercased() == wanted }
    }

    /// The habit's checkmarks, oldest first.
    public func days(of habit: Habit) throws(Failure) -> [Day] {
        if habit.type == "NUMERICAL" {
            throw Failure(diagnostics: [
                habitsFile.diagnostic(
                    .error, at: habit.typeLocation,
                    "\"\(habit.name)\" is a numerical habit; sandjar imports yes-or-no habits as sessions")
            ])
        }
        let own = LoopExport.folderName(of: habit) + "/Checkmarks.csv"
        if files.contains(own) {
            let table = try LoopExport.csv(files, own, what: "Checkmarks.csv")
            let headed = table.rows.first?.first?.text == "Date"
            let valueColumn = headed ? (table.rows[0].firstIndex { $0.text == "Value" } ?? 1) : 1
            return try LoopExport.days(table, rows: table.rows.dropFirst(headed ? 1 : 0), column: valueColumn)
        }
        let table = try LoopExport.csv(files, "Checkmarks.csv", what: "Checkmarks.csv")
        guard let header = table.rows.first, header.first?.text == "Date",
            let column = header.firstIndex(where: { $0.text == habit.name })
        else {
            throw Failure(diagnostics: [
                table.file.diagnostic(
                    .error, at: SourceLocation(line: 1, column: 1),
                    "has no column \"\(habit.name)\" (and the export has no folder '\(LoopExport.folderName(of: habit))')"
                )
            ])
        }
        return try LoopExport.days(table, rows: table.rows.dropFirst(), column: column)
    }

    /// `001 Meditate`: the position, a space, the name kept to `[ a-zA-Z0-9._-]`, 100 at most, as
    /// Loop names the folder.
    static func folderName(of habit: Habit) -> String {
        let kept = habit.name.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0))
        }
        return habit.position + " " + String(String.UnicodeScalarView(kept.prefix(100)))
    }

    private static func days(_ table: CSVTable, rows: ArraySlice<[CSVTable.Field]>, column: Int) throws(Failure)
        -> [Day]
    {
        var days: [Day] = []
        var errors: [Diagnostic] = []
        for row in rows where !(row.count == 1 && row[0].text.isEmpty) {
            guard let date = CalendarDate(iso: row[0].text) else {
                errors.append(
                    table.file.diagnostic(
                        .error, at: row[0].location, "'\(row[0].text)' is not a date; Loop writes 2015-01-25"))
                continue
            }
            guard column < row.count else {
                errors.append(
                    table.file.diagnostic(
                        .error, at: row.last?.location, "the line has no column \(column + 1) for the checkmark"))
                continue
            }
            let value = row[column]
            switch value.text {
            case "YES_MANUAL", "YES_AUTO", "2", "1": days.append(Day(date: date, mark: .done))
            case "SKIP", "3": days.append(Day(date: date, mark: .skipped))
            case "NO", "UNKNOWN", "0", "-1", "": days.append(Day(date: date, mark: .nothing))
            default:
                errors.append(
                    table.file.diagnostic(
                        .error, at: value.location,
                        "'\(value.text)' is not a checkmark; Loop writes YES_MANUAL, YES_AUTO, SKIP, NO or UNKNOWN"))
            }
        }
        guard errors.isEmpty else { throw Failure(diagnostics: errors) }
        return days.sorted { $0.date < $1.date }
    }

    static func join(_ parts: String...) -> String {
        parts.dropFirst().reduce(parts[0]) { $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
    }

    /// A CSV file as opencsv writes it: `,` between fields, `"` around a field that needs it, `""`
    /// for a quote; LF or CRLF line ends, a UTF-8 byte-order mark allowed.
    struct CSVTable {
        struct Field {
            var text: String
            var location: SourceLocation
        }
        var file: SourceFile
        var rows: [[Field]]
    }

    private static func csv(_ files: Files, _ relative: String, what: String) throws(Failure) -> CSVTable {
        let bytes = try files.bytes(relative, what: what)
        let path = files.shown(relative)
        let file = SourceFile(path: path, bytes: bytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(diagnostics: [
                file.invalidUTF8(
                    "Loop writes UTF-8 text; was the file saved again by another program?",
                    readAs: LegacyEncoding.guess(bytes))
            ])
        }
        var rows: [[CSVTable.Field]] = []
        var row: [CSVTable.Field] = []
        var field = ""
        var start = SourceLocation(line: 1, column: 1)
        var (line, column) = (1, 1)
        var quoted = false
        var quoteOpen: SourceLocation?
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        func endField() {
            row.append(CSVTable.Field(text: field, location: start))
            field = ""
            quoted = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if quoteOpen != nil {
                if scalar == "\"" {
                    if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                        field += "\""
                        index += 2
                        column += 2
                        continue
                    }
                    quoteOpen = nil
                } else {
                    field.unicodeScalars.append(scalar)
                }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !quoted:
                quoted = true
                quoteOpen = SourceLocation(line: line, column: column)
            case ",":
                endField()
                start = SourceLocation(line: line, column: column + 1)
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
                break
            case "\n":
                endField()
                rows.append(row)
                row = []
                line += 1
                column = 0
                start = SourceLocation(line: line, column: 1)
            default:
                field.unicodeScalars.append(scalar)
            }
            column += 1
            index += 1
        }
        if let open = quoteOpen {
            throw Failure(diagnostics: [file.diagnostic(.error, at: open, "this quote is never closed")])
        }
        if !field.isEmpty || !row.isEmpty || quoted {
            endField()
            rows.append(row)
        }
        return CSVTable(file: file, rows: rows)
    }
}
