import Basics
import Foundation
import SiteData

/// The undo journal of one data folder (DESIGN.md §6): every write of the editing commands and of
/// serve's forms, with the file's bytes before and after it, so `sandjar undo` and serve's Undo can
/// take it back exactly.
///
/// It lives outside the data folder, in `$XDG_STATE_HOME/sandjar/<key>/` (else
/// `~/.local/state/sandjar/<key>/`, the key as the cache's), one JSON file per write named by its
/// number, so a person's folder holds only what they wrote. Entries are added only under the data
/// folder's edit lock, which orders them across processes; the newest `capacity` are kept. They are
/// read and written through a `DataFolder`, so an edit tested in memory keeps its journal there too.
public struct UndoJournal: Sendable, Equatable {
    public static let capacity = 100
    /// A data file may hold 16 MiB, and an entry holds it twice, as base64.
    static let maximumEntryBytes = 64 << 20

    /// Where the journal is, as shown in messages.
    public let folder: URL
    let files: DataFolder
    /// What stamps each write (`Entry.time`) and each undo (`Entry.undone`) not given a time:
    /// the wall clock, or the one a caller injects (`stamped(by:)`), as serve does with its own.
    let clock: @Sendable () -> Date

    public init(folder: URL) {
        self.init(folder: folder, files: DataFolder(path: folder.path), clock: { Date() })
    }

    private init(folder: URL, files: DataFolder, clock: @escaping @Sendable () -> Date) {
        self.folder = folder
        self.files = files
        self.clock = clock
    }

    /// The same journal, its entries stamped by `clock`.
    public func stamped(by clock: @escaping @Sendable () -> Date) -> UndoJournal {
        UndoJournal(folder: folder, files: files, clock: clock)
    }

    /// The journal of the data folder `data`, where the environment puts it.
    public init(forData data: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(
            folder: DataFolderKey.folder(
                for: data, variable: "XDG_STATE_HOME", fallback: ".local/state", environment: environment))
    }

    /// A journal kept in `files`: in memory, for tests.
    package init(files: DataFolder) {
        self.init(folder: URL(fileURLWithPath: files.displayRoot), files: files, clock: { Date() })
    }

    public static func == (a: UndoJournal, b: UndoJournal) -> Bool { a.folder == b.folder }

    /// One write.
    public struct Entry: Codable, Sendable, Equatable {
        /// Counts up from 1 in the order the writes were made.
        public var id: Int
        public var time: Date
        public var action: JournalAction
        /// The file's path inside the data folder: `goals/bike.toml`.
        public var file: String
        /// The file's bytes before the write; nil when the write created the file.
        public var before: Data?
        /// The bytes the write left.
        public var after: Data
        /// When it was taken back; nil while it stands.
        public var undone: Date?
    }

    /// Every entry, oldest first. A file that cannot be read as an entry is passed over (it is
    /// never one this journal wrote whole: entries are written by rename).
    public func entries() -> [Entry] {
        numbers().compactMap(entry)
    }

    /// The number of the latest write in the journal, undone or not; nil when it holds none.
    public func latestID() -> Int? { numbers().last }

    /// The entry numbered `id`, if the journal still holds it.
    public func entry(_ id: Int) -> Entry? {
        guard let bytes = bytes(of: id) else { return nil }
        return try? Self.decoder.decode(Entry.self, from: Data(bytes))
    }

    /// Records a write about to be made (the caller holds the edit lock): after the file is
    /// renamed into place, the entry describes it; if the rename fails, `forget` removes it.
    func record(
        _ action: JournalAction, file: String, before: [UInt8]?, after: [UInt8], time: Date? = nil
    ) throws(EditError) -> Entry {
        let time = time ?? clock()
        do throws(DataFolder.WriteFailure) {
            try files.createFolder("", mode: 0o700)
        } catch {
            throw EditError("cannot keep the undo journal in \(folder.path): \(error.reason); nothing was changed")
        }
        let existing = numbers()
        let entry = Entry(
            id: (existing.last ?? 0) + 1, time: time, action: action, file: file, before: before.map { Data($0) },
            after: Data(after))
        try write(entry, replacing: nil)
        for old in existing.dropLast(Self.capacity - 1) {
            try? files.remove(name(of: old))
        }
        return entry
    }

    /// Removes the entry of a write that did not happen after all. Should it outlive a crash, it
    /// names a write its file never got, which `undo` passes over (`UndoEntry.Undone.lapsed`).
    func forget(_ id: Int) {
        try? files.remove(name(of: id))
    }

    /// Marks `entry` taken back (the caller holds the edit lock).
    func markUndone(_ entry: Entry, at time: Date? = nil) throws(EditError) {
        var undone = entry
        undone.undone = time ?? clock()
        try write(undone, replacing: bytes(of: entry.id))
    }

    private func write(_ entry: Entry, replacing old: [UInt8]?) throws(EditError) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Self.encoder.encode(entry))
        } catch {
            throw EditError("cannot write the undo journal: \(error.localizedDescription); nothing was changed")
        }
        do throws(DataFolder.WriteFailure) {
            try files.write(name(of: entry.id), bytes, expecting: old.map { .bytes($0) } ?? .nothing)
        } catch {
            throw EditError(
                "cannot write the undo journal in \(folder.path): the entry \(error.reason); nothing was changed")
        }
    }

    /// The numbers of the entries on disk, ascending.
    private func numbers() -> [Int] {
        files.allFiles().compactMap { name -> Int? in
            guard name.hasSuffix(".json"), name.count == 15 else { return nil }
            let digits = name.dropLast(5)
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }.sorted()
    }

    /// `0000000042.json`.
    private func name(of id: Int) -> String { id.zeroPadded(10) + ".json" }

    private func bytes(of id: Int) -> [UInt8]? {
        let name = name(of: id)
        guard files.fileExists(name), case .success(let file) = files.read(name, limit: Self.maximumEntryBytes) else {
            return nil
        }
        return file.bytes
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
