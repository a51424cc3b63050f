import Foundation
import PhysicsCache
import SiteData
import SitePublish

/// What is settled before a build's first step (DESIGN.md §7): an output sandjar does not own and
/// a cache folder it may not use are refused, and the build lock is taken. The step itself is
/// `BuildSteps.publish`.
enum Publish {
    /// The publisher for the build's output, which must never hold its data folder or cache.
    static func publisher(_ options: BuildOptions) -> SitePublisher {
        SitePublisher(
            output: URL(fileURLWithPath: options.outputPath), data: options.dataFiles == nil ? options.data : nil,
            cache: options.cacheFiles == nil ? options.cachePath : nil)
    }

    /// The build lock, held until the build has published; else why not, at the output, its lock
    /// or the cache.
    static func prepare(_ options: BuildOptions) -> Result<BuildLock, Diagnostic> {
        let path = options.outputPath
        let output = URL(fileURLWithPath: path).standardizedFileURL
        if let why = publisher(options).refusal() {
            return .failure(Diagnostic(.error, path: path, message: why))
        }
        if let refused = cacheFinding(options) { return .failure(refused) }
        // Said before the lock beside the output is tried, which would fail for the same reason.
        let parent = output.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory)
        guard exists, isDirectory.boolValue else {
            let why =
                exists
                ? "\(parent) is a file, not a folder"
                : "its parent folder \(parent) does not exist; create it (mkdir -p \(parent)) or give another --out"
            return .failure(Diagnostic(.error, path: path, message: "cannot write the site here: \(why)"))
        }
        do {
            return .success(try BuildLock(path: output.path + ".lock", wait: options.wait))
        } catch {
            return .failure(Diagnostic(.error, path: path + ".lock", message: error.message))
        }
    }

    /// Nil when the cache may be used (always, for one in memory); else the failed report.
    static func cacheRefusal(_ options: BuildOptions) -> BuildReport? {
        cacheFinding(options).map { BuildReport(diagnostics: [$0]) }
    }

    /// Nil when the cache may be used; else why not, at the cache.
    private static func cacheFinding(_ options: BuildOptions) -> Diagnostic? {
        guard options.cacheFiles == nil,
            let why = CacheFolder.refusal(options.cachePath, data: options.data, output: options.outputPath)
        else { return nil }
        return Diagnostic(.error, path: options.cachePath, message: why)
    }
}
