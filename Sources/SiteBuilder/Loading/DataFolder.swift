import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Read access to a data folder, with the limits of DESIGN.md §2 enforced at the door: regular
/// files only, no symlink that leads out of the folder, at most 16 MiB a file.
struct DataFolder {
    static let maxFileBytes = 16 << 20

    /// Absolute, symlinks resolved.
    let root: URL
    /// The folder as the user named it, used to build the paths shown in messages.
    let displayRoot: String

    init(path: String) {
        displayRoot = path
        root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }

    var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    func displayPath(_ relative: String) -> String {
        displayRoot.hasSuffix("/") ? displayRoot + relative : "\(displayRoot)/\(relative)"
    }

    func fileExists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    /// Files directly in `folder` whose names end in `.ext`, sorted by name (hidden files skipped).
    func files(in folder: String, withExtension ext: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { $0.hasSuffix(".\(ext)") && !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The file's bytes, or a finding when it escapes the folder, is not a regular file or is too big.
    ///
    /// The checks are made again on the opened descriptor and the read stops past the limit, so a
    /// file swapped or grown while the build runs is still read once, whole, and never beyond 16 MiB.
    func read(_ relative: String) -> Result<SourceFile, Diagnostic> {
        let shown = displayPath(relative)
        let url = root.appendingPathComponent(relative)
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL
        guard resolved.path.hasPrefix(root.path + "/") else {
            return .failure(Diagnostic(.error, path: shown, message: "is a symlink that leads out of the data folder"))
        }
        // Only what is a regular file is opened: opening a FIFO or a device can block or have effects.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else {
            return .failure(Diagnostic(.error, path: shown, message: "is not a regular file"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= DataFolder.maxFileBytes else {
            return .failure(Diagnostic(.error, path: shown, message: DataFolder.tooLarge(size)))
        }
        switch DataFolder.readRegularFile(resolved.path) {
        case .success(let bytes): return .success(SourceFile(path: shown, bytes: bytes))
        case .failure(let failure): return .failure(Diagnostic(.error, path: shown, message: failure.message))
        }
    }

    private static func tooLarge(_ size: Int) -> String { "is larger than 16 MiB (\(size) bytes)" }

    private struct ReadFailure: Error {
        let message: String
    }

    /// At most `maxFileBytes + 1` bytes of `path`, which must still be a regular file once opened.
    private static func readRegularFile(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(ReadFailure(message: "cannot be read: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadFailure(message: "is not a regular file"))
        }
        guard Int(status.st_size) <= maxFileBytes else {
            return .failure(ReadFailure(message: tooLarge(Int(status.st_size))))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxFileBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                return .failure(ReadFailure(message: "cannot be read: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .failure(ReadFailure(message: "is larger than 16 MiB (it grew while being read)"))
    }
}
