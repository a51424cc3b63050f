import Foundation

extension DataFolder {
    /// A file that looks meant for a folder of data but is not read, and why.
    package struct PassedOver: Equatable {
        package var relative: String
        package var why: String
        /// A symlink that leads out of the data folder is refused (DESIGN.md §2); the rest is a
        /// warning.
        package var isError: Bool
    }

    /// The entries directly in `folder` that `files(in:withExtension:)` leaves out although they
    /// look like its files: a hidden `.x.toml`, an `x.TOML` in another case, a folder named
    /// `x.toml`, a symlink that leads out of the data folder. A build that skips them without a
    /// word leaves a person wondering where their goal went. On disk only.
    package func passedOver(in folder: String, withExtension ext: String) -> [PassedOver] {
        passedOver(in: listing(of: folder), withExtension: ext)
    }

    /// The same, from a listing already made.
    package func passedOver(in listing: Listing, withExtension ext: String) -> [PassedOver] {
        guard case .disk = storage else { return [] }
        let fm = FileManager.default
        let folder = listing.folder
        let place = root.appendingPathComponent(folder)
        var found: [PassedOver] = []
        for name in listing.names {
            let relative = "\(folder)/\(name)"
            let lower = name.lowercased()
            guard lower.hasSuffix(".\(ext)"), lower.count > ext.count + 1 else { continue }
            let url = place.appendingPathComponent(name)
            if name.hasPrefix(".#") { continue }  // an editor's lock (Emacs), not data
            if name.hasPrefix(".") {
                found.append(
                    PassedOver(
                        relative: relative,
                        why: "is hidden (its name starts with a dot), so it is not read; "
                            + "rename it to \(name.drop { $0 == "." }) to use it", isError: false))
                continue
            }
            if !name.hasSuffix(".\(ext)") {
                let fixed = String(name.dropLast(ext.count)) + ext
                found.append(
                    PassedOver(
                        relative: relative, why: "is not read: only names ending in .\(ext) are; rename it to \(fixed)",
                        isError: false))
                continue
            }
            // A regular file is read (or refused when read), never passed over: only a link or a
            // folder needs its real path, which costs a look at every folder above it.
            var status = stat()
            if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { continue }
            let resolved = url.resolvingSymlinksInPath().standardizedFileURL
            if !resolved.path.hasPrefix(root.path + "/") {
                // A link to a file outside is refused when it is read; a link to a folder is not read.
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: resolved.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    found.append(
                        PassedOver(
                            relative: relative, why: "is a symlink that leads out of the data folder", isError: true))
                }
                continue
            }
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: resolved.path, isDirectory: &isDirectory), isDirectory.boolValue {
                found.append(
                    PassedOver(relative: relative, why: "is a folder, not a file, so it is not read", isError: false))
            }
        }
        return found
    }
}
