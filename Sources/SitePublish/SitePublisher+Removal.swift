import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SitePublisher {
    /// Removes `path` and everything in it, never following a symbolic link (one is removed, not
    /// what it points to); folders with many subfolders are emptied on every core at once. True
    /// when nothing is left.
    static func removeTree(_ path: String) -> Bool {
        // Nothing there (the usual case for a staging folder or a spare) costs no open.
        var status = stat()
        if lstat(path, &status) != 0, errno == ENOENT { return true }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return true }
            return unlink(path) == 0 || errno == ENOENT
        }
        let emptied = empty(descriptor)
        close(descriptor)
        return emptied && (rmdir(path) == 0 || errno == ENOENT)
    }

    /// Removes the entry `name` of the open folder `descriptor` (`flags`: `AT_REMOVEDIR` for an
    /// emptied folder). A site published read-only (`chmod 2550`) refuses it: the folder is made
    /// writable again and the entry removed then, so a writable site costs no `chmod` a folder.
    private static func removeEntry(_ name: String, in descriptor: Int32, flags: Int32 = 0) -> Bool {
        if unlinkat(descriptor, name, flags) == 0 || errno == ENOENT { return true }
        guard errno == EACCES || errno == EPERM, fchmod(descriptor, 0o700) == 0 else { return false }
        return unlinkat(descriptor, name, flags) == 0 || errno == ENOENT
    }

    /// Removes everything in the open folder `descriptor`.
    private static func empty(_ descriptor: Int32) -> Bool {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return false
        }
        var found: [String] = []
        var removed = true
        for entry in FolderEntry.all(in: stream) {
            if entry.isFolder || entry.typeUnknown {
                found.append(entry.name)
            } else if !removeEntry(entry.name, in: descriptor) {
                removed = false
            }
        }
        closedir(stream)
        let folders = found
        let failures = Slots<Bool>(count: folders.count)
        let remove: @Sendable (Int) -> Void = { index in
            let name = folders[index]
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                // Not a folder after all (a DT_UNKNOWN file or link): remove the entry itself.
                if !removeEntry(name, in: descriptor) { failures[index] = true }
                return
            }
            let emptied = empty(child)
            close(child)
            if !emptied || !removeEntry(name, in: descriptor, flags: AT_REMOVEDIR) { failures[index] = true }
        }
        if folders.count >= 8 {
            DispatchQueue.concurrentPerform(iterations: folders.count, execute: remove)
        } else {
            for index in folders.indices { remove(index) }
        }
        return removed && folders.indices.allSatisfy { failures[$0] == nil }
    }
}
