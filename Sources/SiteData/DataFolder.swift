import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of files — a data folder, a theme, the cache — with the limits of DESIGN.md §2
/// enforced at the door: regular files only, no symlink that leads out of the folder, at most
/// 16 MiB a file.
///
/// The files are on disk, or in memory (the theme built into the binary, tests), or one folder
/// laid over another (a theme folder over the built-in theme: a file in the top one replaces the
/// file of the same path below it). Everything that reads the data folder or the theme, and the
/// cache that reads and writes settled jars, goes through this one value, so tests can hold any
/// of them in memory.
package struct DataFolder: Sendable {
    package static let maxFileBytes = 16 << 20

    indirect enum Storage: Sendable {
        case disk
        case memory(MemoryFiles)
        case overlay(top: DataFolder, base: DataFolder)
    }

    let storage: Storage
    /// Absolute, symlinks resolved (disk folders).
    package let root: URL
    /// The folder as the user named it, used to build the paths shown in messages.
    package let displayRoot: String

    package init(path: String) {
        storage = .disk
        displayRoot = path
        // `RealPath`, not `resolvingSymlinksInPath`: a folder made after this value (the cache, the
        // undo journal) must still be the folder its files are read from.
        root = URL(fileURLWithPath: RealPath.of(path))
    }

    /// Files held in memory, by relative path; `display` names the folder in messages.
    package init(files: [String: [UInt8]], display: String) {
        storage = .memory(MemoryFiles(files))
        displayRoot = display
        root = URL(fileURLWithPath: "/")
    }

    private init(top: DataFolder, base: DataFolder) {
        storage = .overlay(top: top, base: base)
        displayRoot = top.displayRoot
        root = top.root
    }

    /// This folder laid over `base`: its files replace those of the same path in `base`.
    package func overlaid(on base: DataFolder) -> DataFolder { DataFolder(top: self, base: base) }

    package var exists: Bool {
        switch storage {
        case .disk:
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        case .memory: return true
        case .overlay(let top, let base): return top.exists && base.exists
        }
    }

    package func displayPath(_ relative: String) -> String {
        if case .overlay(let top, let base) = storage {
            return top.fileExists(relative) ? top.displayPath(relative) : base.displayPath(relative)
        }
        // The working directory itself (found by searching upward from it): `goals/bike.toml`,
        // as a person in that folder would type it, not `./goals/bike.toml`.
        if displayRoot == "." { return relative }
        return displayRoot.hasSuffix("/") ? displayRoot + relative : "\(displayRoot)/\(relative)"
    }

    package func fileExists(_ relative: String) -> Bool {
        switch storage {
        case .disk: return FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
        case .memory(let files): return files[relative] != nil
        case .overlay(let top, let base): return top.fileExists(relative) || base.fileExists(relative)
        }
    }

    /// Whether `relative` is there and is not a folder (on disk, through a symlink too).
    package func isFile(_ relative: String) -> Bool {
        switch storage {
        case .disk:
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        case .memory(let files): return files[relative] != nil
        case .overlay(let top, let base): return top.isFile(relative) || base.isFile(relative)
        }
    }

    /// Files directly in `folder` whose names end in `.ext`, sorted by name (hidden files skipped).
    package func files(in folder: String, withExtension ext: String) -> [String] {
        listing(of: folder).files(withExtension: ext)
    }

    /// What is directly in `folder`, read with one `opendir` (on disk): its files (`files(in:…)`)
    /// and what looks like one but is not read (`passedOver`), from the same entries.
    package func listing(of folder: String) -> Listing {
        switch storage {
        case .disk:
            return Listing(folder: folder, entries: DataFolder.entries(root.appendingPathComponent(folder).path))
        case .memory, .overlay:
            let prefix = folder + "/"
            let names = allFiles(under: folder).filter { !$0.dropFirst(prefix.count).contains("/") }
                .map { String($0.dropFirst(prefix.count)) }
            return Listing(folder: folder, entries: names.map { Listing.Entry(name: $0, isFile: true) })
        }
    }

    /// The entries directly in a folder, as `Listing` holds them.
    package struct Listing: Sendable {
        struct Entry: Sendable {
            var name: String
            /// A regular file, or a link (or anything else) that does not lead to a folder: what
            /// `walk` lists as a file. Hidden names are kept (`passedOver` warns of them).
            var isFile: Bool
        }
        let folder: String
        let entries: [Entry]

        /// The files whose names end in `.ext`, hidden ones skipped, sorted, as relative paths.
        package func files(withExtension ext: String) -> [String] {
            entries.filter { $0.isFile && !$0.name.hasPrefix(".") && $0.name.hasSuffix(".\(ext)") }
                .map { "\(folder)/\($0.name)" }.sorted()
        }

        /// Every name, hidden ones too, sorted.
        var names: [String] { entries.map(\.name).sorted() }
    }

    /// What `walk` decides of each entry of one folder, without entering any: one `opendir`.
    private static func entries(_ path: String) -> [Listing.Entry] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var found: [Listing.Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let full = path + "/" + name
            var status = stat()
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): found.append(.init(name: name, isFile: false))
            case Int32(DT_REG): found.append(.init(name: name, isFile: true))
            case Int32(DT_UNKNOWN):
                let folder = lstat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                found.append(.init(name: name, isFile: !folder))
            default:
                let folder = stat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                found.append(.init(name: name, isFile: !folder))
            }
        }
        return found
    }

    /// Relative paths of every file under `folder` ("" for the whole tree), recursively, sorted;
    /// hidden files and folders skipped.
    package func allFiles(under folder: String = "") -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        switch storage {
        case .disk:
            return DataFolder.walk(root.appendingPathComponent(folder)).map { prefix + $0 }
        case .memory(let files):
            return files.paths.filter { $0.hasPrefix(prefix) && !DataFolder.isHidden($0) }.sorted()
        case .overlay(let top, let base):
            return Set(top.allFiles(under: folder) + base.allFiles(under: folder)).sorted()
        }
    }

    private static func isHidden(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Relative paths of what is under `url` and is not a folder, sorted; hidden entries and
    /// their contents skipped. Folders are entered, never a symlink to one; a symlink to a file
    /// (or to nothing) is listed, and reading it decides whether it may be read.
    ///
    /// `opendir`/`readdir` with the entry's type, and a `stat` only for a link or an entry whose
    /// type the file system does not say: a data folder of 2,000 pages is listed in a few system
    /// calls, where `FileManager`'s enumerator and a `URL` per entry cost a tenth of a check.
    private static func walk(_ url: URL) -> [String] {
        var found: [String] = []
        func visit(_ path: String, _ prefix: String) {
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let full = path + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): visit(full, prefix + name + "/")
                case Int32(DT_REG): found.append(prefix + name)
                case Int32(DT_UNKNOWN):
                    var status = stat()
                    if lstat(full, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                        visit(full, prefix + name + "/")
                    } else {
                        found.append(prefix + name)
                    }
                default:
                    // A link, a FIFO, a socket…: listed unless it is (or leads to) a folder.
                    var status = stat()
                    if stat(full, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR { found.append(prefix + name) }
                }
            }
        }
        visit(url.path, "")
        return found.sorted()
    }

    /// The file's bytes, or a finding when it is missing, escapes the folder, is not a regular
    /// file or is larger than `limit` (16 MiB, DESIGN.md §2; the undo journal, which holds a data
    /// file twice, reads more).
    package func read(_ relative: String, limit: Int = maxFileBytes) -> Result<SourceFile, Diagnostic> {
        switch storage {
        case .disk: return readFromDisk(relative, limit: limit)
        case .memory(let files):
            guard let bytes = files[relative] else {
                return .failure(Diagnostic(.error, path: displayPath(relative), message: "is not a regular file"))
            }
            return .success(SourceFile(path: displayPath(relative), bytes: bytes))
        case .overlay(let top, let base):
            return top.fileExists(relative) ? top.read(relative, limit: limit) : base.read(relative, limit: limit)
        }
    }

    /// The checks are made again on the opened descriptor and the read stops past the limit, so a
    /// file swapped or grown while the build runs is still read once, whole, and never beyond 16 MiB.
    private func readFromDisk(_ relative: String, limit: Int) -> Result<SourceFile, Diagnostic> {
        let shown = displayPath(relative)
        if let bytes = DataFolder.readInside(root.path, root.path + "/" + relative, limit: limit) {
            return .success(SourceFile(path: shown, bytes: bytes))
        }
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
        guard size <= limit else {
            return .failure(Diagnostic(.error, path: shown, message: DataFolder.tooLarge(size)))
        }
        switch DataFolder.readRegularFile(resolved.path, limit: limit) {
        case .success(let bytes): return .success(SourceFile(path: shown, bytes: bytes))
        case .failure(let failure): return .failure(Diagnostic(.error, path: shown, message: failure.message))
        }
    }

    private static func tooLarge(_ size: Int) -> String { "is larger than 16 MiB (\(size) bytes)" }

    /// A file a command is given from outside any data folder — a bank statement, an export — read
    /// as carefully as a data file and with its limit (16 MiB): a regular file only (a FIFO or a
    /// device is never opened), and no more than the limit read, so a file that grows meanwhile
    /// is refused too.
    package static func readInput(_ path: String, limit: Int = maxFileBytes) -> Result<[UInt8], Diagnostic> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Diagnostic(.error, path: path, message: "no such file"))
        }
        guard !isDirectory.boolValue else {
            return .failure(Diagnostic(.error, path: path, message: "is a folder, not a file"))
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else {
            return .failure(Diagnostic(.error, path: path, message: "is not a regular file"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else {
            return .failure(
                Diagnostic(.error, path: path, message: tooLarge(size) + ", the most sandjar reads of any file"))
        }
        return readRegularFile(resolved, limit: limit).mapError { Diagnostic(.error, path: path, message: $0.message) }
    }

    /// The bytes of `path` when it is a regular file of at most 16 MiB whose real path, as the
    /// kernel reports it for the open file (`/proc/self/fd`), lies inside `root`; nil otherwise,
    /// and then the careful way above finds what is wrong and says it. A data folder of 2,000
    /// pages is read with a handful of system calls a file instead of a `stat` for every folder
    /// on each file's path.
    private static func readInside(_ root: String, _ path: String, limit: Int) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit
        else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_ino == status.st_ino, opened.st_dev == status.st_dev else {
            return nil
        }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
        guard length > 0 else { return nil }
        let real = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard real.hasPrefix(root + "/") else { return nil }
        guard case .success(let bytes) = readOpened(fd, size: Int(opened.st_size), limit: limit) else { return nil }
        return bytes
    }

    /// At most `limit + 1` bytes of `path`, which must still be a regular file once opened.
    private static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], Diagnostic> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(Diagnostic("cannot be read: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Diagnostic("is not a regular file"))
        }
        guard Int(status.st_size) <= limit else {
            return .failure(Diagnostic(tooLarge(Int(status.st_size))))
        }
        return readOpened(fd, size: Int(status.st_size), limit: limit)
    }

    /// The rest of the open regular file `fd`, whose size was `size` when it was checked: at most
    /// `limit + 1` bytes are read, so a file that grew past the limit is refused.
    private static func readOpened(_ fd: Int32, size: Int, limit: Int) -> Result<[UInt8], Diagnostic> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64 << 10) { chunk in
            while bytes.count <= limit {
                let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else {
                    return .failure(Diagnostic("cannot be read: \(String(cString: strerror(errno)))"))
                }
                if count == 0 { return .success(bytes) }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return .failure(Diagnostic("is larger than 16 MiB (it grew while being read)"))
        }
    }
}
