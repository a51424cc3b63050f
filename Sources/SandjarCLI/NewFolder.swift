import Foundation
import SiteData

/// A folder written from nothing by `init` and `theme export`: it must be missing or empty, so
/// nothing a person has is ever overwritten; every file is written, or the command says which
/// one could not be, takes back what it wrote and stops.
struct NewFolder {
    let path: String

    /// Nil when `path` may be written; else why not. An empty or blank name is refused (issue
    /// 39): it named the working folder, whatever it held, or a folder no one can see.
    func refusal() -> String? {
        guard !path.allSatisfy(\.isWhitespace) else {
            return "'\(path)' names no folder; give a new or empty folder, e.g. ~/dash"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return "\(path) exists and is not a folder" }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return "cannot read \(path) to see that it is empty; give a new or empty folder"
        }
        if entries.contains("site.toml") {
            return "\(path) already holds a data folder (site.toml); give a new or empty folder"
        }
        return entries.isEmpty ? nil : "\(path) is not empty; give a new or empty folder"
    }

    /// Writes `files` (relative path → bytes) under the folder, creating the folders they need,
    /// each through the one writer (`DataFolder.write`) and never over a file that appeared
    /// meanwhile. When one cannot be written, what this call wrote is taken away again: a refusal
    /// leaves the folder as it found it; the refusal is said as `sandjar: …`.
    func write(_ files: [String: [UInt8]]) throws(Diagnostic) {
        if let why = refusal() { throw Diagnostic(why) }
        let existed = FileManager.default.fileExists(atPath: path)
        let folder = DataFolder(path: path)
        var written: [String] = []
        for relative in files.keys.sorted() {
            do throws(DataFolder.WriteFailure) {
                try folder.write(relative, files[relative] ?? [], expecting: .nothing)
                written.append(relative)
            } catch {
                takeBack(written, in: folder.root, removingRoot: !existed)
                let shown = URL(fileURLWithPath: path).appendingPathComponent(relative).path
                throw Diagnostic("cannot write \(shown): \(error.reason); nothing was written")
            }
        }
    }

    /// Removes the files this run wrote, then the folders they needed while they are empty
    /// (a folder someone else put a file into stays), deepest first.
    private func takeBack(_ written: [String], in root: URL, removingRoot: Bool) {
        var folders: Set<String> = []
        for relative in written {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(relative))
            let parts = relative.split(separator: "/").dropLast()
            for depth in parts.indices { folders.insert(parts[...depth].joined(separator: "/")) }
        }
        for relative in folders.sorted(by: { $0.count > $1.count }) {
            rmdir(root.appendingPathComponent(relative).path)
        }
        if removingRoot { rmdir(root.path) }
    }
}
