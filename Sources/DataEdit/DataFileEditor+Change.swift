import Foundation
import SiteData
import TOML

/// Changing or removing one `[[table]]` entry of a file, for the corrections (DESIGN.md §6:
/// "Every entry can be corrected"): remove a deposit or session, revive a subscription (its
/// `killed` line removed), change a deposit or session, record a price change. Every byte that is
/// not the change stays — comments, blank lines, other entries, line endings — and the new text
/// must read back as exactly the old document with that one change, or nothing is written.
extension DataFileEditor {
    /// Where entry `index` of `[[table]]` is written: its header and its key/value lines.
    struct EntryText {
        var statements: [TOMLStatements.Statement]
        var header: Int
        /// The key/value statements after the header, up to the next header.
        var body: Range<Int>

        /// The statement of `key` in this entry, found by the line the parser located the key on.
        func statement(of key: String, in entry: TOMLTable) -> TOMLStatements.Statement? {
            guard let line = entry.keyLocation(key)?.line else { return nil }
            return statements[body].first { $0.firstLine == line }
        }

        /// The last statement of the entry: its last key/value, else its header.
        var last: TOMLStatements.Statement { body.isEmpty ? statements[header] : statements[body.upperBound - 1] }
    }

    /// The parsed file and the place of entry `index` of `[[table]]` in it, or why it cannot be
    /// changed (not valid TOML, no such entry, written as an inline table).
    func locate(_ index: Int, of table: String, in file: SourceFile) throws(EditError) -> (
        document: TOMLTable, entry: TOMLTable, text: EntryText
    ) {
        let document: TOMLTable
        do {
            document = try parse(file)
        } catch {
            throw EditError(
                "\(file.path) must be valid TOML before sandjar can change it; nothing was changed",
                diagnostic: file.finding(for: error))
        }
        guard let entries = document[table]?.arrayValue, entries.indices.contains(index),
            let entry = entries[index].tableValue
        else { throw EditError("\(file.path) has no \(table)[\(index + 1)]; nothing was changed") }
        let statements = TOMLStatements(file.bytes).statements
        let line = entries[index].location.line
        guard let header = statements.firstIndex(where: { $0.kind == .header && $0.firstLine == line }) else {
            throw EditError(
                "nothing was changed",
                diagnostic: file.diagnostic(
                    .error, at: entries[index].location,
                    "\(table)[\(index + 1)] is written as an inline table, so sandjar cannot change it; "
                        + "change it by hand, or write it as a [[\(table)]] table"))
        }
        var end = header + 1
        while end < statements.count, statements[end].kind == .keyValue { end += 1 }
        return (document, entry, EntryText(statements: statements, header: header, body: (header + 1)..<end))
    }

    /// Removes entry `index` of `[[table]]`: its header, its lines, and one blank line before it.
    func remove(
        entry index: Int, of table: String, in file: SourceFile, at relative: String, action: JournalAction
    ) throws(EditError) -> Written {
        try replace(file, at: relative, with: try removed(entry: index, of: table, in: file), action)
    }

    /// The text without entry `index` of `[[table]]`, checked.
    func removed(entry index: Int, of table: String, in file: SourceFile) throws(EditError) -> [UInt8] {
        let (document, _, place) = try locate(index, of: table, in: file)
        var start = place.statements[place.header].start
        let end = place.last.end
        // The blank line that set the entry apart goes with it.
        let bytes = file.bytes
        let lf = UInt8(ascii: "\n")
        if start >= 2, bytes[start - 1] == lf {
            let blank =
                bytes[start - 2] == lf
                ? start - 1 : (start >= 3 && bytes[start - 2] == 13 && bytes[start - 3] == lf ? start - 2 : nil)
            if let blank { start = blank }
        }
        let text = Array(bytes[..<start]) + Array(bytes[end...])
        let after = try reparse(text, of: file)
        let old = document[table]?.arrayValue ?? []
        let new = after[table]?.arrayValue ?? []
        var expected = old
        expected.remove(at: index)
        guard new.count == expected.count, zip(expected, new).allSatisfy({ Self.sameContent($0, $1) }),
            Self.othersUnchanged(document, after, except: table)
        else { throw unreadable(file, "removing \(table)[\(index + 1)]") }
        return text
    }

    /// Changes entry `index` of `[[table]]`: each of `set` replaces the key's line (a comment after
    /// it stays) or, for a key the entry lacks, is added after its last line; each of `drop` is
    /// removed.
    func change(
        entry index: Int, of table: String, set fields: [TOMLField], drop: [String] = [], after key: String? = nil,
        in file: SourceFile, at relative: String, action: JournalAction
    ) throws(EditError) -> Written {
        let text = try changed(entry: index, of: table, set: fields, drop: drop, after: key, in: file)
        return try replace(file, at: relative, with: text, action)
    }

    /// The text with entry `index` of `[[table]]` changed as `change` says, checked. Keys the
    /// entry lacks go after the line of `key` when it has one, else after its last line.
    func changed(
        entry index: Int, of table: String, set fields: [TOMLField], drop: [String] = [], after key: String? = nil,
        in file: SourceFile
    ) throws(EditError) -> [UInt8] {
        let (document, entry, place) = try locate(index, of: table, in: file)
        let bytes = file.bytes
        // Edits by byte range, applied from the end of the file back so earlier offsets hold.
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var added: [UInt8] = []
        let anchor = key.flatMap { place.statement(of: $0, in: entry) } ?? place.last
        let newline = anchor.lineBreak.isEmpty ? Self.lineBreak(of: bytes) : anchor.lineBreak
        let indent = place.body.isEmpty ? [] : place.statements[place.body.lowerBound].indent
        for field in fields {
            guard DataFileEditor.isBareKey(field.key) else {
                throw EditError("cannot set \(field.key) in \(file.path): not a bare key")
            }
            if let statement = place.statement(of: field.key, in: entry) {
                guard statement.firstLine == statement.lastLine || statement.comment == nil else {
                    throw unreadable(file, "changing '\(field.key)'")
                }
                let lineEnd = statement.end - statement.lineBreak.count
                let line = statement.indent + Array(field.line.utf8)
                // A comment after the value keeps its column where the new value leaves room.
                let comment = statement.comment.map { start -> [UInt8] in
                    let gap = max(1, start - statement.start - line.count)
                    return [UInt8](repeating: UInt8(ascii: " "), count: gap) + Array(bytes[start..<lineEnd])
                }
                edits.append((statement.start..<lineEnd, line + (comment ?? [])))
            } else {
                added += indent + Array(field.line.utf8) + newline
            }
        }
        for key in drop {
            guard let statement = place.statement(of: key, in: entry) else { continue }
            edits.append((statement.start..<statement.end, []))
        }
        if !added.isEmpty {
            let insertion = anchor.lineBreak.isEmpty ? newline + added.dropLast(newline.count) : added
            edits.append((anchor.end..<anchor.end, Array(insertion)))
        }
        var text = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: edit.bytes)
        }
        let after = try reparse(text, of: file)
        guard let old = document[table]?.arrayValue, let new = after[table]?.arrayValue, old.count == new.count,
            let changed = new[index].tableValue,
            Self.othersUnchanged(document, after, except: table),
            zip(old, new).enumerated().allSatisfy({ $0.offset == index || Self.sameContent($0.element.0, $0.element.1) }
            )
        else { throw unreadable(file, "changing \(table)[\(index + 1)]") }
        let setKeys = Set(fields.map(\.key))
        let keptKeys = Set(entry.keys).subtracting(setKeys).subtracting(drop)
        guard Set(changed.keys) == keptKeys.union(setKeys),
            fields.allSatisfy({ field in changed[field.key].map(field.matches) ?? false }),
            keptKeys.allSatisfy({ key in Self.sameContent(entry[key]!, changed[key]!) })
        else { throw unreadable(file, "changing \(table)[\(index + 1)]") }
        return text
    }

    /// Adds `element` (an inline value's literal, such as `{ from = 2026-12-01, price = 9.99 }`) at
    /// the end of the array `key` of entry `index`, before its closing bracket, so a list written
    /// over several lines, with comments, keeps them. `matches` judges the new element as read back.
    func append(
        element literal: String, matching matches: (TOMLValue) -> Bool, toArray key: String, ofEntry index: Int,
        of table: String, in file: SourceFile, at relative: String, alsoSet fields: [TOMLField] = [],
        action: JournalAction
    ) throws(EditError) -> Written {
        let (document, entry, place) = try locate(index, of: table, in: file)
        guard let statement = place.statement(of: key, in: entry), let array = entry[key]?.arrayValue,
            let close = Self.closingBracket(in: file.bytes, statement)
        else { throw unreadable(file, "adding to '\(key)'") }
        // With a comma after the last element, or without one where there is none to follow (an
        // empty list, or a trailing comma already written): the reading back decides.
        for separator in array.isEmpty ? [" "] : [", ", " "] {
            var text = file.bytes
            text.insert(contentsOf: Array((separator + literal + " ").utf8), at: close)
            guard let after = try? TOMLParser.parse(text), let items = after[table]?.arrayValue,
                items.indices.contains(index), let grown = items[index].tableValue?[key]?.arrayValue,
                grown.count == array.count + 1, let last = grown.last, matches(last),
                zip(array, grown).allSatisfy({ Self.sameContent($0, $1) })
            else { continue }
            guard Self.othersUnchanged(document, after, except: table) else { continue }
            // The other keys the change needs (`price` kept equal to the newest price).
            let final =
                fields.isEmpty
                ? text : try changed(entry: index, of: table, set: fields, in: SourceFile(path: file.path, bytes: text))
            return try replace(file, at: relative, with: final, action)
        }
        throw unreadable(file, "adding to '\(key)'")
    }

    /// Parses the new text, or says the change would not read back.
    private func reparse(_ text: [UInt8], of file: SourceFile) throws(EditError) -> TOMLTable {
        guard let after = try? TOMLParser.parse(text) else { throw unreadable(file, "the change") }
        return after
    }

    private func unreadable(_ file: SourceFile, _ what: String) -> EditError {
        EditError("\(what) in \(file.path) would not read back as meant; nothing was changed")
    }

    /// Every key of `before` but `table` is in `after` with the same content, and no key was added.
    static func othersUnchanged(_ before: TOMLTable, _ after: TOMLTable, except table: String) -> Bool {
        let keys = Set(before.keys).union(after.keys).subtracting([table])
        return keys.allSatisfy { key in
            guard let a = before[key], let b = after[key] else { return false }
            return sameContent(a, b)
        }
    }

    /// The offset of the `]` that closes the array value of `statement` (`key = [ … ]`).
    static func closingBracket(in bytes: [UInt8], _ statement: TOMLStatements.Statement) -> Int? {
        var index = statement.start
        while index < statement.end, bytes[index] != UInt8(ascii: "=") { index += 1 }
        var depth = 0
        while index < statement.end {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = skipString(bytes, from: index)
                continue
            case UInt8(ascii: "#"):
                while index < statement.end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return bytes[index] == UInt8(ascii: "]") ? index : nil }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Past the string that starts at `start` (basic or literal, one line or several).
    private static func skipString(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        let multiline = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (multiline ? 3 : 1)
        while index < bytes.count {
            if quote == UInt8(ascii: "\"") && bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote {
                if !multiline { return index + 1 }
                if index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote {
                    var end = index + 3
                    while end < bytes.count && bytes[end] == quote && end < index + 5 { end += 1 }
                    return end
                }
            }
            index += 1
        }
        return index
    }
}
