import Foundation
import SiteData

/// A folder written from nothing by `init` and `theme export`: it must be missing or empty, so
/// nothing a person has is ever overwritten; every file is written, or the command says which
/// one could not be and stops.
struct NewFolder {
    struct Refusal: Error, Equatable {
        let message: String
    }

    let path: String

    /// Nil when `path` may be written; else why not.
    func refusal() -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return "\(path) exists and is not a folder" }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.isEmpty ? nil : "\(path) is not empty; give a new or empty folder"
    }

    /// Writes `files` (relative path → bytes) under the folder, creating the folders they need,
    /// each through the one writer (`DataFolder.write`) and never over a file that appeared meanwhile.
    func write(_ files: [String: [UInt8]]) throws(Refusal) {
        if let why = refusal() { throw Refusal(message: why) }
        let folder = DataFolder(path: path)
        for relative in files.keys.sorted() {
            do throws(DataFolder.WriteFailure) {
                try folder.write(relative, files[relative] ?? [], expecting: .nothing)
            } catch {
                let shown = URL(fileURLWithPath: path).appendingPathComponent(relative).path
                throw Refusal(message: "cannot write \(shown): \(error.reason)")
            }
        }
    }
}
