import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// What the published site holds that sandjar did not write — `.git/` (a site published by
/// pushing the folder), `CNAME`, `.well-known/`, a file a person put there — and that the next
/// build therefore carries into the new site before the swap (DESIGN.md §7).
///
/// Owned is what the previous build's marker lists under `[written]`, and the folders those files
/// are in; everything else found in the old site is foreign. A marker from before the list was
/// kept owns everything but the top-level entries whose names start with a dot, and `CNAME`: those
/// sandjar never wrote. Files are carried as hard links, so the old site stays whole until the
/// swap and nothing is copied; symbolic links are made again with the same target; folders are
/// made again with their mode, owner and group, and filled the same way.
struct ForeignEntries: Equatable {
    /// Relative paths, sorted; a folder of foreign things counts once, unless the new site has a
    /// folder of the same name, whose foreign contents are then counted one by one.
    var paths: [String]

    /// The foreign entries of the site in `site`, given its marker and the paths of the new site.
    /// A folder that `recorded` answers for (unchanged since it was recorded) is not read: what is
    /// foreign in it is what that build kept there.
    /// - Throws: a message naming every foreign entry where the new site puts a file (or a file
    ///   where it needs a folder): a build never overwrites what it did not write.
    static func find(
        in site: String, marker: SiteMarker, newFiles: Set<String>, recorded: RecordedFolders? = nil
    ) throws(Diagnostic) -> ForeignEntries {
        var newFolders = Set<String>()
        for path in newFiles { newFolders.formUnion(ancestors(of: path)) }
        var found: [String] = []
        var conflicts: [String] = []

        /// A foreign entry at `relative`: kept whole, or opened where the new site has that folder.
        func foreign(_ relative: String, isFolder: Bool) {
            if newFiles.contains(relative) || ancestors(of: relative).contains(where: newFiles.contains) {
                conflicts.append(relative)
            } else if newFolders.contains(relative) {
                if isFolder {
                    for name in names(in: site + "/" + relative) {
                        let child = relative + "/" + name
                        foreign(child, isFolder: kind(of: site + "/" + child) == S_IFDIR)
                    }
                } else {
                    conflicts.append(relative)
                }
            } else {
                found.append(relative)
            }
        }

        if let written = marker.written {
            var ownedFolders = Set<String>()
            for path in written { ownedFolders.formUnion(ancestors(of: path)) }
            func walk(_ relative: String) {
                let folder = relative.isEmpty ? site : site + "/" + relative
                let known = recorded?.entries(in: relative).map { found in
                    found.map { (name: $0.name, isFolder: $0.isFolder) }.sorted { $0.name < $1.name }
                }
                for (name, isFolder) in known ?? entries(in: folder) {
                    let child = relative.isEmpty ? name : relative + "/" + name
                    if child == SitePublisher.marker { continue }
                    if isFolder, ownedFolders.contains(child) {
                        walk(child)
                    } else if isFolder || !written.contains(child) {
                        foreign(child, isFolder: isFolder)
                    }
                }
            }
            walk("")
        } else {
            for name in names(in: site) where name != SitePublisher.marker && (name.hasPrefix(".") || name == "CNAME") {
                foreign(name, isFolder: kind(of: site + "/" + name) == S_IFDIR)
            }
        }
        guard conflicts.isEmpty else {
            let listed = conflicts.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw Diagnostic(
                "\(site) holds \(listed), which sandjar did not write, where the new site puts a file of "
                    + "its own; sandjar never overwrites what it did not write, so nothing was changed: move "
                    + "\(conflicts.count == 1 ? "it" : "them") out of the site and build again")
        }
        return ForeignEntries(paths: found.sorted())
    }

    /// `a`, `a/b` for `a/b/c`.
    static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            result.append(String(path[..<slash]))
            end = slash
        }
        return result
    }

    /// `.git/`, `CNAME`: each path, a folder with a slash, for a one-line note.
    func listed(in site: String) -> String {
        paths.map { kind(of: site + "/" + $0) == S_IFDIR ? $0 + "/" : $0 }.joined(separator: ", ")
    }

    /// Makes every foreign entry of the site `old` again in the new site `new` (already written:
    /// its folders exist), with the folders above it that the new site lacks.
    func carry(from old: String, into new: String) throws(POSIXError) {
        var made: [String] = []
        for path in paths {
            for folder in ForeignEntries.ancestors(of: path).reversed() where kind(of: new + "/" + folder) == nil {
                try ForeignEntries.makeFolder(like: old + "/" + folder, at: new + "/" + folder)
                made.append(folder)
            }
            try ForeignEntries.copy(old + "/" + path, to: new + "/" + path)
        }
        // The folders made above foreign entries get their modes last, innermost first, since a
        // read-only one could not take the entries after it.
        for folder in made.sorted(by: >) {
            try ForeignEntries.finishFolder(like: old + "/" + folder, at: new + "/" + folder)
        }
    }

    /// The entry `source` again at `target`: a hard link, a symlink, or a folder filled the same
    /// way.
    private static func copy(_ source: String, to target: String) throws(POSIXError) {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw POSIXError.current }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if link(source, target) == 0 { return }
            // A file system or a rule (fs.protected_hardlinks) that allows no link: a real copy.
            try copyFile(source, to: target, status: status)
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(source, &buffer, buffer.count - 1)
            guard length >= 0 else { throw POSIXError.current }
            buffer[length] = 0
            guard symlink(buffer, target) == 0 else { throw POSIXError.current }
            _ = lchown(target, status.st_uid, status.st_gid)
        case S_IFDIR:
            try makeFolder(like: source, at: target)
            for name in names(in: source) { try copy(source + "/" + name, to: target + "/" + name) }
            try finishFolder(like: source, at: target)
        case S_IFIFO:
            guard mkfifo(target, status.st_mode & 0o7777) == 0 else { throw POSIXError.current }
        default:
            // A socket or a device: nothing a build can make again. Refused rather than dropped.
            throw POSIXError(code: ENOTSUP)
        }
    }

    /// A folder to fill: writable by this build until `finishFolder` gives it its own mode.
    private static func makeFolder(like source: String, at target: String) throws(POSIXError) {
        guard mkdir(target, 0o700) == 0 || errno == EEXIST else { throw POSIXError.current }
    }

    /// The folder's own mode, owner and group, once it is filled.
    private static func finishFolder(like source: String, at target: String) throws(POSIXError) {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw POSIXError.current }
        _ = chown(target, status.st_uid, status.st_gid)  // only possible for root; fine if not
        guard chmod(target, status.st_mode & 0o7777) == 0 else { throw POSIXError.current }
    }

    private static func copyFile(_ source: String, to target: String, status: stat) throws(POSIXError) {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw POSIXError.current }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw POSIXError.current }
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw POSIXError.current }
            if got == 0 { break }
            var offset = 0
            while offset < got {
                let put = chunk.withUnsafeBytes { write(output, $0.baseAddress! + offset, got - offset) }
                if put < 0, errno == EINTR { continue }
                guard put > 0 else { throw POSIXError.current }
                offset += put
            }
        }
        _ = fchown(output, status.st_uid, status.st_gid)
        guard fchmod(output, status.st_mode & 0o7777) == 0 else { throw POSIXError.current }
    }
}

/// The names in a folder, `.` and `..` aside, sorted; none when it cannot be read.
private func names(in folder: String) -> [String] {
    entries(in: folder).map(\.name)
}

/// The entries of a folder, `.` and `..` aside, sorted by name, each with whether it is a folder
/// (not following a symbolic link); none when it cannot be read. The type comes with the name
/// from `readdir`, so a site of thousands of files is listed without a `stat` a file.
private func entries(in folder: String) -> [(name: String, isFolder: Bool)] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    return FolderEntry.all(in: stream).map { entry in
        (entry.name, entry.typeUnknown ? kind(of: folder + "/" + entry.name) == S_IFDIR : entry.isFolder)
    }.sorted { $0.name < $1.name }
}

/// The file type bits of `path`, not following a symbolic link; nil when there is nothing.
private func kind(of path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
}
