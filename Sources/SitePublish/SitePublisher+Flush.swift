import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Putting what a build wrote on the disk before the swap (DESIGN.md §7): the files it wrote and
/// the folders whose entries it changed are `fsync`ed, and nothing else — not the rest of the file
/// system, as `syncfs` would, whose cost is whatever other programs have left unwritten.
extension SitePublisher {
    /// How many `fsync`s are waiting at once: they wait on the disk, not the processor, and a
    /// file system flushes the ones that arrive together in one go.
    static let flushWidth = 16

    /// `fsync`s and closes each of `descriptors`; the `errno` of the first that failed, if any
    /// (every one is closed all the same).
    static func flush(descriptors: [Int32]) -> Int32? {
        let failures = Slots<Int32>(count: descriptors.count)
        onThreads(descriptors.count) { index in
            let descriptor = descriptors[index]
            if fsync(descriptor) != 0 { failures[index] = errno }
            close(descriptor)
        }
        return descriptors.indices.lazy.compactMap { failures[$0] }.first
    }

    /// `fsync`s each folder of `relative` (paths under `root`, "" for `root` itself).
    static func flush(folders relative: Set<String>, in root: String) throws(POSIXFailure) {
        let paths = relative.map { $0.isEmpty ? root : root + "/" + $0 }
        let failures = Slots<Int32>(count: paths.count)
        onThreads(paths.count) { index in
            let descriptor = open(paths[index], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                failures[index] = errno
                return
            }
            if fsync(descriptor) != 0 { failures[index] = errno }
            close(descriptor)
        }
        if let code = paths.indices.lazy.compactMap({ failures[$0] }).first { throw POSIXFailure(code: code) }
    }

    /// Runs `work` for every index below `count` on up to `flushWidth` threads, and returns once
    /// all are done.
    private static func onThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { work(0) }
            return
        }
        let next = NextIndex()
        let done = DispatchGroup()
        for _ in 0..<min(flushWidth, count) {
            done.enter()
            let thread = Thread {
                while let index = next.take(below: count) { work(index) }
                done.leave()
            }
            thread.stackSize = 1 << 16
            thread.start()
        }
        done.wait()
    }
}

/// The next index to work on, handed out once each.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
