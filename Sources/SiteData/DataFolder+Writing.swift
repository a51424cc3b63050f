import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing through a `DataFolder`: on disk with `AtomicFile`, in memory into its files. The jar
/// cache, the editing commands and serve's forms, the undo journal and `init`/`theme export` all
/// write this way, so each of them can be run against a folder in memory.
extension DataFolder {
    /// Why a file could not be written.
    package struct WriteFailure: Error, Equatable {
        /// What could not be made: the file itself, or a folder it needed.
        package enum Place: Sendable, Equatable { case file, folder }

        /// The file as shown to the user: `content/goals/bike.toml`.
        package let path: String
        /// Why, without the path: "was changed by someone else while sandjar edited it; …".
        package let reason: String
        package var place: Place = .file

        package var message: String { "\(path): \(reason)" }
    }

    /// Writes `bytes` as the file at `relative`, creating the folders above it (and removing them
    /// again if the file cannot be written): on disk through `AtomicFile`, so a reader, or a build
    /// killed halfway, sees the old file or the new one, never a part. A path that leads out of the
    /// folder, itself or through a symlink, is refused. A folder laid over another writes into the
    /// top one.
    /// - Parameter expected: what the file must hold for the write to go ahead (`AtomicFile.Expected`).
    /// - Parameter durable: false for a cache file, which is not flushed (`AtomicFile.write`).
    package func write(
        _ relative: String, _ bytes: [UInt8], expecting expected: AtomicFile.Expected = .anything,
        durable: Bool = true
    ) throws(WriteFailure) {
        switch storage {
        case .disk:
            let target = try diskTarget(relative)
            let made = try makeFolders(URL(fileURLWithPath: target).deletingLastPathComponent().path, for: relative)
            do throws(AtomicFile.Failure) {
                try AtomicFile.write(bytes, to: target, expecting: expected, durable: durable)
            } catch {
                for folder in made.reversed() { rmdir(folder) }
                throw WriteFailure(path: displayPath(relative), reason: error.reason)
            }
        case .memory(let files):
            guard SiteFiles.isSafeRelativePath(relative) else {
                throw WriteFailure(path: displayPath(relative), reason: DataFolder.outside)
            }
            if let refusal = files.replace(relative, with: bytes, expecting: expected) {
                throw WriteFailure(path: displayPath(relative), reason: refusal)
            }
        case .overlay(let top, _): try top.write(relative, bytes, expecting: expected, durable: durable)
        }
    }

    /// Removes the file at `relative`.
    package func remove(_ relative: String) throws(WriteFailure) {
        switch storage {
        case .disk:
            let target = try diskTarget(relative)
            do throws(AtomicFile.Failure) {
                try AtomicFile.remove(target)
            } catch {
                throw WriteFailure(path: displayPath(relative), reason: error.reason)
            }
        case .memory(let files):
            guard files[relative] != nil else {
                throw WriteFailure(
                    path: displayPath(relative), reason: "cannot be removed: \(String(cString: strerror(ENOENT)))")
            }
            files[relative] = nil
        case .overlay(let top, _): try top.remove(relative)
        }
    }

    /// Creates the folder `relative` ("" for the folder itself) and those above it, each with
    /// `mode` (less the umask); nothing to do in memory.
    package func createFolder(_ relative: String, mode: mode_t = 0o777) throws(WriteFailure) {
        switch storage {
        case .disk:
            let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
            _ = try makeFolders(path, for: relative, mode: mode)
        case .memory: break
        case .overlay(let top, _): try top.createFolder(relative, mode: mode)
        }
    }

    /// Whether `relative` leads to a place inside the folder, through any symlink on the way.
    package func isInside(_ relative: String) -> Bool {
        switch storage {
        case .disk: return (try? diskTarget(relative)) != nil
        case .memory: return SiteFiles.isSafeRelativePath(relative)
        case .overlay(let top, _): return top.isInside(relative)
        }
    }

    /// Removes what writers killed before their rename left in the folders `relatives` ("" for
    /// the folder itself). Only where no other writer can be halfway: under the edit lock.
    package func removeStaleTemporaryFiles(in relatives: [String]) {
        guard let path = diskPath else { return }
        AtomicFile.removeTemporaryFiles(in: relatives.map { $0.isEmpty ? path : "\(path)/\($0)" })
    }

    /// For a folder in memory, the lock an edit holds in place of the `flock` on a folder on disk
    /// (`EditLock`); nil on disk.
    package var inProcessLock: NSLock? {
        switch storage {
        case .disk: return nil
        case .memory(let files): return files.editLock
        case .overlay(let top, _): return top.inProcessLock
        }
    }

    /// How many times the files of a folder in memory were written or removed, counting up: what
    /// serve's watch looks at in place of walking a folder (`SiteWatch`). Nil for a folder on disk,
    /// or laid over one.
    package var generation: Int? {
        switch storage {
        case .disk: return nil
        case .memory(let files): return files.generation
        case .overlay(let top, let base):
            guard let over = top.generation, let under = base.generation else { return nil }
            return over + under
        }
    }

    /// The folder on disk, nil for files in memory.
    package var diskPath: String? {
        switch storage {
        case .disk: return root.path
        case .memory: return nil
        case .overlay(let top, _): return top.diskPath
        }
    }

    private static let outside = "is outside the data folder"

    /// The real path `relative` leads to on disk (`RealPath`: through every symlink on the way, for
    /// as much of it as exists), which must lie inside the folder. The write goes to that path, so
    /// what is checked is what the kernel is given.
    private func diskTarget(_ relative: String) throws(WriteFailure) -> String {
        let target = RealPath.of(root.path + "/" + relative)
        guard target.hasPrefix(RealPath.of(root.path) + "/") else {
            throw WriteFailure(path: displayPath(relative), reason: DataFolder.outside)
        }
        return target
    }

    /// Creates `path` and the folders above it that are missing; returns those it made, outermost
    /// first.
    private func makeFolders(_ path: String, for relative: String, mode: mode_t = 0o777) throws(WriteFailure)
        -> [String]
    {
        var missing: [String] = []
        var folder = path
        var status = stat()
        while !folder.isEmpty, folder != "/", stat(folder, &status) != 0 {
            missing.insert(folder, at: 0)
            folder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        }
        var made: [String] = []
        for folder in missing {
            guard mkdir(folder, mode) == 0 || errno == EEXIST else {
                let why = String(cString: strerror(errno))
                for done in made.reversed() { rmdir(done) }
                throw WriteFailure(path: displayPath(relative), reason: why, place: .folder)
            }
            made.append(folder)
        }
        return made
    }
}

/// The files of a folder held in memory, by relative path. A reference, so that what the cache
/// writes during one build is there for the next; safe to use from the jars' parallel simulations.
package final class MemoryFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]]
    /// Counts the writes and removals, so a watch can tell a change without reading the files.
    private var writes = 0
    /// Held across an edit, as the `flock` on a folder on disk is (`DataFolder.inProcessLock`).
    let editLock = NSLock()

    init(_ files: [String: [UInt8]]) { self.files = files }

    subscript(relative: String) -> [UInt8]? {
        get { lock.withLock { files[relative] } }
        set {
            lock.withLock {
                files[relative] = newValue
                writes += 1
            }
        }
    }

    /// How many times a file was written or removed.
    var generation: Int { lock.withLock { writes } }

    var paths: [String] { lock.withLock { Array(files.keys) } }

    /// Sets the file at `relative` if it holds what `expected` says; else why not, in the words
    /// `AtomicFile` uses on disk.
    func replace(_ relative: String, with bytes: [UInt8], expecting expected: AtomicFile.Expected) -> String? {
        lock.withLock {
            if expected != .anything, files[relative] != expected.bytes {
                return "was changed by someone else while sandjar edited it; nothing was written, try again"
            }
            files[relative] = bytes
            writes += 1
            return nil
        }
    }
}
