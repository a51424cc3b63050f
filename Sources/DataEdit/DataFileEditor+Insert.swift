import Foundation
import SiteData
import TOML

/// Adding a key to an existing `[[table]]` entry, for commands that change a record rather than
/// append one (`sandjar slay` adds `killed = …` to a `[[subscription]]`).
extension DataFileEditor {
    /// Where a key was inserted, for the one-line report.
    public struct Insertion: Sendable, Equatable {
        /// As shown to the user: `content/subscriptions/streaming.toml`.
        public var path: String
        /// The line of the new `key = value`.
        public var line: Int
        /// The undo journal's entry for the write.
        public var journalID: Int
    }

    /// Inserts `field` into entry `index` (0-based) of the `[[table]]` array in the file at
    /// `relative`: as a new line right after the entry's last key/value line, so blank lines and
    /// comments before the next table stay where they are, with that line's indentation and line
    /// ending. Every other byte of the file is kept.
    ///
    /// Refused, with the file untouched, when the entry is an inline table, already has the key,
    /// or the new text would not read back as exactly that entry plus that key. Call it inside
    /// `locked(_:)`.
    func insert(
        _ field: TOMLField, intoEntry index: Int, of table: String, in relative: String, action: JournalAction
    ) throws(EditError) -> Insertion {
        guard folder.exists else { throw EditError("\(folder.displayRoot): data folder not found") }
        switch folder.read(relative) {
        case .success(let file):
            return try insert(field, intoEntry: index, of: table, in: file, at: relative, action: action)
        case .failure(let diagnostic): throw EditError("nothing was changed", diagnostic: diagnostic)
        }
    }

    /// The same, for a file already read: it is written only if it still holds `file.bytes`.
    func insert(
        _ field: TOMLField, intoEntry index: Int, of table: String, in file: SourceFile, at relative: String,
        action: JournalAction
    ) throws(EditError) -> Insertion {
        guard DataFileEditor.isBareKey(table), DataFileEditor.isBareKey(field.key) else {
            throw EditError("cannot insert \(field.key) into [[\(table)]] in \(file.path): not a bare key")
        }
        let before: TOMLTable
        do {
            before = try parse(file)
        } catch {
            throw EditError(
                "\(file.path) must be valid TOML before sandjar can change it; nothing was changed",
                diagnostic: file.finding(for: error))
        }
        let keyPath = "\(table)[\(index + 1)]"
        guard let entries = before[table]?.arrayValue, index >= 0, index < entries.count,
            let entry = entries[index].tableValue
        else { throw EditError("\(file.path) has no \(keyPath); nothing was changed") }
        if entry[field.key] != nil {
            let at = entry.keyLocation(field.key) ?? entries[index].location
            throw EditError(
                "nothing was changed",
                diagnostic: file.diagnostic(.error, at: at, "\(keyPath) already has '\(field.key)'"))
        }
        let statements = TOMLStatements(file.bytes).statements
        let location = entries[index].location
        guard let header = statements.firstIndex(where: { $0.kind == .header && $0.firstLine == location.line }),
            file.bytes.count > 0
        else {
            throw EditError(
                "nothing was changed",
                diagnostic: file.diagnostic(
                    .error, at: location,
                    "\(keyPath) is written as an inline table, so sandjar cannot add '\(field.key)' to it; "
                        + "add the line '\(field.line)' to it by hand, or write it as a [[\(table)]] table"))
        }
        let following = statements[(header + 1)...]
        let body = following.prefix { $0.kind == .keyValue }
        let anchor = body.last ?? statements[header]
        let newline = anchor.lineBreak.isEmpty ? DataFileEditor.lineBreak(of: file.bytes) : anchor.lineBreak
        let indent = body.last?.indent ?? []
        var text = Array(file.bytes[..<anchor.end])
        if anchor.lineBreak.isEmpty { text += newline }
        text += indent + Array(field.line.utf8)
        if !anchor.lineBreak.isEmpty { text += newline }
        text += file.bytes[anchor.end...]
        try DataFileEditor.verify(text, inserts: field, intoEntry: index, of: table, before: before, file: file)
        let written = try replace(file, at: relative, with: text, action)
        return Insertion(path: file.path, line: anchor.lastLine + 1, journalID: written.journalID)
    }

    /// Writes `text` over `file` (read from `relative` under the lock), through the journal.
    func replace(_ file: SourceFile, at relative: String, with text: [UInt8], _ action: JournalAction)
        throws(EditError) -> Written
    {
        try requireInside(relative, shown: file.path)
        return try commit(text, to: relative, shown: file.path, replacing: file.bytes, action)
    }

    /// The file's line break, from its first line: CRLF or LF.
    static func lineBreak(of bytes: [UInt8]) -> [UInt8] {
        guard let lf = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [UInt8(ascii: "\n")] }
        return lf > 0 && bytes[lf - 1] == UInt8(ascii: "\r")
            ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]
    }

    /// Parses the new text and checks that it is the old document with exactly one change: entry
    /// `index` of `table` has gained `field`, with the intended value.
    static func verify(
        _ text: [UInt8], inserts field: TOMLField, intoEntry index: Int, of table: String, before: TOMLTable,
        file: SourceFile
    ) throws(EditError) {
        let failure = EditError(
            "adding '\(field.line)' to \(table)[\(index + 1)] in \(file.path) would not read back as written; "
                + "nothing was changed")
        guard let after = try? TOMLParser.parse(text), after.count == before.count,
            let old = before[table]?.arrayValue, let new = after[table]?.arrayValue, old.count == new.count,
            let oldEntry = old[index].tableValue, let newEntry = new[index].tableValue,
            newEntry.count == oldEntry.count + 1, let added = newEntry[field.key], field.matches(added),
            oldEntry.allSatisfy({ key, value in newEntry[key].map { sameContent(value, $0) } ?? false })
        else { throw failure }
        for (key, value) in before where key != table {
            guard let other = after[key], sameContent(value, other) else { throw failure }
        }
        for (offset, (a, b)) in zip(old, new).enumerated() where offset != index {
            guard sameContent(a, b) else { throw failure }
        }
    }

    /// Equal values, wherever they were written (locations are ignored; floats compare by literal).
    static func sameContent(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.string(let x), .string(let y)): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case (.integer(let x), .integer(let y)): return x == y
        case (.float(_, let x), .float(_, let y)): return x == y
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.dateTime(let x), .dateTime(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameContent($0, $1) }
        case (.table(let x), .table(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameContent(value, $0) } ?? false }
        default: return false
        }
    }
}
