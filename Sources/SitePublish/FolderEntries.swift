import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One entry of a folder as `readdir` gives it: no `stat` needed for its type or inode.
struct FolderEntry {
    var name: String
    /// `DT_DIR`, `DT_REG`, `DT_LNK`…, or `DT_UNKNOWN` where the file system does not say.
    var type: UInt8
    var inode: UInt64

    var isFolder: Bool { type == UInt8(DT_DIR) }
    var typeUnknown: Bool { type == UInt8(DT_UNKNOWN) }

    /// Every entry of the open folder `stream` but `.` and `..`, in the order `readdir` gives them.
    static func all(in stream: OpaquePointer) -> [FolderEntry] {
        var found: [FolderEntry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            found.append(FolderEntry(name: name, type: entry.pointee.d_type, inode: UInt64(entry.pointee.d_ino)))
        }
        return found
    }

    /// The `DT_` type of the entry with `status`, as `readdir` would give it.
    static func type(of status: stat) -> UInt8 {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: UInt8(DT_DIR)
        case S_IFREG: UInt8(DT_REG)
        case S_IFLNK: UInt8(DT_LNK)
        case S_IFIFO: UInt8(DT_FIFO)
        case S_IFSOCK: UInt8(DT_SOCK)
        case S_IFCHR: UInt8(DT_CHR)
        case S_IFBLK: UInt8(DT_BLK)
        default: UInt8(DT_UNKNOWN)
        }
    }
}
