#if canImport(Glibc)
    import Glibc
#endif

/// The entries of a site's folders as a build recorded them (`SiteRecords`), answered for each
/// folder whose stamp is still the recorded one: nothing was added to it, removed from it or
/// renamed in it since, so it holds what that build left there. Knowing a
/// folder then costs one `lstat` instead of opening and reading it; a folder that changed, or that
/// was never recorded, is listed as before. The top folder is never answered: every marker and
/// swap changes it.
struct RecordedFolders {
    let site: String
    private let records: SiteRecords
    /// What each recorded folder holds, by its relative path.
    private var children: [String: [Child]] = [:]

    private enum Child {
        case file(String)
        case folder(String)
        case kept(String)
    }

    init(site: String, records: SiteRecords) {
        self.site = site
        self.records = records
        var folders = Set<String>()
        for path in records.files.keys {
            let (parent, name) = RecordedFolders.split(path)
            children[parent, default: []].append(.file(name))
            for folder in ForeignEntries.ancestors(of: path) where folders.insert(folder).inserted {
                let (above, folderName) = RecordedFolders.split(folder)
                children[above, default: []].append(.folder(folderName))
            }
        }
        for path in records.kept {
            let (parent, name) = RecordedFolders.split(path)
            children[parent, default: []].append(.kept(name))
        }
    }

    /// The entries of the folder `relative` (never the top folder, ""), with their kinds and
    /// inodes; nil when it changed since it was recorded, or was not.
    func entries(in relative: String) -> [FolderEntry]? {
        guard !relative.isEmpty, let recorded = records.folders[relative] else { return nil }
        var status = stat()
        let path = site + "/" + relative
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, FileStamp(status) == recorded else {
            return nil
        }
        var found: [FolderEntry] = []
        for child in children[relative] ?? [] {
            switch child {
            case .file(let name):
                guard let record = records.files[relative + "/" + name] else { return nil }
                found.append(FolderEntry(name: name, type: UInt8(DT_REG), inode: record.stamp.inode))
            case .folder(let name):
                guard let stamp = records.folders[relative + "/" + name] else { return nil }
                found.append(FolderEntry(name: name, type: UInt8(DT_DIR), inode: stamp.inode))
            case .kept(let name):
                // Whatever a person keeps there: its kind and inode as they are now.
                var entry = stat()
                guard lstat(path + "/" + name, &entry) == 0 else { return nil }
                found.append(FolderEntry(name: name, type: FolderEntry.type(of: entry), inode: UInt64(entry.st_ino)))
            }
        }
        return found
    }

    /// `("a/b", "c")` for `a/b/c`, `("", "c")` for `c`.
    private static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
