import Domain
import Foundation
import Jar
import SiteData

/// The physics cache (DESIGN.md §7 "Fast"): one JSON snapshot per goal, `<folder>/jar/<id>.json`,
/// holding the pile at every month's end and the pile the latest deposit fell onto (`JarSnapshot`).
///
/// A nightly build after one new deposit pours at most one month again and drops that deposit.
/// The cache is a pure time saver: a missing, unreadable, corrupt, foreign or outdated snapshot
/// (another format is never read) simply means pouring from the first month, which draws the same
/// jar byte for byte, so nothing here throws or reports. Snapshots are replaced atomically (a
/// temporary file renamed over the old one, `AtomicFile`), so a build killed halfway leaves the old
/// snapshot or the new one. They are not flushed to the disk (no durability barrier a goal): one
/// lost or cut short by a power cut is a corrupt snapshot, poured again. The folder's marker is
/// flushed, once: without it the folder would be refused. The folder is refused when it lies
/// inside the output, which sandjar owns and swaps away on every build. It is read and written
/// through a `DataFolder`, on disk or, in tests, in memory.
public struct JarCache: Sendable {
    package let folder: DataFolder
    private let usable: Bool
    /// False for `check`: snapshots are read, never written.
    private let writes: Bool

    /// Snapshots larger than this are not read (a healthy one is about 4 KB a month of history).
    static let maximumBytes = 4 << 20

    /// - Parameter output: the site's output folder, if known; a cache inside it is not used.
    /// - Parameter writes: false to only read snapshots (`sandjar check` writes nothing).
    package init(folder: DataFolder, output: URL? = nil, writes: Bool = true) {
        self.folder = folder
        self.writes = writes
        if let output, let path = folder.diskPath {
            let outside = output.standardizedFileURL.resolvingSymlinksInPath().path
            usable = path != outside && !path.hasPrefix(outside + "/")
        } else {
            usable = true
        }
    }

    /// A snapshot to write, encoded: what `artwork` found changed.
    public struct Update: Sendable {
        let file: String
        let bytes: [UInt8]
    }

    /// The goal's jar, continuing from the cached pile when it matches the goal's deposits, and
    /// the snapshot to `keep` when it changed. Nothing is written here, so a build can simulate
    /// its jars while it still may fail, and keep them only once it has not.
    public func artwork(for goal: Goal, palette: JarPalette) -> (artwork: JarArtwork, update: Update?) {
        let file = snapshotFile(for: goal.id)
        let cached = file.flatMap(load)
        let (artwork, snapshot) = JarArtwork.make(goal: goal, cached: cached, palette: palette)
        guard writes, let file, snapshot != cached else { return (artwork, nil) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { return (artwork, nil) }
        return (artwork, Update(file: file, bytes: [UInt8](data)))
    }

    /// Writes the snapshots `artwork` found changed.
    public func keep(_ updates: [Update]) {
        guard !updates.isEmpty else { return }
        prepare()
        // A cache that cannot be written costs time tomorrow, nothing else.
        for update in updates { try? folder.write(update.file, update.bytes, durable: false) }
    }

    /// Creates the snapshots' folder and marks the folder as a sandjar cache (`CacheFolder`).
    func prepare() {
        guard usable, writes else { return }
        try? folder.createFolder("jar")
        if !folder.fileExists(CacheFolder.marker) {
            try? folder.write(CacheFolder.marker, Array(CacheFolder.markerText.utf8))
        }
    }

    /// Nil when caching is off or the id could name a path outside the folder (ids are checked on
    /// loading; this is the second lock on the door).
    private func snapshotFile(for id: String) -> String? {
        guard usable, DataLoader.isValidID(id) else { return nil }
        return "jar/\(id).json"
    }

    private func load(_ file: String) -> JarSnapshot? {
        guard folder.fileExists(file), case .success(let source) = folder.read(file),
            source.bytes.count <= JarCache.maximumBytes
        else { return nil }
        return try? JSONDecoder().decode(JarSnapshot.self, from: Data(source.bytes))
    }
}
