import Foundation
import SiteData

#if canImport(Glibc)
    import Glibc
#endif

/// `<out>.lock`: one build at a time per output folder.
///
/// An flock on a file beside the output, so the lock dies with its process: a build killed by
/// cron's timeout never leaves a stale lock that blocks the next night. The holder removes the
/// file before letting go, so a build — a failed one too — leaves nothing beside the output;
/// whoever takes the lock then checks that the name still leads to the file it locked (the
/// holder before may have removed it meanwhile), and starts again with a new file if not.
public final class BuildLock {
    private var descriptor: Int32
    private let path: String

    /// Takes the lock, waiting for it when `wait` is true; else says why not, for the caller to
    /// place at the lock file: another build holds it, or it cannot be made.
    public init(path: String, wait: Bool) throws(Diagnostic) {
        self.path = path
        func cannotOpen(_ code: Int32) -> Diagnostic {
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            return Diagnostic(
                "cannot take the build lock: \(String(cString: strerror(code))); a build writes its lock and the new "
                    + "site beside the site, in \(parent)")
        }
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw cannotOpen(errno) }
            // A signal can interrupt a waiting flock; only "held by someone else" means busy.
            var result: Int32
            repeat {
                result = flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB)
            } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw BuildLock.busy }
                throw cannotOpen(code)
            }
            if BuildLock.leads(path, to: fd) {
                descriptor = fd
                return
            }
            // The build before removed the file after this one opened it: the lock is on a file
            // nobody else will find. Try again with the one the name leads to now.
            close(fd)
        }
    }

    /// Another build holds the lock.
    public static let busy = Diagnostic("another build is running (use --wait to wait for it)")

    /// Whether the name `path` leads to the open file `fd`.
    private static func leads(_ path: String, to fd: Int32) -> Bool {
        var held = stat()
        var named = stat()
        return fstat(fd, &held) == 0 && stat(path, &named) == 0 && held.st_ino == named.st_ino
            && held.st_dev == named.st_dev
    }

    /// Lets the next build in, removing the lock file; also done when the lock goes away.
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
