import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// Who may read the published site: the output folder's mode (with setgid), owner and group.
///
/// A docroot is often shared with a web server through its group (`chmod 2750 site; chgrp
/// www-data site`). The new site is a folder this build made, so it takes these over from the
/// folder it replaces (DESIGN.md §7): its folders get the same, its files 0644 and the same owner
/// and group, so the web server reads the new site as it read the old one.
struct FolderAccess: Equatable {
    /// Permission bits with setuid, setgid and sticky (`& 0o7777`).
    var mode: mode_t
    var owner: uid_t
    var group: gid_t

    /// Every file of the site, whatever the umask: the folders decide who can reach them.
    static let fileMode: mode_t = 0o644

    /// A folder inside the site: the output folder's permissions and setgid, never setuid or sticky.
    var subfolderMode: mode_t { mode & 0o2777 }

    /// While the site is being written its folders are the owner's to write, even when the
    /// output folder is read-only (`chmod 2550`); `SitePublisher.store` sets the modes last.
    static let writing: mode_t = 0o700

    /// The access of the folder at `path`, not following a symlink; nil when it is not a folder.
    static func of(_ path: String) -> FolderAccess? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderAccess(mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid)
    }

    /// Gives the folder `path` (the new site, made by this build) this access, and returns what it
    /// got. The group must be kept (it is how a web server reads the site); the owner is kept
    /// when the build may give a folder away, that is when it runs as root.
    func apply(to path: String, replacing output: String) throws(Diagnostic) -> FolderAccess {
        if chown(path, owner, group) != 0, chown(path, uid_t.max, group) != 0 {
            let why = String(cString: strerror(errno))
            throw Diagnostic(
                "cannot give the new site the group \(FolderAccess.groupName(group)) that \(output) has: "
                    + "\(why); build as a member of that group (or as root), or change the folder's group")
        }
        // After chown, which may clear setgid: the mode last.
        guard chmod(path, mode | FolderAccess.writing) == 0, let given = FolderAccess.of(path) else {
            throw Diagnostic("cannot give the new site the mode of \(output): \(String(cString: strerror(errno)))")
        }
        return FolderAccess(mode: mode, owner: given.owner, group: given.group)
    }

    /// `www-data`, or the number when the group has no name.
    static func groupName(_ group: gid_t) -> String {
        guard let entry = getgrgid(group), let name = entry.pointee.gr_name else { return String(group) }
        return "'\(String(cString: name))'"
    }
}
