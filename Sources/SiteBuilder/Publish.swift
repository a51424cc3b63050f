import Foundation
import SiteData
import SitePublish

/// Swaps the rendered site into the output folder (DESIGN.md §7). Before any step runs,
/// `prepare` refuses an output sandjar does not own and takes the build lock.
struct Publish: BuildStep {
    let name = "publish"

    func run(_ state: BuildState) {
        guard let site = state.site else { return }
        do {
            let published = try Publish.publisher(state.options).publish(site)
            if let kept = published.newlyKept {
                state.notes.append(
                    "kept what sandjar did not write in \(state.options.outputPath): \(kept) "
                        + "(carried into every new build; named only this once)")
            }
        } catch {
            state.log.add(Diagnostic(.error, path: state.options.outputPath, message: error.message))
        }
    }

    /// The publisher for the build's output, which must never hold its data folder or cache.
    static func publisher(_ options: BuildOptions) -> SitePublisher {
        SitePublisher(
            output: URL(fileURLWithPath: options.outputPath), data: options.dataFiles == nil ? options.data : nil,
            cache: options.cacheFiles == nil ? options.cachePath : nil)
    }

    /// Nil when the build may go on (the lock is then held in `state`); else the failed report.
    static func prepare(_ state: BuildState) -> BuildReport? {
        let path = state.options.outputPath
        let output = URL(fileURLWithPath: path).standardizedFileURL
        if let why = publisher(state.options).refusal() {
            return BuildReport(diagnostics: [Diagnostic(.error, path: path, message: why)])
        }
        if let refused = cacheRefusal(state.options) { return refused }
        // Said before the lock beside the output is tried, which would fail for the same reason.
        let parent = output.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory)
        guard exists, isDirectory.boolValue else {
            let why =
                exists
                ? "\(parent) is a file, not a folder"
                : "its parent folder \(parent) does not exist; create it (mkdir -p \(parent)) or give another --out"
            return BuildReport(diagnostics: [
                Diagnostic(.error, path: path, message: "cannot write the site here: \(why)")
            ])
        }
        do {
            state.lock = try BuildLock(path: output.path + ".lock", wait: state.options.wait)
            return nil
        } catch {
            let why: String
            switch error {
            case .busy: why = "another build is running (use --wait to wait for it)"
            case .cannotOpen(let reason):
                why =
                    "cannot take the build lock: \(reason); a build writes its lock and the new site beside "
                    + "the site, in \(parent)"
            }
            return BuildReport(diagnostics: [Diagnostic(.error, path: path + ".lock", message: why)])
        }
    }

    /// Nil when the cache may be used (always, for one in memory); else the failed report.
    static func cacheRefusal(_ options: BuildOptions) -> BuildReport? {
        guard options.cacheFiles == nil,
            let why = CacheFolder.refusal(options.cachePath, data: options.data, output: options.outputPath)
        else { return nil }
        return BuildReport(diagnostics: [Diagnostic(.error, path: options.cachePath, message: why)])
    }
}
