import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A browser's requests to a running `sandjar serve`, over a plain socket: one request, read to
/// the close (serve answers `Connection: close`), with a timeout so a server that hangs fails a
/// test instead of hanging it.
package struct ServeHTTP {
    package struct Answer {
        package var status: Int
        package var headers: [String: String]
        package var body: String
        /// From connecting to the close.
        package var seconds: Double
    }

    package let port: UInt16
    package var timeout = 30
    /// The address serve listens on (`--listen`); a loopback one.
    package var host = "127.0.0.1"

    package init(port: UInt16, timeout: Int = 30, host: String = "127.0.0.1") {
        self.port = port
        self.timeout = timeout
        self.host = host
    }

    /// `GET path`; nil when nothing came back in time.
    package func get(_ path: String) -> Answer? { send("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n") }

    /// A form as the browser on this origin posts it.
    package func post(_ form: String, _ fields: [String: String]) -> Answer? {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = fields.sorted { $0.key < $1.key }.map {
            "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        return send(
            "POST /_sandjar/\(form) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
    }

    private func send(_ request: String) -> Answer? {
        let started = DispatchTime.now().uptimeNanoseconds
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else { return nil }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }  // timed out: the server hangs
            if count == 0 { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Answer(status: status, headers: headers, body: String(text[split.upperBound...]), seconds: seconds)
    }

    /// The value of the hidden field `name` in `page` (the first one).
    package static func hidden(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// A running `sandjar serve`, started on a free port, its address read off its output.
package struct RunningServe {
    package let process: SandjarProcess
    package let http: ServeHTTP

    /// - Parameter wrapper: runs in front of `sandjar` and execs it (`faketime -f …`).
    package init(
        _ arguments: [String], logs: URL, wrapper: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        process = try SandjarProcess(["serve"] + arguments + ["--port", "0"], logs: logs, wrapper: wrapper)
        var port: UInt16?
        while port == nil, process.isRunning, process.elapsed < 300 {
            let said = process.outputSoFar
            if let range = said.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) {
                port = UInt16(said[range].dropFirst("http://127.0.0.1:".count).dropLast())
            } else {
                usleep(20_000)
            }
        }
        http = ServeHTTP(
            port: try XCTUnwrap(port, "serve printed no address: \(process.outputSoFar)", file: file, line: line))
    }
}
