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
/// whether it is a folder and its inode number, as `readdir` gives them (no `stat` a file).
struct SiteTree {
    struct Entry {
        var isFolder: Bool
        var inode: UInt64
    }

    var entries: [String: Entry] = [:]

    /// Lists `folder` and everything in it, never following a symbolic link.
    init(listing folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        list(descriptor, prefix: "")
    }

    /// Lists the open folder `descriptor` (closed here) under `prefix`.
    private mutating func list(_ descriptor: Int32, prefix: String) {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        var folders: [String] = []
        for entry in FolderEntry.all(in: stream) {
            var isFolder = entry.isFolder
            if entry.typeUnknown {
                var status = stat()
                isFolder =
                    fstatat(dirfd(stream), entry.name, &status, AT_SYMLINK_NOFOLLOW) == 0
                    && status.st_mode & S_IFMT == S_IFDIR
            }
            entries[prefix + entry.name] = Entry(isFolder: isFolder, inode: entry.inode)
            if isFolder { folders.append(entry.name) }
        }
        let parent = dirfd(stream)
        for name in folders {
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { list(child, prefix: prefix + name + "/") }
        }
        closedir(stream)
    }

    /// Removes from `folder` every entry that is neither one of `files` nor one of `folders` (a
    /// folder not wanted goes whole), and a file where a folder goes or a folder where a file goes.
    /// What is left is listed in the result: the entries the new site can build on.
    func pruned(in folder: String, files: [String: [UInt8]], folders: Set<Substring>) throws(POSIXFailure)
        -> [String: Entry]
    {
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
            if ForeignEntries.ancestors(of: path).contains(where: gone.contains) { continue }
            if entry.isFolder {
                guard SitePublisher.removeTree(folder + "/" + path) else { throw POSIXFailure(code: errno) }
                gone.insert(path)
            } else if unlink(folder + "/" + path) != 0, errno != ENOENT {
                throw POSIXFailure(code: errno)
            }
        }
        return left
    }
}
