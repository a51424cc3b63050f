import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way sandjar writes a file that is not part of a published site — a person's data file,
/// the undo journal, a jar snapshot, a new data folder or theme — so that anyone reading it (a
/// nightly build from cron, an editor, the next build) sees either the old bytes or the new ones,
/// never a half-written file (DESIGN.md §6, §7). `DataFolder.write` calls it for a folder on disk.
///
/// The new bytes go to a hidden temporary file in the same folder (so the final `rename` stays on
/// one file system and is atomic), are flushed to disk with `fsync`, get the replaced file's
/// permission bits and owner, and only then take its place; the folder is flushed after the
/// rename. On any failure the temporary file is removed and the old file is left as it was.
package enum AtomicFile {
    /// Why a write failed: `DataFolder.WriteFailure`, the file as `path` names it (`DataFolder`
    /// names it again as the person sees it).
    package typealias Failure = DataFolder.WriteFailure

    /// What the file must hold when the new bytes take its place.
    package enum Expected: Sendable, Equatable {
        /// Whatever it holds, or nothing: a jar snapshot, which anyone may write again.
        case anything
        /// No file: one that appears meanwhile is not replaced.
        case nothing
        /// These bytes, as the caller read them: a file changed in the meantime is never
        /// silently overwritten.
        case bytes([UInt8])

        /// What the file must hold; nil when it must not be there (or for `.anything`).
        var bytes: [UInt8]? {
            if case .bytes(let bytes) = self { return bytes }
            return nil
        }
    }

    /// Writes `bytes` to `path`, which the caller has checked leads where it may write.
    /// - Parameter durable: false for a file whose loss or a cut-short copy after a power cut
    ///   costs only time (a jar snapshot, recomputed byte for byte): neither it nor its folder is
    ///   flushed, so a build pays no durability barrier for it (DESIGN.md §7). The rename keeps a
    ///   killed writer from leaving half a file all the same.
    package static func write(
        _ bytes: [UInt8], to path: String, expecting expected: Expected, durable: Bool = true
    ) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(url.lastPathComponent).sandjar-\(UInt64.random(in: 1...UInt64.max)).tmp"
        var original = stat()
        let replaces: Bool
        switch expected {
        case .bytes:
            if stat(path, &original) != 0 {
                throw Failure(path: path, reason: "cannot be read again before writing: \(reason())")
            }
            replaces = true
        case .nothing: replaces = false
        case .anything: replaces = stat(path, &original) == 0 && original.st_mode & S_IFMT == S_IFREG
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, replaces ? 0o600 : 0o666)
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: "cannot create a temporary file in \(folder): \(reason())")
        }
        var committed = false
        defer { if !committed { unlink(temporary) } }
        do throws(Failure) {
            try writeAll(bytes, to: descriptor, path: path)
            if replaces {
                _ = fchown(descriptor, original.st_uid, original.st_gid)  // only possible for root; fine if not
                guard fchmod(descriptor, original.st_mode & 0o7777) == 0 else {
                    throw Failure(path: path, reason: "cannot set permissions on the temporary file: \(reason())")
                }
            }
            guard !durable || fsync(descriptor) == 0 else {
                throw Failure(path: path, reason: "cannot flush the new text to disk: \(reason())")
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else {
            throw Failure(path: path, reason: "cannot write the new text: \(reason())")
        }
        switch expected {
        case .anything:
            guard rename(temporary, path) == 0 else {
                throw Failure(path: path, reason: "cannot be replaced: \(reason())")
            }
        case .nothing:
            guard contents(of: path) == nil else {
                throw Failure(
                    path: path,
                    reason: "was changed by someone else while sandjar edited it; nothing was written, try again")
            }
            // link() refuses to replace a file that appeared meanwhile; rename() would not.
            if link(temporary, path) == 0 {
                unlink(temporary)
            } else if errno == EEXIST || access(path, F_OK) == 0 {
                throw Failure(
                    path: path, reason: "was created by someone else while sandjar edited it; nothing was written")
            } else if rename(temporary, path) != 0 {  // a file system without hard links
                throw Failure(path: path, reason: "cannot be created: \(reason())")
            }
        case .bytes(let old):
            guard contents(of: path) == old else {
                throw Failure(
                    path: path,
                    reason: "was changed by someone else while sandjar edited it; nothing was written, try again")
            }
            guard rename(temporary, path) == 0 else {
                throw Failure(path: path, reason: "cannot be replaced: \(reason())")
            }
        }
        committed = true
        if durable { syncFolder(folder) }
    }

    /// Removes the file at `path`, and flushes its folder so the removal lasts.
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(path: path, reason: "cannot be removed: \(reason())") }
        syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Removes the temporary files of writers that were killed before their rename, directly in
    /// each of `folders`. Only call it where no other writer can be halfway (under the edit lock).
    package static func removeTemporaryFiles(in folders: [String]) {
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where isTemporaryName(name)
            {
                unlink("\(folder)/\(name)")
            }
        }
    }

    /// `.bike.toml.sandjar-1234.tmp`: the name `write` gives its temporary file.
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".sandjar-")
    }

    /// The whole file at `path` as it is now; nil when there is none or it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(path: path, reason: "cannot write the new text: \(reason())") }
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
