import Foundation
import LocalApp
import SiteBuilder
import SiteRender
import SiteServer

/// `sandjar serve`: builds into a temporary folder (never the published site), serves it and
/// rebuilds when a file of the data folder or the theme overlay changes, or when one of the
/// served forms (`LocalApp`) has written. A failed rebuild prints its findings and the last good
/// site stays served (DESIGN.md §6). Builds run one at a time.
final class ServeSession: @unchecked Sendable {
    private let options: BuildOptions
    private let console: Console
    private let workspace: URL
    let server: SiteServer
    let app: LocalApp
    /// Held by each build, and while the fingerprint is read or changed.
    private let building = NSLock()
    private var fingerprint: [String: String] = [:]

    /// Where the site is built and served from.
    var site: URL { workspace.appendingPathComponent("site") }

    /// - Parameters:
    ///   - address: the IPv4 address to listen on (`--listen`); 127.0.0.1 by default.
    ///   - readOnly: `--read-only`: no forms.
    init(options: BuildOptions, port: UInt16, address: String = "127.0.0.1", readOnly: Bool = false, console: Console)
        throws
    {
        self.console = console
        workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("sandjar-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // Only this user may read it: the pages hold the run's token.
        try FileManager.default.createDirectory(
            at: workspace, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var options = options
        options.output = workspace.appendingPathComponent("site").path
        self.options = options
        server = SiteServer(root: workspace.appendingPathComponent("site"), port: port, address: address)
        app = LocalApp(
            settings: LocalApp.Settings(
                data: options.data, theme: options.theme, readOnly: readOnly,
                tokenForEveryRequest: address != "127.0.0.1"))
        let site = self.site
        app.attach(
            LocalApp.Site(
                rebuild: { [unowned self] forms in self.rebuildAfterForm(forms) },
                render: { [unowned self] path, forms in self.render(path, forms) },
                has: { path in
                    var isDirectory: ObjCBool = false
                    return FileManager.default.fileExists(
                        atPath: site.appendingPathComponent(path).path, isDirectory: &isDirectory)
                        && !isDirectory.boolValue
                },
                unlockedBadges: { ServeSession.unlockedBadges(in: site) }))
        let app = self.app
        server.application = { request in app.handle(request) }
    }

    /// Builds once and starts serving; the port it listens on.
    func start() throws(SiteServer.Failure) -> UInt16 {
        building.withLock {
            fingerprint = currentFingerprint()
            _ = rebuild(first: true, forms: app.forms)
        }
        return try server.start()
    }

    /// Rebuilds when a watched file changed since the last look; true when it rebuilt.
    @discardableResult
    func rebuildIfChanged() -> Bool {
        building.withLock {
            let now = currentFingerprint()
            guard now != fingerprint else { return false }
            fingerprint = now
            return rebuild(first: false, forms: app.forms)
        }
    }

    /// Stops serving and removes the temporary folder.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: workspace)
    }

    /// After a form wrote: the site again, before the browser is sent to the page, and the files
    /// it changed taken as seen, so the watch does not build it once more.
    private func rebuildAfterForm(_ forms: ServeForms) -> Bool {
        building.withLock {
            fingerprint = currentFingerprint()
            return rebuild(first: false, forms: forms)
        }
    }

    /// One page of the site rendered in memory with `forms` (a form sent back with its message);
    /// nothing is written.
    private func render(_ path: String, _ forms: ServeForms) -> [UInt8]? {
        var options = self.options
        options.serve = forms
        let (_, files) = SiteBuild(options: options).check()
        return files?[path]
    }

    private func rebuild(first: Bool, forms: ServeForms?) -> Bool {
        var options = self.options
        options.serve = forms
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

    /// The ids of the badges the served site shows unlocked, from its data.json (the first
    /// language's, for a site in several).
    static func unlockedBadges(in site: URL) -> Set<String> {
        var candidates = [site.appendingPathComponent("data.json")]
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []
        candidates += folders.sorted().map { site.appendingPathComponent($0).appendingPathComponent("data.json") }
        for file in candidates {
            guard let data = FileManager.default.contents(atPath: file.path),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let badges = json["badges"] as? [[String: Any]]
            else { continue }
            return Set(badges.filter { $0["unlocked"] as? Bool == true }.compactMap { $0["id"] as? String })
        }
        return []
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
