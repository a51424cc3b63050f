#if canImport(Glibc)
    import Glibc
#endif

/// One accepted client socket: reads a request head, writes a response, and closes without
/// losing what it wrote.
///
/// The socket is closed when the last reference goes, never before: a thread that drops another's
/// connection (`stop()`, or a newcomer at the cap) holds it while it calls `shutdown`, so the
/// descriptor cannot have been closed and handed to another file in between.
final class Connection: Sendable {
    let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        _ = Glibc.close(fd)
    }

    /// What came in before the request head was complete, or the head itself.
    enum Received: Equatable {
        /// The request line and headers, without the blank line that ends them, and the bytes
        /// that came after that blank line in the same reads (the start of a body).
        case head([UInt8], rest: [UInt8])
        /// The client closed, reset, or stayed silent before sending a byte: nothing to answer.
        case nothing
        /// The client closed its side in the middle of a head.
        case incomplete
        /// Part of a head came, then the client went quiet for too long.
        case timedOut
        /// The head is longer than the limit.
        case tooLarge
    }

    /// Sends each write at once: with Nagle's algorithm the body would wait for the client's
    /// delayed acknowledgement of the head, some 40 ms per response.
    func sendImmediately() {
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Bounds every receive and send, so a client that stops reading or writing cannot hold a thread.
    func setTimeouts(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }

    /// The port this connection came in on, which a request's Host must name; nil if the socket
    /// cannot say.
    func localPort() -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard found == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Reads until the blank line that ends a request head, at most `limit` bytes of head, and for
    /// no longer than `timeout` in all (a byte now and then does not keep it alive).
    func receiveHead(limit: Int, timeout: Duration) -> Received {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                let searchFrom = max(0, buffer.count - 3)
                buffer.append(contentsOf: chunk[..<count])
                if let end = Self.headEnd(in: buffer, from: searchFrom) {
                    let bodyStart = end + (buffer[end + 1] == 0x0A ? 2 : 3)
                    return end > limit ? .tooLarge : .head(Array(buffer[..<end]), rest: Array(buffer[bodyStart...]))
                }
                if buffer.count >= limit + 4 { return .tooLarge }
                if clock.now > deadline { return .timedOut }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return buffer.isEmpty ? .nothing : .timedOut
            } else {
                return buffer.isEmpty || count < 0 ? .nothing : .incomplete
            }
        }
    }

    /// Reads the rest of a body of `length` bytes, `start` being what came with the head; nil when
    /// the client closes or stays silent before it is all there (within `timeout` in all).
    func receiveBody(length: Int, start: [UInt8], timeout: Duration) -> [UInt8]? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var body = Array(start.prefix(length))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while body.count < length {
            guard clock.now <= deadline else { return nil }
            let wanted = min(chunk.count, length - body.count)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[..<count])
        }
        return body
    }

    /// Where the head ends: the index of the line feed that starts the blank line ("\n\n" or
    /// "\n\r\n"), so the head keeps its last line but not the blank one.
    static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A {
                if bytes[index + 1] == 0x0A { return index }
                if bytes[index + 1] == 0x0D && index + 2 < bytes.count && bytes[index + 2] == 0x0A { return index }
            }
            index += 1
        }
        return nil
    }

    /// Sends every byte; false when the client has gone. MSG_NOSIGNAL: a closed client must not
    /// raise SIGPIPE, which would end the whole process.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send($0) }
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends the status line and headers, then the body unless `withBody` is false (HEAD).
    @discardableResult
    func send(_ response: HTTPResponse, withBody: Bool) -> Bool {
        switch (response.body, withBody) {
        case (.bytes(let bytes), true): return send(response.head + bytes)
        case (.file(let file), true): return send(response.head) && send(file)
        case (_, false): return send(response.head)
        }
    }

    /// Streams `file.size` bytes of a file, in chunks, so a large file never sits in memory whole.
    func send(_ file: SiteFolder.File) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var left = file.size
        while left > 0 {
            let count = chunk.withUnsafeMutableBytes { read(file.fd, $0.baseAddress, min($0.count, left)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0, chunk.withUnsafeBytes({ send(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
                return false
            }
            left -= count
        }
        return true
    }

    /// Ends the response and reads and discards what the client still sends until it closes:
    /// closing with unread bytes would reset the connection, and the client could lose the response
    /// before reading it. `waiting` false only takes what has already arrived.
    func finish(waiting: Bool) {
        shutdown(fd, Int32(SHUT_WR))
        setTimeouts(.seconds(2))
        var chunk = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 256 * 1024 {
            let flags = waiting ? Int32(0) : Int32(MSG_DONTWAIT)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, flags) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            drained += count
        }
    }

    /// Wakes any thread blocked on this socket and ends the connection; the thread closes it.
    func drop() {
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
