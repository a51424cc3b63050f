import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The system calls that put what a build wrote on the disk, in one value (the way Saga routes
/// file operations through one `FileIO`), so that a test counts the durability barriers a build
/// pays (DESIGN.md §7, "Durable without the cost") without depending on the machine.
///
/// Only `fsync` and `syncfs` are barriers: they wait for the file system's metadata and empty the
/// device's cache. Starting and waiting for a file's writeback are not (`sync_file_range` writes
/// data pages only, and leaves them wherever the device caches them).
struct DiskFlush: Sendable {
    /// Starts writing the data of the just-written open file to the disk, without waiting.
    var startWriting: @Sendable (Int32) -> Void
    /// Waits until the file's data, all of it, has been handed to the device; the `errno` when
    /// that failed or cannot be done here, else nil.
    var waitWritten: @Sendable (Int32) -> Int32?
    /// A barrier: `fsync` of an open file or folder; 0 or the `errno`.
    var fsync: @Sendable (Int32) -> Int32
    /// A barrier: `syncfs` of the file system holding the open folder; 0 or the `errno`.
    var syncfs: @Sendable (Int32) -> Int32

    /// The system's calls. Where `sync_file_range` is missing, nothing is started and each file
    /// is reported as not waited for, so that the barrier is a `syncfs`, which writes and waits
    /// for everything. Where `syncfs` is missing, `sync`. (Both are looked up at run time: Glibc's
    /// Swift overlay exports neither.)
    static let system = DiskFlush(
        startWriting: { descriptor in
            _ = syncFileRange?(descriptor, 0, 0, writeFlag)
        },
        waitWritten: { descriptor in
            guard let syncFileRange else { return ENOSYS }
            while syncFileRange(descriptor, 0, 0, waitBeforeFlag | writeFlag | waitAfterFlag) != 0 {
                if errno != EINTR { return errno }
            }
            return nil
        },
        fsync: { descriptor in Glibc.fsync(descriptor) == 0 ? 0 : errno },
        syncfs: { descriptor in
            guard let syncFS else {
                sync()
                return 0
            }
            return syncFS(descriptor) == 0 ? 0 : errno
        })

    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    private typealias SyncFS = @convention(c) (Int32) -> Int32

    /// `sync_file_range(2)`'s flags, from `<fcntl.h>`.
    private static let waitBeforeFlag: UInt32 = 1
    private static let writeFlag: UInt32 = 2
    private static let waitAfterFlag: UInt32 = 4

    private static let syncFileRange: SyncFileRange? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range")
        .map { unsafeBitCast($0, to: SyncFileRange.self) }
    private static let syncFS: SyncFS? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs")
        .map { unsafeBitCast($0, to: SyncFS.self) }
}
