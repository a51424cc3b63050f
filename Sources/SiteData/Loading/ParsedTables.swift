import Basics
import TOML

/// The TOML of each data file a served site's last build parsed, by path, under the file's bytes
/// (`ServeMemo.tables`): a file whose bytes are the same is not parsed again, so after a form adds
/// a deposit only that goal's file is — and not even that, since the form keeps what it wrote.
package typealias ParsedTables = MemoShelf<String, [UInt8], TOMLTable>

extension MemoShelf where Name == String, Key == [UInt8], Value == TOMLTable {
    /// The table `file` parsed to last time, if its bytes are still the same.
    package func table(for file: SourceFile) -> TOMLTable? {
        value(at: file.path, for: file.bytes)
    }

    package func keep(_ table: TOMLTable, for file: SourceFile) {
        keep(table, at: file.path, for: file.bytes)
    }

    /// `file` parsed: the table kept for its bytes, else parsed now and kept. The one way the
    /// readers (`DataFiles.parse`) and the edits (`DataFileEditor.parse`) parse a data file, so one
    /// edit, or one served build and the form's write after it, parses each file's bytes once.
    package func parse(_ file: SourceFile) throws(TOMLError) -> TOMLTable {
        if let table = table(for: file) { return table }
        let table = try TOMLParser.parse(file.bytes)
        keep(table, for: file)
        return table
    }
}

/// What the goal reader made of each goal file a served site's last build read, by path, under
/// what it read it from (`ServeMemo.goals`).
package typealias GoalReadings = MemoShelf<String, GoalReader.Inputs, GoalReader.Reading>
