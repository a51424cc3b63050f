import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether what a build creates in the new site still needs a `chown` or a `chmod` to get the
/// site's owner, group and mode (`FolderAccess`).
///
/// Usually it does not: the umask already gives a file 0644 and a folder the site's mode, the
/// process is the site's owner, and the group is the process's or comes from the setgid folder
/// above. Then a file costs an `open`, a `write` and a `close`, and a folder one `mkdir`. What the
/// first folder made got decides for all the others, since they are made the same way in folders
/// alike (the umask, a setgid folder or a default ACL treat them all the same); each file is
/// judged from its own `fstat`, which its write has at hand.
struct CreatedAccess: Equatable {
    var chown: Bool
    var chmod: Bool

    /// Every call, as for an entry whose status could not be read.
    static let always = CreatedAccess(chown: true, chmod: true)

    /// What the entry with `status`, made to have `mode`, still needs to match `access`.
    init(status: stat, mode: mode_t, access: FolderAccess) {
        chown = status.st_uid != access.owner || status.st_gid != access.group
        // A chown may clear setgid: the mode is then set again after it.
        chmod = chown || status.st_mode & 0o7777 != mode
    }

    init(chown: Bool, chmod: Bool) {
        self.chown = chown
        self.chmod = chmod
    }

    /// Makes the `chown` and `chmod` this says are needed for `path` to get `mode` and `access`'s
    /// owner and group (the mode after the owner: a chown may clear bits).
    func apply(to path: String, mode: mode_t, access: FolderAccess) throws(POSIXError) {
        if chown, Glibc.chown(path, access.owner, access.group) != 0 { throw POSIXError(code: errno) }
        if chmod, Glibc.chmod(path, mode) != 0 { throw POSIXError(code: errno) }
    }

    /// What a folder made at `path` with `mkdir` still needs to get `mode`.
    static func ofFolder(_ path: String, mode: mode_t, access: FolderAccess) -> CreatedAccess {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .always }
        return CreatedAccess(status: status, mode: mode, access: access)
    }
}
