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
}
