import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Putting what a build wrote on the disk before the swap (DESIGN.md §7, "Durable without the
/// cost") with a bounded number of durability barriers, as git's `core.fsyncMethod=batch` does:
/// writeback is started for each file as soon as it is written (`DiskFlush.startWriting`, no
/// barrier), each is waited for once all are written (`waitWritten`, no barrier either: neither
/// writes metadata nor empties the device's cache), and then ONE barrier puts the whole staging
/// folder on the disk (`Barrier`); the swap is followed by one more, of the parent folder.
///
/// An `fsync` each cost the disk a cache flush each (4,777 for a first build of 2,000 pages, 10 to
/// 50 ms each on an SD card); one `syncfs` writes whatever else the file system holds unwritten.
/// The one barrier is chosen by the file system, so that it costs only what the build wrote where
/// the file system allows it.
extension SitePublisher {
    /// The one barrier that puts a written staging folder on the disk.
    enum Barrier: Equatable {
        /// An `fsync` of the staging folder, the inode the build changed last: on ext4 with a
        /// journal and on XFS it commits the journal (the log) up to that change, and with it every
        /// earlier change of the file system's metadata — each new file, folder, link and size —
        /// in order, behind one device cache flush. The files' data was written before (waited for).
        case journal
        /// One `syncfs` of the file system holding the site: btrfs (whose `fsync` logs one inode
        /// only), ext2/ext4 without a journal, FAT, NFS, anything else. It writes what else that
        /// file system holds unwritten too, but is the one call that is a barrier for all of it.
        case fileSystem
    }

    /// The barrier for the file system holding the open folder `descriptor`.
    static func barrier(for descriptor: Int32) -> Barrier {
        let xfs = 0x5846_5342
        let ext = 0xEF53  // ext2, ext3 and ext4 alike: the journal is looked for
        switch fileSystemType(descriptor) {
        case xfs: return .journal
        case ext: return hasJournal(descriptor) ? .journal : .fileSystem
        default: return .fileSystem
        }
    }

    /// `f_type` of `fstatfs(2)` (the first field of `struct statfs`, a `long`), or nil. Looked up
    /// at run time: Glibc's Swift overlay does not export it.
    private static func fileSystemType(_ descriptor: Int32) -> Int? {
        typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "fstatfs") else { return nil }
        // `struct statfs` is 120 bytes on 64-bit Linux; room to spare.
        return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
            guard unsafeBitCast(symbol, to: FStatFS.self)(descriptor, buffer.baseAddress!) == 0 else { return nil }
            return buffer.load(as: Int.self)
        }
    }

    /// Whether the ext file system holding `descriptor` has a journal: jbd2 lists each journal it
    /// runs as `/proc/fs/jbd2/<device>-8`, and the device's name is in its `uevent`.
    private static func hasJournal(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        guard let uevent = FileManager.default.contents(atPath: "/sys/dev/block/\(major):\(minor)/uevent"),
            let line = String(decoding: uevent, as: UTF8.self).split(separator: "\n")
                .first(where: { $0.hasPrefix("DEVNAME=") })
        else { return false }
        let name = line.dropFirst("DEVNAME=".count).replacingOccurrences(of: "/", with: "!")
        return access("/proc/fs/jbd2/\(name)-8", F_OK) == 0
    }

    /// Puts the written folder `folder` on the disk with one barrier (`Barrier`), once every file
    /// written into it has been waited for; `waited` is false when that could not be done (then a
    /// `syncfs`, which writes and waits for everything, is the barrier).
    static func flush(written folder: String, waited: Bool, with disk: DiskFlush) throws(POSIXError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(code: errno) }
        defer { close(descriptor) }
        let code =
            waited && barrier(for: descriptor) == .journal ? disk.fsync(descriptor) : disk.syncfs(descriptor)
        if code != 0 { throw POSIXError(code: code) }
    }

    /// How many files are waited for at once: the waits are on the disk, not the processor.
    static let flushWidth = 16

    /// Waits for the writing of each of `descriptors` (started when it was written) and closes it.
    /// The `errno` of the first that failed, if any (every one is closed all the same); `ENOSYS`,
    /// `EINVAL` or `ESPIPE` say that waiting is not possible here.
    static func wait(for descriptors: [Int32], with disk: DiskFlush) -> Int32? {
        let failures = Slots<Int32>(count: descriptors.count)
        onThreads(descriptors.count) { index in
            let descriptor = descriptors[index]
            if let code = disk.waitWritten(descriptor) { failures[index] = code }
            close(descriptor)
        }
        return descriptors.indices.lazy.compactMap { failures[$0] }.first
    }

    /// Whether `code` from `waitWritten` says only that the wait is not possible on this system or
    /// file system, not that writing failed.
    static func cannotWait(_ code: Int32) -> Bool { code == ENOSYS || code == EINVAL || code == ESPIPE }

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
