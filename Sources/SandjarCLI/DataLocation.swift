import Foundation
import SiteData

/// How every command finds the data folder (DESIGN.md §6): `--data DIR` (or `-C DIR`), or the
/// DATA word where a command takes one; else the nearest folder from the working directory upward
/// that holds a `site.toml`, as git finds `.git`; else an error that says what to do.
enum DataLocation {
    /// - Parameters:
    ///   - option: `--data` / `-C`.
    ///   - word: the DATA word, for commands that take one.
    ///   - from: where the upward search starts (the working directory).
    static func resolve(
        option: String?, word: String? = nil, from start: String = FileManager.default.currentDirectoryPath
    ) throws(Diagnostic) -> String {
        if option != nil, word != nil {
            throw Diagnostic("give the data folder once: as DATA or as --data, not both")
        }
        if let named = option ?? word {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: named, isDirectory: &isDirectory) else {
                throw Diagnostic("\(named): data folder not found; create one with 'sandjar init \(named)'")
            }
            guard isDirectory.boolValue else {
                throw Diagnostic(
                    "\(named): is a file, not a data folder; give the folder that holds site.toml")
            }
            return named
        }
        if let found = nearest(from: start) { return found }
        throw Diagnostic(
            "no data folder here: no site.toml in \(start) or any folder above it; "
                + "pass one with --data DIR (or cd into it), or create one with 'sandjar init DIR'")
    }

    /// The nearest folder from `start` upward that holds a regular file `site.toml`, as a path
    /// relative to `start` when it is `start` itself (so messages read `./goals/x.toml`).
    static func nearest(from start: String) -> String? {
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            let site = folder.appendingPathComponent("site.toml").path
            if FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory), !isDirectory.boolValue {
                return folder.path == URL(fileURLWithPath: start).standardizedFileURL.path ? "." : folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
