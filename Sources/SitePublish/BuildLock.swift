import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `<out>.lock`: one build at a time per output folder.
///
/// An flock on a file beside the output, so the lock dies with its process: a build killed by
/// cron's timeout never leaves a stale lock that blocks the next night.
public final class BuildLock {
    private var descriptor: Int32

    public enum Failure: Error, Equatable {
        case busy
        case cannotOpen(String)
    }

    /// Takes the lock, waiting for it when `wait` is true.
    public init(path: String, wait: Bool) throws(Failure) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
        // A signal can interrupt a waiting flock; only "held by someone else" means busy.
        var result: Int32
        repeat {
            result = flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB)
        } while result != 0 && errno == EINTR
        if result != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { throw .busy }
            throw .cannotOpen(String(cString: strerror(code)))
        }
        descriptor = fd
    }

    /// Lets the next build in; also done when the lock goes away.
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
