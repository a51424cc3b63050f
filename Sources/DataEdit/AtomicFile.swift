import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces or creates one file so that anyone reading it — a nightly build from cron, an editor —
/// sees either the old bytes or the new ones, never a half-written file (DESIGN.md §6, §7).
///
/// The new bytes go to a hidden temporary file in the same folder (so the final `rename` stays on
/// one file system and is atomic), are flushed to disk with `fsync`, get the original's permission
/// bits and owner, and only then take the original's place. On any failure the temporary file is
/// removed and the original is left exactly as it was.
enum AtomicFile {
    struct Failure: Error, Equatable {
        let message: String
    }

    /// Writes `bytes` to `path`.
    /// - Parameter expected: the bytes the file held when the caller read it, or nil when it did
    ///   not exist. If the file changed in the meantime nothing is written, so a concurrent edit
    ///   is never silently overwritten.
    static func write(_ bytes: [UInt8], to path: String, replacing expected: [UInt8]?) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(url.lastPathComponent).sandjar-\(UInt64.random(in: 1...UInt64.max)).tmp"
        var original = stat()
        if expected != nil, stat(path, &original) != 0 {
            throw Failure(message: "cannot be read again before writing: \(reason())")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, expected == nil ? 0o666 : 0o600)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a temporary file in \(folder): \(reason())")
        }
        var committed = false
        defer { if !committed { unlink(temporary) } }
        do throws(Failure) {
            try writeAll(bytes, to: descriptor)
            if expected != nil {
                _ = fchown(descriptor, original.st_uid, original.st_gid)  // only possible for root; fine if not
                guard fchmod(descriptor, original.st_mode & 0o7777) == 0 else {
                    throw Failure(message: "cannot set permissions on the temporary file: \(reason())")
                }
            }
            guard fsync(descriptor) == 0 else {
                throw Failure(message: "cannot flush the new text to disk: \(reason())")
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw Failure(message: "cannot write the new text: \(reason())") }
        let current = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        guard current == expected else {
            throw Failure(
                message: "was changed by someone else while sandjar edited it; nothing was written, try again")
        }
        if expected == nil {
            // link() refuses to replace a file that appeared meanwhile; rename() would not.
            if link(temporary, path) == 0 {
                unlink(temporary)
            } else if errno == EEXIST || access(path, F_OK) == 0 {
                throw Failure(message: "was created by someone else while sandjar edited it; nothing was written")
            } else if rename(temporary, path) != 0 {  // a file system without hard links
                throw Failure(message: "cannot be created: \(reason())")
            }
        } else {
            guard rename(temporary, path) == 0 else { throw Failure(message: "cannot be replaced: \(reason())") }
        }
        committed = true
        syncFolder(folder)
    }

    /// Removes the temporary files of writers that were killed before their rename, in the data
    /// folder `folder` and the folders edits write into. Only called under the edit lock, when no
    /// other writer can be halfway.
    static func removeStaleTemporaryFiles(in folder: String) {
        for place in ["", "/goals", "/practice", "/subscriptions"].map({ folder + $0 }) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: place)) ?? [] where isTemporaryName(name)
            {
                unlink("\(place)/\(name)")
            }
        }
    }

    /// `.bike.toml.sandjar-1234.tmp`: the name `write` gives its temporary file.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".sandjar-")
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(message: "cannot write the new text: \(reason())") }
            offset += written
        }
    }

    /// Makes the rename itself durable; a folder that cannot be synced is no reason to fail.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
