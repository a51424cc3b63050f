/// The whole site in memory, path → bytes, before anything touches the disk.
///
/// Rendering only adds files here; `SitePublisher` writes them all or nothing. Paths are relative,
/// `/`-separated and checked on insertion, so no id can address a file outside the output.
public struct SiteFiles: Sendable {
    public private(set) var files: [String: [UInt8]] = [:]

    public init() {}

    public mutating func add(_ path: String, _ text: String) {
        add(path, Array(text.utf8))
    }

    public mutating func add(_ path: String, _ bytes: [UInt8]) {
        precondition(SiteFiles.isSafeRelativePath(path), "unsafe output path \(path)")
        files[path] = bytes
    }

    /// Sorted, so writing and listing are deterministic.
    public var paths: [String] { files.keys.sorted() }

    public var count: Int { files.count }

    public subscript(path: String) -> [UInt8]? { files[path] }

    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    /// No empty, `.` or `..` segments, not absolute, no backslashes or NULs.
    package static func isSafeRelativePath(_ path: String) -> Bool {
        // Bytes, not Foundation's `contains`: every file of every build is added through here.
        let bytes = path.utf8
        guard let first = bytes.first, first != UInt8(ascii: "/"),
            !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0 })
        else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
        }
    }
}
