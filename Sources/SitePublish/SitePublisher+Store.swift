import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SitePublisher {
    /// Writes `files` (relative path → bytes) under `folder`: every folder first, in order, then
    /// the files on every core at once, then one `syncfs` that puts them all on the disk before
    /// the swap, so the swapped-in site is whole even after a power cut.
    ///
    /// A file whose bytes equal those of the same path in `previous` (the published site, written
    /// by an earlier build) is hard-linked from there instead of written, so a nightly rebuild
    /// only writes what changed, an unchanged file keeps its modification time, and removing the
    /// previous site frees nothing the new one still uses.
    ///
    /// Folders and files get the site's mode, owner and group (`access`); a `chown` or `chmod` is
    /// made only where the first folder or file created shows that it is needed (`CreatedAccess`).
    ///
    /// What the previous site holds that sandjar did not write (`foreign`) is carried over from
    /// `previous` once the site's own files are in, before the folders get their final modes.
    ///
    /// `spare`: `folder` is not new but the spare, a site of earlier builds, as listed. What the
    /// new site does not have is removed from it first; its folders are kept (given the site's
    /// access where they lack it), and a file is kept where it is `previous`'s own file holding the
    /// new bytes. Every other file is made anew: nothing in the spare is written in place.
    static func store(
        _ files: [String: [UInt8]], into folder: String, access: FolderAccess, reusing previous: String?,
        keeping foreign: ForeignEntries = ForeignEntries(paths: []), spare: SiteTree? = nil
    ) throws(POSIXFailure) {
        let paths = files.keys.sorted()
        var folderSet = Set<Substring>()
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folderSet.insert(path[..<slash]).inserted else { break }
                end = slash
            }
        }
        let folders = folderSet.sorted()
        // Every folder like the site's own folder: its permissions, setgid, owner and group.
        let folderMode = access.subfolderMode | FolderAccess.writing
        var existing: [String: SiteTree.Entry] = [:]
        if let tree = spare {
            // Kept folders first get the access the new site writes with, so what goes can go.
            for relative in folders {
                guard tree.entries[String(relative)]?.isFolder == true else { continue }
                let path = folder + "/" + relative
                try CreatedAccess.ofFolder(path, mode: folderMode, access: access)
                    .apply(to: path, mode: folderMode, access: access)
            }
            existing = try tree.pruned(in: folder, files: files, folders: folderSet)
        }
        var madeFolders: CreatedAccess?
        for relative in folders {
            let path = folder + "/" + relative
            if existing[String(relative)] != nil { continue }
            if mkdir(path, folderMode & 0o777) != 0, errno != EEXIST { throw POSIXFailure(code: errno) }
            let made = madeFolders ?? CreatedAccess.ofFolder(path, mode: folderMode, access: access)
            madeFolders = made
            try made.apply(to: path, mode: folderMode, access: access)
        }
        // Files are reused only from real folders of the previous site, never through a symlink.
        var realFolders: Set<Substring> = [""]
        if let previous {
            for relative in folders {
                let parent = relative.lastIndex(of: "/").map { relative[..<$0] } ?? ""
                var status = stat()
                if realFolders.contains(parent), lstat(previous + "/" + relative, &status) == 0,
                    status.st_mode & S_IFMT == S_IFDIR
                {
                    realFolders.insert(relative)
                }
            }
        }
        let reusable = realFolders
        let spareFiles = existing
        let madeFiles = CreatedAccess.ofFiles(in: folder, access: access)
        let failures = Slots<Int32>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let bytes = files[path]!
            let parent = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            let spareInode = spareFiles[path]?.inode
            if let previous, reusable.contains(parent) {
                switch reuse(
                    previous + "/" + path, as: folder + "/" + path, spare: spareInode, bytes: bytes, access: access)
                {
                case .kept, .linked: return
                case .failed(let code):
                    failures[index] = code
                    return
                case .written: break
                }
            } else if spareInode != nil, unlink(folder + "/" + path) != 0, errno != ENOENT {
                failures[index] = errno
                return
            }
            failures[index] = writeFile(folder + "/" + path, bytes, access: access, made: madeFiles)
        }
        for index in paths.indices {
            if let code = failures.take(index) { throw POSIXFailure(code: code) }
        }
        if let previous { try foreign.carry(from: previous, into: folder) }
        // The folders' own modes, innermost first, now that nothing more is written into them.
        if folderMode != access.subfolderMode {
            for relative in folders.reversed() where chmod(folder + "/" + relative, access.subfolderMode) != 0 {
                throw POSIXFailure(code: errno)
            }
        }
        if chmod(folder, access.mode) != 0 { throw POSIXFailure(code: errno) }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(code: errno) }
        defer { close(descriptor) }
        if !flush(descriptor) { throw POSIXFailure(code: errno) }
    }

    /// What became of a file the previous site may already hold.
    private enum Reuse {
        /// The spare's file at that path is the previous site's, with the new bytes: left as it is.
        case kept
        /// The previous site's file is linked in.
        case linked
        /// Neither: the file is to be written (the spare's entry at that path is gone).
        case written
        /// A system call failed: its `errno`.
        case failed(Int32)
    }

    /// Reuses `old` (the previous site's file at this path) for `new` when it is a regular file
    /// with the mode, owner and group a new file gets, holding exactly `bytes`:
    /// - when `new` is already `old` (the spare's entry with inode `spare` is the previous site's
    ///   file, linked nowhere else), it is kept;
    /// - when `old` is linked nowhere else, it is hard-linked as `new` (replacing the spare's entry).
    ///
    /// Otherwise the spare's entry, if any, is removed, and the caller writes the file. The link is
    /// made to the open file itself (through `/proc/self/fd`), so it is the file just compared even
    /// if the name was given to another meanwhile; without `/proc`, the name is linked and checked
    /// afterwards.
    private static func reuse(
        _ old: String, as new: String, spare: UInt64?, bytes: [UInt8], access: FolderAccess
    ) -> Reuse {
        let descriptor = open(old, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        let same =
            descriptor >= 0 && fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            && status.st_uid == access.owner && status.st_gid == access.group
            && status.st_mode & 0o7777 == FolderAccess.fileMode && status.st_size == bytes.count
        let shared = same && spare == UInt64(status.st_ino) && status.st_nlink == 2
        let linkable = same && (shared || status.st_nlink == 1) && contents(of: descriptor, equal: bytes)
        defer { if descriptor >= 0 { close(descriptor) } }
        if linkable, shared { return .kept }
        if spare != nil, unlink(new) != 0, errno != ENOENT { return .failed(errno) }
        guard linkable else { return .written }
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, new, AT_SYMLINK_FOLLOW) == 0 { return .linked }
        guard errno == ENOENT, link(old, new) == 0 else { return .written }
        // The name must lead to the file just compared, not to one put there meanwhile.
        var linked = stat()
        if lstat(new, &linked) == 0, linked.st_ino == status.st_ino, linked.st_dev == status.st_dev { return .linked }
        unlink(new)
        return .written
    }

    /// Whether the rest of the open file holds exactly `bytes` (its size is known to match).
    private static func contents(of descriptor: Int32, equal bytes: [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { chunk in
            var offset = 0
            while offset < bytes.count {
                let got = read(descriptor, chunk.baseAddress!, min(chunk.count, bytes.count - offset))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                let same = bytes.withUnsafeBytes { memcmp(chunk.baseAddress!, $0.baseAddress! + offset, got) == 0 }
                guard same else { return false }
                offset += got
            }
            return true
        }
    }

    /// Creates `path` and writes `bytes`, as a file of mode 0644 with the site's owner and group
    /// (`chown` and `chmod` only where `made` says they are needed); nil, or the `errno` of the
    /// failure.
    private static func writeFile(_ path: String, _ bytes: [UInt8], access: FolderAccess, made: CreatedAccess)
        -> Int32?
    {
        // A new file always: what was at this path (in the spare) is gone, and is never written into.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, FolderAccess.fileMode)
        guard descriptor >= 0 else { return errno }
        // The mode is set after the owner and group: a chown may clear bits.
        if made.chown && fchown(descriptor, access.owner, access.group) != 0
            || made.chmod && fchmod(descriptor, FolderAccess.fileMode) != 0
        {
            let code = errno
            close(descriptor)
            return code
        }
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }
}
