import Foundation
import LocalApp
import SiteBuilder
import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// `sandjar serve [DATA] [--port N]` (DESIGN.md §6).
extension SandjarCommand {
    static func serve(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.serve
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        let port = try arguments[.port] ?? 8080
        let address = try arguments[.listen] ?? "127.0.0.1"
        guard let options = try buildOptions(arguments, command, console: console) else { return 1 }
        let data = options.data
        let readOnly = arguments[.readOnly]
        let session = ServeSession(options: options, port: port, address: address, readOnly: readOnly, console: console)
        // From here on Ctrl-C and SIGTERM stop serve within a fraction of a second: the main thread
        // only waits for them; the builds and the watch run on threads of their own (`ServedSite`).
        let stopped = StopSignal()
        let built = StopFlag()
        let bound: UInt16
        do {
            bound = try session.start(built: built)
        } catch {
            session.stop()
            console.err("sandjar: \(error.message)\n")
            return 1
        }
        while !stopped.isRaised && !built.isSet {
            usleep(50_000)
        }
        guard !stopped.isRaised else {
            session.stop()
            console.out("\nstopped\n")
            return 0
        }
        let shown = URL(fileURLWithPath: data).standardizedFileURL.path
        let writes = readOnly ? "read-only" : "its forms write to \(shown)"
        if address == "127.0.0.1" {
            console.out(
                "serving \(shown) on http://127.0.0.1:\(bound)/ (\(writes); rebuilt when a file changes; Ctrl-C to stop)\n"
            )
        } else {
            let host = address == "0.0.0.0" ? (LocalAddresses.lanAddress() ?? "127.0.0.1") : address
            let url = "http://\(host):\(bound)/?\(session.app.tokenQuery)"
            console.out("serving \(shown) on \(url) (\(writes); rebuilt when a file changes; Ctrl-C to stop)\n")
            // The same address for a phone's camera (DESIGN.md §6).
            if let code = QRCode(url) {
                console.out(
                    "\nopen it on your phone with its camera:\n\n" + code.halfBlocks(colours: console.colours) + "\n")
            }
            console.err(
                "sandjar: warning: --listen \(address) serves your data to your network without encryption: anyone "
                    + "who sees the address above, or the traffic, can read \(readOnly ? "" : "and change ")it. "
                    + "Open it only on a network you trust.\n")
        }
        session.watch()
        while !stopped.isRaised {
            usleep(100_000)
        }
        session.stop()
        console.out("\nstopped\n")
        return 0
    }
}

/// Set by the signal handler; read by the serve loop.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// Ctrl-C, SIGTERM and SIGHUP, turned into a flag the serve loop reads, so it stops cleanly. A
/// plain handler (not a dispatch source), so it also works when the shell started sandjar with
/// those signals ignored, as background jobs are.
struct StopSignal {
    init() {
        stopRequested = 0
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { _ in stopRequested = 1 }
        }
    }

    var isRaised: Bool { stopRequested != 0 }
}
