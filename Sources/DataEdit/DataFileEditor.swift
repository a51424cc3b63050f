import SiteData
import TOML

/// Edits data files the way a careful person would: appends, keeping every existing byte —
/// comments, blank lines, key order, line endings — and writes atomically (DESIGN.md §6).
///
/// The one operation, "append a `[[table]]` entry to a file, creating the file if missing", serves
/// every command that records something: deposits into `goals/<id>.toml`, practice sessions into
/// `practice/YYYY-MM.toml`. Before anything is written the whole new text is parsed again and the
/// new entry must read back as the last element of its array with exactly the intended values.
public struct DataFileEditor {
    let folder: DataFolder
    /// Where each write is recorded before it is made, so it can be taken back.
    let journal: UndoJournal
    /// Every data file this editor parsed, by its bytes (a served site's: its last build's too), so
    /// one edit parses each file once — to find its entry, the ids, the pins and the time zone
    /// through SiteData's readers, and to check the new text as the build reads it — and the new
    /// text it wrote once, for the build that follows (issue 40).
    let memo: ParsedTables

    /// - Parameters:
    ///   - data: the data folder, as the user named it (paths in messages start with it).
    ///   - journal: the undo journal; nil: the data folder's own, where the environment puts it
    ///     (`UndoJournal(forData:)`).
    public init(data: String, journal: UndoJournal? = nil) {
        self.init(folder: DataFolder(path: data), journal: journal ?? UndoJournal(forData: data))
    }

    /// The data folder of a served site, whose last build parsed `memo`.
    package init(data: String, journal: UndoJournal, memo: ParsedTables) {
        self.init(folder: DataFolder(path: data), journal: journal, memo: memo)
    }

    /// Edits `folder`, on disk or in memory, recording each write in `journal`.
    package init(folder: DataFolder, journal: UndoJournal, memo: ParsedTables = ParsedTables()) {
        self.folder = folder
        self.journal = journal
        self.memo = memo
    }

    /// `file` parsed, once for this editor's edits (`memo`).
    func parse(_ file: SourceFile) throws(TOMLError) -> TOMLTable {
        try memo.parse(file)
    }

    /// What one write did: the file's path as shown to the user (`content/goals/bike.toml`) and
    /// the number of its undo journal entry.
    public struct Written: Sendable, Equatable {
        public var path: String
        public var journalID: Int
    }

    /// `content/goals/bike.toml` for `goals/bike.toml`.
    public func displayPath(_ relative: String) -> String { folder.displayPath(relative) }

    /// Appends `[[table]]` with `fields` (in order) to the file at `relative` inside the data folder.
    /// Call it inside `locked(_:)`, which the entries (`DepositEntry`, `SessionEntry`) do.
    /// - Parameters:
    ///   - createIfMissing: create the file, and its folder, when it does not exist yet.
    ///   - header: the comment lines a file created here starts with.
    ///   - wholeCheck: also read the whole folder with the new text as a build would
    ///     (`checkAsTheBuildReadsIt`), for entries whose every key the typed checks cannot judge.
    ///   - read: the file as the caller read it under the lock.
    ///   - lines: the entry's text as its own writer writes it (a new `[[subscription]]`:
    ///     `SubscriptionTable.lines`, the one writer of that text); nil: `[[name]]` and each field's
    ///     line. Either way it must read back as exactly `fields`.
    ///   - action: what the write does, for the undo journal.
    /// The new text, parsed once here to be checked, is kept in `memo`, so the build that follows
    /// the write (a served site's) does not parse the file again.
    @discardableResult
    func append(
        table name: String, fields: [TOMLField], to relative: String, createIfMissing: Bool = false,
        header: String? = nil, wholeCheck: Bool = false, read: SourceFile? = nil, lines: [String]? = nil,
        action: JournalAction
    ) throws(EditError) -> Written {
        let shown = folder.displayPath(relative)
        guard DataFileEditor.isBareKey(name), !fields.isEmpty, fields.allSatisfy({ DataFileEditor.isBareKey($0.key) })
        else { throw EditError("cannot append [[\(name)]] to \(shown): not a simple table of bare keys") }
        guard folder.exists else { throw EditError("\(folder.displayRoot): data folder not found") }
        let original: SourceFile?
        if let read {
            original = read
        } else if folder.fileExists(relative) {
            switch folder.read(relative) {
            case .success(let file): original = file
            case .failure(let diagnostic): throw EditError("nothing was changed", diagnostic: diagnostic)
            }
        } else if createIfMissing {
            original = nil
        } else {
            throw EditError("", diagnostic: Diagnostic(.error, path: shown, message: "does not exist"))
        }
        let file = original ?? SourceFile(path: shown, bytes: Array((header ?? "").utf8))
        let before: TOMLTable
        do throws(TOMLError) {
            // Parsed once per edit: a goal's file as the caller found the goal in it.
            before = try original == nil ? TOMLParser.parse(file.bytes) : parse(file)
        } catch {
            throw EditError(
                "\(shown) must be valid TOML before sandjar can add to it; nothing was changed",
                diagnostic: file.finding(for: error))
        }
        let entry = lines ?? (["[[\(name)]]"] + fields.map(\.line))
        precondition(entry.first == "[[\(name)]]", "the lines of a [[\(name)]] begin with its header")
        let text = DataFileEditor.appending(entry, to: file.bytes)
        let after = try DataFileEditor.verify(text, adds: name, fields: fields, to: before, of: file)
        // Kept by its bytes, so the whole check and the build after the write read this parse.
        memo.keep(after, for: SourceFile(path: shown, bytes: text))
        if wholeCheck { try checkAsTheBuildReadsIt(relative, text) }
        try requireInside(relative, shown: shown)
        return try commit(text, to: relative, shown: shown, replacing: original?.bytes, action)
    }

    /// Writes `bytes` as the new file at `relative`, never over a file that exists (one that
    /// appears meanwhile is not replaced either). Call it inside `locked(_:)`.
    func create(_ relative: String, _ bytes: [UInt8], action: JournalAction) throws(EditError) -> Written {
        let shown = folder.displayPath(relative)
        guard !folder.fileExists(relative) else {
            throw EditError(
                "", diagnostic: Diagnostic(.error, path: shown, message: "exists already; nothing was changed"))
        }
        try requireInside(relative, shown: shown)
        return try commit(bytes, to: relative, shown: shown, replacing: nil, action)
    }

    /// The one way an edit reaches its file: the write recorded in the undo journal, then the new
    /// bytes written through the data folder (`DataFolder.write`: on disk, renamed over the file,
    /// the folder a new file needs made, and removed again if it cannot be written), which must
    /// still hold `original` (nil: must not exist). A write that fails takes its journal entry
    /// back. Call it inside `locked(_:)`.
    func commit(
        _ bytes: [UInt8], to relative: String, shown: String, replacing original: [UInt8]?, _ action: JournalAction
    ) throws(EditError) -> Written {
        let entry = try journal.record(action, file: relative, before: original, after: bytes)
        do throws(DataFolder.WriteFailure) {
            try folder.write(relative, bytes, expecting: original.map { .bytes($0) } ?? .nothing)
        } catch {
            journal.forget(entry.id)
            throw EditError(writing: error, shown: shown)
        }
        return Written(path: shown, journalID: entry.id)
    }

    /// A write may only reach a file inside the data folder, through any symlink on the way.
    func requireInside(_ relative: String, shown: String) throws(EditError) {
        guard folder.isInside(relative) else {
            throw EditError("", diagnostic: Diagnostic(.error, path: shown, message: "is outside the data folder"))
        }
    }

    /// The old bytes untouched, a line ending if the last line had none, a blank line, then the
    /// new table; line endings follow the file's first line (CRLF stays CRLF).
    static func appending(table name: String, fields: [TOMLField], to original: [UInt8]) -> [UInt8] {
        appending(["[[\(name)]]"] + fields.map(\.line), to: original)
    }

    /// The same, for the entry's `lines` as they are written, its header first.
    static func appending(_ lines: [String], to original: [UInt8]) -> [UInt8] {
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        let firstBreak = original.firstIndex(of: lf)
        let newline: [UInt8] = firstBreak.map { $0 > 0 && original[$0 - 1] == cr } == true ? [cr, lf] : [lf]
        var text = original
        if !text.isEmpty {
            if text.last != lf { text += newline }
            var body = text.dropLast()
            if body.last == cr { body = body.dropLast() }
            if body.last != lf { text += newline }
        }
        for line in lines {
            text += Array(line.utf8) + newline
        }
        return text
    }

    /// Parses the new text and checks that it holds exactly one more `name` entry, the last one,
    /// with the fields' values; otherwise explains why this file cannot take one. The new text's
    /// table.
    @discardableResult
    static func verify(
        _ text: [UInt8], adds name: String, fields: [TOMLField], to before: TOMLTable, of file: SourceFile
    ) throws(EditError) -> TOMLTable {
        let after: TOMLTable
        do {
            after = try TOMLParser.parse(text)
        } catch {
            var why = "cannot add a [[\(name)]] table here: \(error.message)"
            var at: SourceLocation? = error.location
            var source = SourceFile(path: file.path, bytes: text)
            if let existing = before[name] {
                at = before.keyLocation(name) ?? existing.location
                source = file
                if case .array = existing.kind {
                    why =
                        "'\(name)' is written as an inline array (\(name) = [...]), so sandjar cannot add a [[\(name)]] table; write the entries as [[\(name)]] tables instead"
                } else {
                    why = "'\(name)' is already a value here, so sandjar cannot add [[\(name)]] tables to this file"
                }
            }
            throw EditError("nothing was changed", diagnostic: source.diagnostic(.error, at: at, why))
        }
        let count = before[name]?.arrayValue?.count ?? 0
        guard let items = after[name]?.arrayValue, items.count == count + 1, let last = items.last?.tableValue,
            last.count == fields.count,
            fields.allSatisfy({ field in last[field.key].map(field.matches) ?? false })
        else {
            throw EditError("the new [[\(name)]] in \(file.path) would not read back as written; nothing was changed")
        }
        return after
    }

    /// Letters, digits, `_` and `-`: a key that needs no quoting.
    static func isBareKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "-"
            }
    }
}
