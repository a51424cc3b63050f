import Foundation
import SiteBuilder
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// What serve's watch looks at every quarter of a second: every file a build reads — the data
/// folder, less a site built into it and hidden entries, and the theme overlay — by path, size and
/// modification time, folded into one number. It walks with `readdir` and `fstatat`, so looking at
/// a folder of thousands of files costs a few hundred microseconds, not a build's worth of time.
/// A data folder held in memory (`BuildOptions.dataFiles`) is not walked: its count of writes
/// (`DataFolder.generation`) says whether it changed.
enum SiteWatch {
    typealias Fingerprint = Int

    static func fingerprint(of options: BuildOptions) -> Fingerprint {
        var hasher = Hasher()
        if let generation = options.dataFiles?.generation {
            hasher.combine(generation)
        } else {
            walk(options.dataFiles?.diskPath ?? options.data, skipping: ["public", "public.lock"], into: &hasher)
        }
        if let theme = options.themeOverlay { walk(theme, skipping: [], into: &hasher) }
        return hasher.finalize()
    }

    /// Every regular file below `root` (symlinks followed, as a build reads them), in name order.
    private static func walk(_ root: String, skipping skipped: Set<String>, into hasher: inout Hasher) {
        var folders = [(path: root, top: true)]
        // A symlink that leads back up would make the walk endless: each folder once.
        var seen: Set<[UInt64]> = []
        while let (path, top) = folders.popLast() {
            var own = stat()
            guard stat(path, &own) == 0, seen.insert([UInt64(own.st_dev), UInt64(own.st_ino)]).inserted else {
                continue
            }
            guard let directory = opendir(path) else { continue }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name.hasPrefix(".") || (top && skipped.contains(name)) { continue }
                names.append(name)
            }
            let descriptor = dirfd(directory)
            for name in names.sorted() {
                var info = stat()
                guard fstatat(descriptor, name, &info, 0) == 0 else { continue }
                let full = path + "/" + name
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append((full, false))
                case S_IFREG:
                    hasher.combine(full)
                    hasher.combine(info.st_size)
                    hasher.combine(info.st_mtim.tv_sec)
                    hasher.combine(info.st_mtim.tv_nsec)
                default: break
                }
            }
            closedir(directory)
        }
    }
}
