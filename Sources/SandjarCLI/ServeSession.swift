import Foundation
import LocalApp
import SiteBuilder
import SiteServer

/// `sandjar serve`: the local app (`LocalApp`, whose `ServedSite` owns the built site and every
/// rebuild) behind the loopback server. The site is built in memory — never into the published
/// folder, never onto the disk — served, and rebuilt when a file of the data folder or the theme
/// overlay changes or a served form has written. A failed rebuild prints its findings and the last
/// good site stays served (DESIGN.md §6).
final class ServeSession: Sendable {
    let server: SiteServer
    let app: LocalApp

    /// - Parameters:
    ///   - address: the IPv4 address to listen on (`--listen`); 127.0.0.1 by default.
    ///   - readOnly: `--read-only`: no forms.
    init(options: BuildOptions, port: UInt16, address: String = "127.0.0.1", readOnly: Bool = false, console: Console) {
        // Nothing is served from a folder: until the first build, an empty site.
        let server = SiteServer(
            root: URL(fileURLWithPath: "/var/empty/sandjar-serves-from-memory"), port: port, address: address)
        server.serve(MemorySite(files: [:]))
        self.server = server
        app = LocalApp(
            settings: LocalApp.Settings(readOnly: readOnly, tokenForEveryRequest: address != "127.0.0.1"),
            options: options, publish: { site in server.serve(site) }, log: { console.err($0) })
        let app = self.app
        server.application = { request in app.handle(request) }
    }

    /// Binds the port and starts the first build on the owner's queue; the port it listens on.
    /// `built` is set once that build has ended, well or not.
    func start(built: StopFlag) throws(SiteServer.Failure) -> UInt16 {
        let port = try server.start()
        app.site.buildFirst { _ in built.set() }
        return port
    }

    /// Rebuilds on every change from now on.
    func watch() {
        app.site.watch()
    }

    /// Stops watching and serving. A rebuild under way is left to finish or to end with the process:
    /// it writes nothing but the jar cache, whose every file is replaced whole.
    func stop() {
        app.site.stop()
        server.stop()
    }
}
