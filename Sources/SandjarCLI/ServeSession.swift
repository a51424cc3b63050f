import Foundation
import SiteBuilder
import SiteServer

/// `sandjar serve`: builds into a temporary folder (never the published site), serves it on
/// 127.0.0.1 and rebuilds when a file of the data folder or the theme overlay changes. A failed
/// rebuild prints its findings and the last good site stays served (DESIGN.md §6).
final class ServeSession: @unchecked Sendable {
    private let options: BuildOptions
    private let console: Console
    private let workspace: URL
    private let server: SiteServer
    private var fingerprint: [String: String] = [:]

    /// Where the site is built and served from.
    var site: URL { workspace.appendingPathComponent("site") }

    init(options: BuildOptions, port: UInt16, console: Console) throws {
        self.console = console
        workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("sandjar-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        var options = options
        options.output = workspace.appendingPathComponent("site").path
        self.options = options
        server = SiteServer(root: workspace.appendingPathComponent("site"), port: port)
    }

    /// Builds once and starts serving; the port it listens on.
    func start() throws(SiteServer.Failure) -> UInt16 {
        fingerprint = currentFingerprint()
        _ = rebuild(first: true)
        return try server.start()
    }

    /// Rebuilds when a watched file changed since the last look; true when it rebuilt.
    @discardableResult
    func rebuildIfChanged() -> Bool {
        let now = currentFingerprint()
        guard now != fingerprint else { return false }
        fingerprint = now
        return rebuild(first: false)
    }

    /// Stops serving and removes the temporary folder.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: workspace)
    }

    private func rebuild(first: Bool) -> Bool {
        let started = Date()
        let report = SiteBuild(options: options).run()
        for diagnostic in report.diagnostics { console.err(diagnostic.description + "\n") }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        if report.succeeded {
            console.err("\(first ? "built" : "rebuilt") \(report.pageCount) pages in \(seconds) s\n")
        } else if FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) {
            console.err("sandjar: the rebuild failed; still serving the last good site\n")
        } else {
            console.err("sandjar: the build failed; fix the data and save, and it builds again\n")
        }
        return report.succeeded
    }

    /// Path → size and modification time of every file the build reads: the data folder (less a
    /// site built into it) and the theme overlay.
    private func currentFingerprint() -> [String: String] {
        var folders = [options.data]
        if let theme = options.themeOverlay { folders.append(theme) }
        var result: [String: String] = [:]
        let skipped = ["public", "public.lock"]
        for folder in folders {
            let root = URL(fileURLWithPath: folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let first = relative.split(separator: "/").first.map(String.init) ?? ""
                if folder == options.data, skipped.contains(first) {
                    walker.skipDescendants()
                    continue
                }
                if first.hasPrefix(".") { continue }
                let path = root.appendingPathComponent(relative).path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                result[path] = "\(size) \(modified)"
            }
        }
        return result
    }
}
