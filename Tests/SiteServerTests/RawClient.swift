import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A response as read off the socket, parsed just enough for assertions.
struct RawResponse {
    var status: Int
    /// Header values by lowercased name (the last, when a name comes twice).
    var headers: [String: String]
    /// Every header line as sent, names lowercased, in order.
    var fields: [(name: String, value: String)] = []
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// Every value sent for the lowercased `name`.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The headers DESIGN.md §6 puts on every response serve sends.
    static let everyResponse = [
        "cache-control": "no-store", "x-content-type-options": "nosniff",
        "content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY",
        "referrer-policy": "same-origin", "connection": "close",
    ]

    /// Fails unless each of `everyResponse` came exactly once, with its value or `overridden`'s.
    func assertCarriesEveryResponseHeader(
        _ message: String, overridden: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (name, value) in Self.everyResponse.merging(overridden, uniquingKeysWith: { $1 }) {
            XCTAssertEqual(values(name), [value], "\(name): \(message)", file: file, line: line)
        }
        XCTAssertEqual(values("content-length").count, 1, "content-length: \(message)", file: file, line: line)
    }
}

enum RawClientError: Error, Equatable {
    case connect(Int32)
    case send(Int32)
    /// Nothing more came for the whole (generous) timeout: the server hangs.
    case timedOut
    /// The server reset the connection; what had been read before.
    case reset([UInt8])
    case malformed(String)
}

/// A client that writes exact bytes to the server and reads until it closes. Raw, because
/// URLSession would tidy "/../" away before it left the process.
struct RawClient {
    let fd: Int32

    /// Connects to `host:port`; the timeout is only there so a broken server fails a test instead of hanging it.
    init(port: UInt16, host: String = "127.0.0.1", timeout: Int = 60) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw RawClientError.connect(code)
        }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawClientError.send(errno) }
            offset += sent
        }
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                all += chunk[..<count]
            } else if count == 0 {
                return all
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw RawClientError.timedOut
            } else {
                throw RawClientError.reset(all)
            }
        }
    }

    func close() {
        Glibc.close(fd)
    }

    /// Closes with a reset instead of a FIN (SO_LINGER 0), like a browser tab killed mid-download.
    func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
    }

    /// Sends `request` byte for byte, reads to the end and parses the response.
    static func exchange(_ request: String, port: UInt16) throws -> RawResponse {
        let client = try RawClient(port: port)
        defer { client.close() }
        try client.write(request)
        return try parse(client.readToEnd())
    }

    /// `METHOD target HTTP/1.1` with a loopback Host, the target sent exactly as given.
    static func request(_ target: String, method: String = "GET", port: UInt16) throws -> RawResponse {
        try exchange("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: test\r\n\r\n", port: port)
    }

    static func parse(_ bytes: [UInt8]) throws -> RawResponse {
        let separator = Array("\r\n\r\n".utf8)
        var end = 0
        while end + 4 <= bytes.count && Array(bytes[end..<end + 4]) != separator {
            end += 1
        }
        guard end + 4 <= bytes.count else { throw RawClientError.malformed(String(decoding: bytes, as: UTF8.self)) }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw RawClientError.malformed(lines[0])
        }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError.malformed(line) }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append((line[..<colon].lowercased(), value))
        }
        let headers = Dictionary(fields, uniquingKeysWith: { $1 })
        return RawResponse(status: status, headers: headers, fields: fields, body: Array(bytes[(end + 4)...]))
    }
}
