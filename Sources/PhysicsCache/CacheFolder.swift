import Foundation
import SiteData

/// What a folder must be before a build writes its cache into it (DESIGN.md §6, §7): missing,
/// empty, or marked by sandjar with `.sandjar-cache`, and never inside the data folder or the
/// output. `--cache /` or `--cache ~/Documents` is refused with nothing written, rather than
/// scattering `jar/*.json` among someone's files.
public enum CacheFolder {
    public static let marker = ".sandjar-cache"
    static let markerText =
        "This folder is a sandjar cache: the settled coin jars, kept so the next build is faster.\n"
        + "Deleting it only costs time.\n"

    /// Nil when `path` may hold the cache of a build of `data` into `output`; else why not.
    public static func refusal(_ path: String, data: String, output: String?) -> String? {
        if RealPath.isInside(path, data) {
            return "refusing to keep the cache in '\(path)': it is inside the data folder \(data); "
                + "leave --cache out (the cache then goes to ~/.cache/sandjar) or give a folder of its own"
        }
        if let output, RealPath.isInside(path, output) {
            return "refusing to keep the cache in '\(path)': it is inside the site's output \(output), which "
                + "every build replaces; give --cache a folder of its own"
        }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else {
            return "'\(path)' exists and is not a folder; give --cache a new folder, an empty one or an earlier cache"
        }
        // What a build killed in the middle of a write left (`AtomicFile`) says nothing of whose it is.
        guard let entries = try? fm.contentsOfDirectory(atPath: path).filter({ !AtomicFile.isTemporaryName($0) }) else {
            return "cannot read the cache folder '\(path)'; give --cache a folder sandjar can read and write"
        }
        if entries.isEmpty || entries.contains(marker) || isUnmarkedCache(path, entries) { return nil }
        return "refusing to write the cache into '\(path)': it is not empty and holds no \(marker) marker, "
            + "so it is not a sandjar cache; give --cache a new or empty folder"
    }

    /// A cache written before caches were marked: nothing but `jar/` with snapshots in it.
    private static func isUnmarkedCache(_ path: String, _ entries: [String]) -> Bool {
        guard entries == ["jar"],
            let snapshots = try? FileManager.default.contentsOfDirectory(atPath: path + "/jar")
        else { return false }
        return snapshots.allSatisfy { $0.hasSuffix(".json") || $0.hasSuffix(".tmp") }
    }
}
