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
/// jar byte for byte, so nothing here throws or reports. Snapshots are
/// replaced atomically (a temporary file renamed over the old one), so a build killed halfway
/// leaves the old snapshot or the new one. The folder is refused when it lies inside the output,
/// which sandjar owns and swaps away on every build. It is read and written through a
/// `DataFolder`, on disk or, in tests, in memory.
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

    /// The goal's jar, continuing from the cached pile when it matches the goal's deposits.
    public func artwork(for goal: Goal, palette: JarPalette) -> JarArtwork {
        let file = snapshotFile(for: goal.id)
        let cached = file.flatMap(load)
        let (artwork, snapshot) = JarArtwork.make(goal: goal, cached: cached, palette: palette)
        if writes, let file, snapshot != cached { store(snapshot, at: file) }
        return artwork
    }

    /// Creates the snapshots' folder once, before jars are simulated in parallel, so concurrent
    /// stores never race to create it, and marks the folder as a sandjar cache (`CacheFolder`).
    public func prepare() {
        guard usable, writes else { return }
        folder.createFolder("jar")
        if !folder.fileExists(CacheFolder.marker) {
            try? folder.write(CacheFolder.marker, Array(CacheFolder.markerText.utf8))
        }
    }

    /// Nil when caching is off or the id could name a path outside the folder (ids are checked on
    /// loading; this is the second lock on the door).
    private func snapshotFile(for id: String) -> String? {
        let allowed = id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        guard usable, allowed, !id.isEmpty else { return nil }
        return "jar/\(id).json"
    }

    private func load(_ file: String) -> JarSnapshot? {
        guard folder.fileExists(file), case .success(let source) = folder.read(file),
            source.bytes.count <= JarCache.maximumBytes
        else { return nil }
        return try? JSONDecoder().decode(JarSnapshot.self, from: Data(source.bytes))
    }

    private func store(_ snapshot: JarSnapshot, at file: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { return }
        // A cache that cannot be written costs time tomorrow, nothing else.
        try? folder.write(file, [UInt8](data))
    }
}
