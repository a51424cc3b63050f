import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Putting what a build wrote on the disk before the swap (DESIGN.md §7), at the cost of what it
/// wrote: the files it wrote and the folders whose entries it changed, once all of them are
/// written (no flush waits between two creates).
///
/// Two ways, chosen by `FlushPlan`: an `fsync` of each of them, which costs the disk a cache flush
/// each (measured on a throttled disk: 0.30 s for the sample's nightly rebuild against 0.10 s with
/// one `syncfs`, and 14 s for 2,000 new pages), or one `syncfs`, which flushes once but writes
/// whatever else the file system holds unwritten. So `syncfs` is used only when the machine has
/// little unwritten besides what the build wrote, and a few entries are always fsynced.
extension SitePublisher {
    /// How what a build wrote goes to the disk.
    enum FlushPlan: Equatable {
        /// An `fsync` of each file written and each folder changed.
        case eachEntry
        /// One `syncfs` of the file system holding the site.
        case fileSystem
    }

    /// Up to this many entries are fsynced one by one whatever else is unwritten.
    static let fewEntries = 8
    /// What else may be unwritten on the machine for a `syncfs` to be cheaper than an `fsync` each.
    static let othersUnwritten = 16 << 20

    /// The plan for `entries` files and folders holding `bytes` just written, given what the
    /// machine holds unwritten (`Dirty` and `Writeback` in /proc/meminfo, of every file system, so
    /// never less than this one's); each entry alone where that cannot be read.
    static func flushPlan(entries: Int, bytes: Int, unwritten: Int? = unwrittenBytes()) -> FlushPlan {
        guard entries > fewEntries, let unwritten, unwritten <= bytes + othersUnwritten else { return .eachEntry }
        return .fileSystem
    }

    /// The bytes the kernel holds to be written (`Dirty` + `Writeback`), or nil.
    static func unwrittenBytes() -> Int? {
        let descriptor = open("/proc/meminfo", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        var total = 0
        var found = 0
        for line in String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("Dirty:") || line.hasPrefix("Writeback:") {
            guard let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
            total += kilobytes * 1024
            found += 1
        }
        return found == 2 ? total : nil
    }

    /// `syncfs` of the file system holding `folder` (looked up at run time: Glibc's Swift overlay
    /// does not export it; `sync` where it is missing).
    static func flush(fileSystemOf folder: String) throws(POSIXFailure) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(code: errno) }
        defer { close(descriptor) }
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else {
            sync()
            return
        }
        if unsafeBitCast(symbol, to: SyncFS.self)(descriptor) != 0 { throw POSIXFailure(code: errno) }
    }

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
