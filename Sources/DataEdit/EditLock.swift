import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// The one lock per data folder that every writer of data holds — `add deposit`, `add session`,
/// `slay`, and serve's forms (DESIGN.md §6) — across the whole edit: reading the file, checking
/// the change, and the rename that publishes it. Two edits of one folder therefore never read the
/// same old text, and none that reported success can be overwritten by another.
///
/// On disk it is an `flock` on the data folder itself, not on a file inside it: the folder's inode
/// never changes (a data file's does, with every atomic rename, so a lock on the file would have to
/// be checked again after taking it), nothing is created in the person's folder, and the kernel
/// releases the lock when its holder ends, even by `SIGKILL`. Waiters queue in the kernel, so
/// sixteen edits started at once all land, one after another. A folder in memory, which only this
/// process can reach, is locked in it (`DataFolder.inProcessLock`).
struct EditLock {
    private enum Held {
        case folder(descriptor: Int32)
        case memory(NSLock)
    }

    private let held: Held

    /// Takes the lock on `folder`, waiting for the edit that holds it.
    init(folder: DataFolder) throws(EditError) {
        if let lock = folder.inProcessLock {
            lock.lock()
            held = .memory(lock)
            return
        }
        let path = folder.root.path
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw EditError("\(path): cannot open the data folder to lock it: \(String(cString: strerror(errno)))")
        }
        var result: Int32
        repeat {
            result = flock(fd, LOCK_EX)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw EditError("\(path): cannot lock the data folder for editing (\(why)); nothing was changed")
        }
        held = .folder(descriptor: fd)
    }

    /// Lets the next edit in.
    func release() {
        switch held {
        case .folder(let descriptor):
            flock(descriptor, LOCK_UN)
            close(descriptor)
        case .memory(let lock): lock.unlock()
        }
    }
}

extension DataFileEditor {
    /// Runs `body` — the whole edit: finding the entry, reading, changing and writing its file —
    /// under the data folder's edit lock, after checking the folder is a data folder at all.
    public func locked<T>(_ body: () throws(EditError) -> T) throws(EditError) -> T {
        try requireDataFolder()
        let lock = try EditLock(folder: folder)
        defer { lock.release() }
        folder.removeStaleTemporaryFiles(in: ["", "goals", "practice", "subscriptions"])
        return try body()
    }

    /// An edit needs a data folder, one that holds `site.toml` (DESIGN.md §6): without it,
    /// `--data d/goals` would create `d/goals/practice/` and write where no build ever looks.
    func requireDataFolder() throws(EditError) {
        guard folder.exists else { throw EditError("\(folder.displayRoot): data folder not found") }
        guard folder.isFile("site.toml") else {
            throw EditError(
                "\(folder.displayRoot) is not a data folder: it has no site.toml; nothing was changed. "
                    + "Give the folder that holds site.toml (--data DIR), or create one with 'sandjar init DIR'")
        }
    }
}
