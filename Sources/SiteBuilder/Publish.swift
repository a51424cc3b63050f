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
            try SitePublisher(output: URL(fileURLWithPath: state.options.outputPath)).publish(site)
        } catch {
            state.log.add(Diagnostic(.error, path: state.options.outputPath, message: error.message))
        }
    }

    /// Nil when the build may go on (the lock is then held in `state`); else the failed report.
    static func prepare(_ state: BuildState) -> BuildReport? {
        let path = state.options.outputPath
        let output = URL(fileURLWithPath: path).standardizedFileURL
        if let why = SitePublisher(output: output).refusal() {
            return BuildReport(diagnostics: [Diagnostic(.error, path: path, message: why)])
        }
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
            case .cannotOpen(let reason): why = "cannot take the build lock: \(reason)"
            }
            return BuildReport(diagnostics: [Diagnostic(.error, path: path + ".lock", message: why)])
        }
    }
}
