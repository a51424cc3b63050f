import Foundation

/// The built site over HTTP on 127.0.0.1 (or the address `--listen` names), for `sandjar serve`.
///
/// One thread accepts; every connection gets a thread of its own and is closed after one response
/// (`Connection: close`). A preview serves one person's browser, so keep-alive would buy nothing
/// worth its state. Every response says `Cache-Control: no-store`, so a reload always shows the
/// latest build.
public final class SiteServer: Sendable {
    /// How long a client may dawdle and how many may be served at once; tests shorten them.
    struct Limits: Sendable {
        /// A client that sends no complete request head within this is dropped.
        var receiveTimeout: Duration = .seconds(10)
        /// At most this many connections are open, so a flood cannot pile up threads. At the limit a
        /// new one pushes out the one that has waited longest for its request head, so sockets left
        /// idle cannot lock a person out; only when every one is being answered is it 503.
        var maxConnections = 64
        /// The longest request head (request line and headers) read; longer ones get 431.
        var headBytes = 16 * 1024
        /// The longest body a POST may send (DESIGN.md §6: 64 KB); longer ones get 413 unread.
        var bodyBytes = 64 * 1024

        static let standard = Limits()
    }

    /// What connection threads read and the caller changes while serving.
    struct Shared: Sendable {
        var site: ServedSite
        var log: (@Sendable (String) -> Void)?
        /// Sees every request first (its Host checked, its body read); nil: serve the file.
        var application: (@Sendable (WebRequest) -> WebResponse?)?
        /// Accepted sockets not yet closed, by descriptor, so `stop()` can drop them and the cap can
        /// count them and choose which to push out.
        var connections: [Int32: OpenConnection] = [:]
        /// How many sockets have been admitted; each one's number says which came first.
        var admitted: UInt64 = 0
    }

    /// An admitted socket as the cap sees it.
    struct OpenConnection: Sendable {
        let connection: Connection
        /// Its place in the order of admission: lower is older.
        let number: UInt64
        /// Still waiting for its request head; only such a connection may be pushed out.
        var idle = true
    }

    let port: UInt16
    /// The IPv4 address listened on: 127.0.0.1 unless `--listen` names another.
    let address: String
    /// Host names besides the loopback ones that requests may carry: with `--listen`, the
    /// addresses served and this machine's names.
    let hostNames: Set<String>
    let limits: Limits
    let shared: Locked<Shared>
    /// The listening socket while serving; its lock also makes `start()` and `stop()` take turns.
    let listening = Locked<Listener?>(nil)

    /// - Parameters:
    ///   - root: the folder served.
    ///   - port: the port to listen on; 0 lets the system pick a free one.
    ///   - address: the IPv4 address to listen on; anything but 127.0.0.1 opens the server to the
    ///     network (`sandjar serve --listen`).
    public convenience init(root: URL, port: UInt16 = 0, address: String = "127.0.0.1") {
        self.init(root: root, port: port, address: address, limits: .standard)
    }

    init(root: URL, port: UInt16, address: String = "127.0.0.1", limits: Limits) {
        self.port = port
        self.address = address
        self.hostNames = address == "127.0.0.1" ? [] : LocalAddresses.names(servedOn: address)
        self.limits = limits
        self.shared = Locked(Shared(site: .folder(root)))
    }

    /// Called for every request before a file is served (serve's forms, `--listen`'s token);
    /// returning nil serves the file. It runs on the request's own thread.
    public var application: (@Sendable (WebRequest) -> WebResponse?)? {
        get { shared.withLock { $0.application } }
        set { shared.withLock { $0.application = newValue } }
    }

    /// Called with one line per request, e.g. "GET /goals/ 200", from the thread that served it
    /// (the accept thread for a 503); it must not call `stop()`, which waits for that thread.
    public var log: (@Sendable (String) -> Void)? {
        get { shared.withLock { $0.log } }
        set { shared.withLock { $0.log = newValue } }
    }

    /// The folder served now; nil while a site in memory is served (`serve(_:)`).
    public var root: URL? {
        guard case .folder(let root) = shared.withLock({ $0.site }) else { return nil }
        return root
    }

    /// Binds the address (127.0.0.1 unless told otherwise) and serves on background threads;
    /// calling it again while serving returns the same port.
    ///
    /// - Returns: the bound port (the one picked by the system when `port` was 0).
    /// - Throws: `Failure` when the port cannot be bound, e.g. "port 8080 is in use".
    public func start() throws(Failure) -> UInt16 {
        try listening.withLock { (listener: inout Listener?) throws(Failure) -> UInt16 in
            if let listener { return listener.port }
            let opened = try Listener(port: port, address: address)
            listener = opened
            let thread = Thread { [self] in
                opened.acceptLoop { client in self.admit(client) }
            }
            thread.name = "sandjar serve: accept"
            thread.start()
            return opened.port
        }
    }

    /// Serves another folder from the next request on; a request in flight keeps the root it started
    /// with, so it sees either the old site or the new one, never a mix.
    public func setRoot(_ root: URL) {
        shared.withLock { $0.site = .folder(root) }
    }

    /// Serves a site held in memory from the next request on, by the same rules as a folder; a
    /// request in flight keeps the site it started with, as with `setRoot`. A rebuild can be
    /// swapped in whole without a folder to write and rename.
    public func serve(_ site: MemorySite) {
        shared.withLock { $0.site = .memory(site) }
    }

    /// Stops accepting, closes the listening socket (the port is free when this returns) and drops
    /// the connections still open. Does nothing when not serving.
    public func stop() {
        listening.withLock { listener in
            listener?.close()
            listener = nil
        }
        let open = shared.withLock { $0.connections.values.map(\.connection) }
        for connection in open {
            connection.drop()
        }
    }

    /// The address and port the listening socket is bound to, while serving.
    var boundAddress: (host: String, port: UInt16)? {
        listening.withLock { $0?.address() }
    }

    deinit {
        stop()
    }
}
