import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SitePublisher {
    /// Writes `files` (relative path → bytes) under `folder` and puts on the disk what it
    /// changed, so that the site is whole there before the swap; returns what it recorded of the
    /// site (`SiteRecords`), for the next build.
    ///
    /// A file of the previous site (`previous`, the published one) is used again rather than
    /// written when it holds the new bytes, and costs no read when its marker says so
    /// (`records`): it still has the stamp recorded when it was published, and the hash and size
    /// recorded are those of the new bytes. It is then left where the spare already has it (the
    /// same inode), or hard-linked in. A file with no record, or one recorded with these bytes but
    /// touched since (`touch`, a backup tool's `utime`, an edit), is read back and compared, and
    /// used only if equal. Every other file is written anew; so an unchanged file keeps its
    /// modification time, a nightly rebuild writes only what changed, and removing the previous
    /// site frees nothing the new one still uses.
    ///
    /// Put on the disk before the swap with one barrier (`SitePublisher+Flush`): writeback is
    /// started for each file written as it is written, waited for once all are, and then the whole
    /// folder is flushed at once. A file kept or linked was put on the disk by the build that wrote
    /// it.
    ///
    /// Folders and files get the site's mode, owner and group (`access`); a `chown` or `chmod` is
    /// made only where what was made lacks them (`CreatedAccess`).
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
        records: [String: FileRecord] = [:], keeping foreign: ForeignEntries = ForeignEntries(paths: []),
        spare: SiteTree? = nil, disk: DiskFlush = .system
    ) throws(POSIXError) -> SiteRecords {
        let paths = files.keys.sorted()
        let folderSet = SitePublisher.folders(of: paths)
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
            if mkdir(path, folderMode & 0o777) != 0, errno != EEXIST { throw POSIXError(code: errno) }
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
        var waited = true
        let placed = try place(
            files, paths: paths, into: folder, access: access,
            from: previous.map { Previous(path: $0, records: records, realFolders: realFolders) }, spare: existing,
            disk: disk, waited: &waited)
        var published: [String: FileRecord] = [:]
        published.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            published[path] = placed[index]
        }
        if let previous { try foreign.carry(from: previous, into: folder) }
        // The folders' own modes, innermost first, now that nothing more is written into them.
        if folderMode != access.subfolderMode {
            for relative in folders.reversed() where chmod(folder + "/" + relative, access.subfolderMode) != 0 {
                throw POSIXError(code: errno)
            }
        }
        if chmod(folder, access.mode) != 0 { throw POSIXError(code: errno) }
        var recorded = SiteRecords(files: published, kept: Set(foreign.paths))
        for relative in folders {
            var status = stat()
            if lstat(folder + "/" + relative, &status) == 0 { recorded.folders[String(relative)] = FileStamp(status) }
        }
        // The one barrier before the swap, after the last change to the folder (its mode, above).
        try flush(written: folder, waited: waited, with: disk)
        return recorded
    }

    /// `a/b` for `a/b/c`, "" for `c`.
    static func parent<Path: StringProtocol>(of path: Path) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Every folder the files at `paths` are in (`a`, `a/b` for `a/b/c`).
    static func folders(of paths: [String]) -> Set<Substring> {
        var folders = Set<Substring>()
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(path[..<slash]).inserted else { break }
                end = slash
            }
        }
        return folders
    }

    /// The published site a build takes files from, and what its marker recorded of them.
    struct Previous: Sendable {
        var path: String
        var records: [String: FileRecord]
        /// Its folders that are real folders all the way down, not symbolic links.
        var realFolders: Set<Substring>
    }

    /// Puts every file in place (`reuse` or `write`) on every core at once, a share of them at a
    /// time as the open-file limit allows; each file written has its writeback started at once,
    /// and is waited for once the whole share is written (no wait between two creates). `waited`
    /// becomes false where waiting cannot be done (then the barrier is a `syncfs`).
    private static func place(
        _ files: [String: [UInt8]], paths: [String], into folder: String, access: FolderAccess,
        from previous: Previous?, spare: [String: SiteTree.Entry], disk: DiskFlush, waited: inout Bool
    ) throws(POSIXError) -> [FileRecord] {
        let results = Slots<Result<(FileRecord, Int32?), POSIXError>>(count: paths.count)
        let share = openFileBudget()
        var start = 0
        var failure: POSIXError?
        while start < paths.count {
            let end = min(paths.count, start + share)
            DispatchQueue.concurrentPerform(iterations: end - start) { [start] offset in
                let index = start + offset
                let path = paths[index]
                results[index] = put(
                    files[path]!, at: path, into: folder, access: access, from: previous,
                    spareInode: spare[path].flatMap { $0.isFolder ? nil : $0.inode }, disk: disk)
            }
            var written: [Int32] = []
            for index in start..<end {
                switch results[index]! {
                case .success(let (_, descriptor)):
                    if let descriptor { written.append(descriptor) }
                case .failure(let error): failure = failure ?? error
                }
            }
            if failure != nil || !waited {
                for descriptor in written { close(descriptor) }
            } else if let code = wait(for: written, with: disk) {
                if cannotWait(code) { waited = false } else { failure = POSIXError(code: code) }
            }
            if let failure { throw failure }
            start = end
        }
        return paths.indices.map { index in
            guard case .success(let (placed, _)) = results[index]! else { preconditionFailure("failures thrown above") }
            return placed
        }
    }

    /// How many files a share of `place` may hold open at once: the open-file limit, less a margin
    /// for everything else the process has open.
    private static func openFileBudget() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return 1024
        }
        return max(64, Int(clamping: limit.rlim_cur) - 256)
    }

    /// Puts one file in place: the previous site's where it may be used again, else written
    /// anew, its writeback started (its descriptor then left open, to be waited for).
    private static func put(
        _ bytes: [UInt8], at path: String, into folder: String, access: FolderAccess, from previous: Previous?,
        spareInode: UInt64?, disk: DiskFlush
    ) -> Result<(FileRecord, Int32?), POSIXError> {
        let hash = ContentHash.of(bytes)
        let new = folder + "/" + path
        var spareEntry = spareInode
        if let previous, previous.realFolders.contains(Substring(SitePublisher.parent(of: path))) {
            let old = previous.path + "/" + path
            switch reuse(
                old, as: new, spare: spareInode, bytes: bytes, hash: hash, record: previous.records[path],
                access: access)
            {
            case .kept(let record): return .success((record, nil))
            case .linked(let record): return .success((record, nil))
            case .failed(let code): return .failure(POSIXError(code: code))
            case .written: spareEntry = nil  // the spare's entry is gone
            }
        }
        if spareEntry != nil, unlink(new) != 0, errno != ENOENT { return .failure(POSIXError(code: errno)) }
        switch writeFile(new, bytes, access: access) {
        case .success(let (descriptor, status)):
            disk.startWriting(descriptor)
            let record = FileRecord(hash: hash, size: bytes.count, stamp: FileStamp(status))
            return .success((record, descriptor))
        case .failure(let error): return .failure(error)
        }
    }

    /// What became of a file the previous site may already hold.
    private enum Reuse {
        /// The spare's file at that path is the previous site's, with the new bytes: left as it is.
        case kept(FileRecord)
        /// The previous site's file is linked in.
        case linked(FileRecord)
        /// Neither: the file is to be written (the spare's entry at that path is gone).
        case written
        /// A system call failed: its `errno`.
        case failed(Int32)
    }

    /// Uses `old` (the previous site's file at this path) for `new` when it is a regular file
    /// with the mode, owner and group a new file gets, holding exactly `bytes` — which its
    /// `record` vouches for without a read when it still has the recorded stamp, size and hash:
    /// - when `new` is already `old` (the spare's entry with inode `spare`), it is kept;
    /// - else it is hard-linked as `new` (replacing the spare's entry).
    ///
    /// Without a record that vouches for it, `old` is read and compared, and used only when it is
    /// linked nowhere else but in the spare; the link is then made to the open file itself (through
    /// `/proc/self/fd`), so it is the file just compared even if the name was given to another
    /// meanwhile. Otherwise the spare's entry, if any, is removed, and the caller writes the file.
    private static func reuse(
        _ old: String, as new: String, spare: UInt64?, bytes: [UInt8], hash: UInt64, record: FileRecord?,
        access: FolderAccess
    ) -> Reuse {
        var status = stat()
        let usable = lstat(old, &status) == 0 && isSiteFile(status, size: bytes.count, access: access)
        // A record of other bytes says the file changed: no need to read it to know.
        guard usable, record == nil || (record?.hash == hash && record?.size == bytes.count) else {
            return removeSpare(new, spare)
        }
        // Its hash and size are those of `bytes` (above): the stamp says whether it is still that file.
        if let record, FileStamp(status) == record.stamp {
            if spare == UInt64(status.st_ino) { return .kept(record) }
            if case .failed(let code) = removeSpare(new, spare) { return .failed(code) }
            return linkChecked(old, as: new, status, hash: hash, size: bytes.count)
        }
        return compared(old, as: new, spare: spare, bytes: bytes, hash: hash, access: access)
    }

    /// `reuse` for a file no record vouches for: read back and compared.
    private static func compared(
        _ old: String, as new: String, spare: UInt64?, bytes: [UInt8], hash: UInt64, access: FolderAccess
    ) -> Reuse {
        let descriptor = open(old, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        var status = stat()
        let same =
            descriptor >= 0 && fstat(descriptor, &status) == 0 && isSiteFile(status, size: bytes.count, access: access)
        let shared = same && spare == UInt64(status.st_ino) && status.st_nlink == 2
        let linkable = same && (shared || status.st_nlink == 1) && contents(of: descriptor, equal: bytes)
        defer { if descriptor >= 0 { close(descriptor) } }
        if linkable, shared { return .kept(FileRecord(hash: hash, size: bytes.count, stamp: FileStamp(status))) }
        if case .failed(let code) = removeSpare(new, spare) { return .failed(code) }
        guard linkable else { return .written }
        var linked = stat()
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, new, AT_SYMLINK_FOLLOW) == 0 {
            guard fstat(descriptor, &linked) == 0 else { return .failed(errno) }
            return .linked(FileRecord(hash: hash, size: bytes.count, stamp: FileStamp(linked)))
        }
        guard errno == ENOENT else { return .written }
        return linkChecked(old, as: new, status, hash: hash, size: bytes.count)
    }

    /// A regular file with the owner, group and mode a new file of the site gets, `size` long.
    private static func isSiteFile(_ status: stat, size: Int, access: FolderAccess) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_uid == access.owner && status.st_gid == access.group
            && status.st_mode & 0o7777 == FolderAccess.fileMode && status.st_size == size
    }

    /// `old` hard-linked as `new`, kept only if the name then leads to the file with `status` (the
    /// one vouched for or compared), not to one put there meanwhile.
    private static func linkChecked(_ old: String, as new: String, _ status: stat, hash: UInt64, size: Int) -> Reuse {
        guard link(old, new) == 0 else { return .written }
        var linked = stat()
        guard lstat(new, &linked) == 0, linked.st_ino == status.st_ino, linked.st_dev == status.st_dev else {
            unlink(new)
            return .written
        }
        return .linked(FileRecord(hash: hash, size: size, stamp: FileStamp(linked)))
    }

    /// Removes the spare's entry at `new`, if there is one; `.written` when done.
    private static func removeSpare(_ new: String, _ spare: UInt64?) -> Reuse {
        if spare != nil, unlink(new) != 0, errno != ENOENT { return .failed(errno) }
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
    /// (a `chown` or `chmod` only where the new file lacks them); its open descriptor, to be
    /// flushed and closed, and its status once written.
    static func writeFile(_ path: String, _ bytes: [UInt8], access: FolderAccess)
        -> Result<(Int32, stat), POSIXError>
    {
        // A new file always: what was at this path (in the spare) is gone, and is never written into.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, FolderAccess.fileMode)
        guard descriptor >= 0 else { return .failure(POSIXError(code: errno)) }
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
        var status = stat()
        if failure == nil, fstat(descriptor, &status) != 0 { failure = errno }
        if failure == nil {
            // The mode is set after the owner and group: a chown may clear bits.
            let needs = CreatedAccess(status: status, mode: FolderAccess.fileMode, access: access)
            if needs.chown && fchown(descriptor, access.owner, access.group) != 0
                || needs.chmod && fchmod(descriptor, FolderAccess.fileMode) != 0
                || (needs.chown || needs.chmod) && fstat(descriptor, &status) != 0
            {
                failure = errno
            }
        }
        if let failure {
            close(descriptor)
            return .failure(POSIXError(code: failure))
        }
        return .success((descriptor, status))
    }
}
