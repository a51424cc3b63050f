import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The listening socket and the loop that accepts on it.
///
/// Bound to the loopback address unless `sandjar serve --listen` names another (a phone on the
/// home network), where every request then needs the run's token.
final class Listener: Sendable {
    let fd: Int32
    let port: UInt16
    private let stopping = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Opens, binds and listens on the IPv4 `address`; `port` 0 picks a free port.
    init(port requested: UInt16, address host: String = "127.0.0.1") throws(SiteServer.Failure) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .binding(port: requested, errno: errno) }
        // Lets a restarted preview bind the port again while old connections sit in TIME_WAIT;
        // on Linux it never lets two listeners share a port, so "in use" is still detected.
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            Glibc.close(fd)
            throw SiteServer.Failure(message: "'\(host)' is not an IPv4 address to listen on, such as 0.0.0.0")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .binding(port: requested, address: host, errno: code)
        }
        self.fd = fd
        self.port = Self.address(of: fd)?.port ?? requested
    }

    /// Accepts until `close()`, handing each new socket to `admit`. Runs on its own thread.
    func acceptLoop(_ admit: (Int32) -> Void) {
        defer { finished.signal() }
        while !stopping.withLock({ $0 }) {
            // poll with a timeout, so the flag is seen even if shutdown() did not wake accept().
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 200) > 0 else { continue }
            let client = accept(fd, nil, nil)
            if client >= 0 {
                // accept4 is not in Swift's Glibc; a child process started later must not keep the socket.
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                admit(client)
            } else if errno != EINTR && errno != ECONNABORTED && errno != EAGAIN {
                usleep(20_000)  // out of descriptors or memory: wait instead of spinning
            }
        }
    }

    /// Stops the accept loop, waits for it to leave, then closes the socket, freeing the port.
    func close() {
        stopping.withLock { $0 = true }
        shutdown(fd, Int32(SHUT_RDWR))
        finished.wait()
        Glibc.close(fd)
    }

    /// Where the socket is bound, as getsockname reports it.
    func address() -> (host: String, port: UInt16)? {
        Self.address(of: fd)
    }

    private static func address(of fd: Int32) -> (host: String, port: UInt16)? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard found == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (host, UInt16(bigEndian: address.sin_port))
    }
}
