import Foundation

extension DataFolder {
    /// Why a file could not be written.
    package struct WriteFailure: Error, Equatable {
        package let message: String
    }

    /// Writes `bytes` as the file at `relative`, creating the folders above it: on disk through a
    /// temporary file renamed over the old one, so a reader (or a build killed halfway) sees the
    /// old file or the new one, never a part. A folder laid over another writes into the top one.
    package func write(_ relative: String, _ bytes: [UInt8]) throws(WriteFailure) {
        switch storage {
        case .disk:
            let url = root.appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .atomic)
            } catch {
                throw WriteFailure(message: "\(displayPath(relative)): \(error.localizedDescription)")
            }
        case .memory(let files): files[relative] = bytes
        case .overlay(let top, _): try top.write(relative, bytes)
        }
    }

    /// Creates the folder `relative` and those above it (nothing to do in memory).
    package func createFolder(_ relative: String) {
        switch storage {
        case .disk:
            try? FileManager.default.createDirectory(
                at: root.appendingPathComponent(relative), withIntermediateDirectories: true)
        case .memory: break
        case .overlay(let top, _): top.createFolder(relative)
        }
    }

    /// The folder on disk, nil for files in memory.
    package var diskPath: String? {
        switch storage {
        case .disk: return root.path
        case .memory: return nil
        case .overlay(let top, _): return top.diskPath
        }
    }
}

/// The files of a folder held in memory, by relative path. A reference, so that what the cache
/// writes during one build is there for the next; safe to use from the jars' parallel simulations.
package final class MemoryFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]]

    init(_ files: [String: [UInt8]]) { self.files = files }

    subscript(relative: String) -> [UInt8]? {
        get { lock.withLock { files[relative] } }
        set { lock.withLock { files[relative] = newValue } }
    }

    var paths: [String] { lock.withLock { Array(files.keys) } }
}
