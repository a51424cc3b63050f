import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The spare: the site a swap replaced, kept beside the output as `.<name>.sandjar-spare` instead
/// of being removed, so that the next build updates it into the new site rather than making every
/// folder and file again (DESIGN.md §7, "publishing costs what changed").
///
/// Most of a nightly rebuild's cost was the kernel making folders and files for a site that is
/// almost the one before. The spare already has those folders, and its unchanged files are the
/// published site's own (hard links), so updating it writes only what changed.
///
/// The spare is only ever a starting point: the next build renames it to its staging name (so a
/// build killed while updating it leaves an ordinary staging leftover, which the build after it
/// removes), removes every entry the new site does not have, and keeps a file only when it is the
/// published site's file at the same path — the same inode — holding exactly the new bytes.
/// Everything else is written again. Nothing in the spare is ever written in place, so a reader
/// still holding one of its files open from before the swap reads it whole.
extension SitePublisher {
    var spareName: String { ".\(name).sandjar-spare" }

    /// Moves the spare to `staging` when there is one to update: a real folder of this user's,
    /// beside a site sandjar wrote (whose access it then takes). Anything else by that name is
    /// removed. True when `staging` now holds the spare.
    func takeSpare(as staging: String, besideMarkedSite marked: Bool) -> Bool {
        let spare = parent.appendingPathComponent(spareName).path
        var status = stat()
        guard lstat(spare, &status) == 0 else { return false }
        if marked, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(), rename(spare, staging) == 0 {
            return true
        }
        _ = SitePublisher.removeTree(spare)
        return false
    }

    /// Keeps `retired` (the site just swapped out) as the spare, or removes it when it cannot be.
    func keepAsSpare(_ retired: String) {
        let spare = parent.appendingPathComponent(spareName).path
        _ = SitePublisher.removeTree(spare)
        if rename(retired, spare) != 0 { _ = SitePublisher.removeTree(retired) }
    }
}

/// What a folder being updated into the new site holds: every entry, by relative path, with
/// whether it is a folder and its inode number, as `readdir` gives them (no `stat` a file), or as
/// the folder's marker recorded them where a folder is unchanged since (`RecordedFolders`).
struct SiteTree {
    struct Entry {
        var isFolder: Bool
        var inode: UInt64
    }

    var entries: [String: Entry] = [:]

    /// Lists `folder` and everything in it, never following a symbolic link. Folders `recorded`
    /// answers for are not read; a folder not in `wanted` (the new site's folders, when given) is
    /// not looked into, since it goes whole.
    init(listing folder: String, recorded: RecordedFolders? = nil, wanted: Set<Substring>? = nil) {
        visit(folder, relative: "", recorded: recorded, wanted: wanted)
    }

    private mutating func visit(
        _ root: String, relative: String, recorded: RecordedFolders?, wanted: Set<Substring>?
    ) {
        let prefix = relative.isEmpty ? "" : relative + "/"
        guard
            let found = recorded?.entries(in: relative)
                ?? SiteTree.list(relative.isEmpty ? root : root + "/" + relative)
        else { return }
        var folders: [String] = []
        for entry in found {
            entries[prefix + entry.name] = Entry(isFolder: entry.isFolder, inode: entry.inode)
            if entry.isFolder, wanted?.contains(Substring(prefix + entry.name)) ?? true { folders.append(entry.name) }
        }
        for name in folders { visit(root, relative: prefix + name, recorded: recorded, wanted: wanted) }
    }

    /// The entries of the folder at `path` (not followed if it is a symbolic link), their kinds
    /// told where `readdir` does not; nil when it cannot be read.
    private static func list(_ path: String) -> [FolderEntry]? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        defer { closedir(stream) }
        return FolderEntry.all(in: stream).map { entry in
            guard entry.typeUnknown else { return entry }
            var status = stat()
            guard fstatat(dirfd(stream), entry.name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return entry }
            return FolderEntry(name: entry.name, type: FolderEntry.type(of: status), inode: UInt64(status.st_ino))
        }
    }

    /// Removes from `folder` every entry that is neither one of `files` nor one of `folders` (a
    /// folder not wanted goes whole), and a file where a folder goes or a folder where a file goes.
    /// What is left is listed in the result: the entries the new site can build on.
    func pruned(
        in folder: String, files: [String: [UInt8]], folders: Set<Substring>
    ) throws(POSIXError) -> [String: Entry] {
        var left: [String: Entry] = [:]
        left.reserveCapacity(entries.count)
        var gone = Set<String>()
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let wanted = entry.isFolder ? folders.contains(Substring(path)) : files[path] != nil
            if wanted {
                left[path] = entry
                continue
            }
            // Not wanted, nor is anything below it: it goes, unless it went with a folder above.
            let above = ForeignEntries.ancestors(of: path)
            if above.contains(where: gone.contains) { continue }
            if entry.isFolder {
                guard SitePublisher.removeTree(folder + "/" + path) else { throw POSIXError(code: errno) }
                gone.insert(path)
            } else if unlink(folder + "/" + path) != 0, errno != ENOENT {
                throw POSIXError(code: errno)
            }
        }
        return left
    }
}
