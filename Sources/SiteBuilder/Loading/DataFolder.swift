import Foundation

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
    func read(_ relative: String) -> Result<SourceFile, Diagnostic> {
        let shown = displayPath(relative)
        let url = root.appendingPathComponent(relative)
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL
        guard resolved.path.hasPrefix(root.path + "/") else {
            return .failure(Diagnostic(.error, path: shown, message: "is a symlink that leads out of the data folder"))
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else {
            return .failure(Diagnostic(.error, path: shown, message: "is not a regular file"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= DataFolder.maxFileBytes else {
            return .failure(Diagnostic(.error, path: shown, message: "is larger than 16 MiB (\(size) bytes)"))
        }
        guard let data = FileManager.default.contents(atPath: resolved.path) else {
            return .failure(Diagnostic(.error, path: shown, message: "cannot be read"))
        }
        return .success(SourceFile(path: shown, bytes: [UInt8](data)))
    }
}
