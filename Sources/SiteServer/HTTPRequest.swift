/// A request head as the client sent it, checked against HTTP/1.1's grammar before anything in it
/// is looked up. Anything odd is refused rather than guessed at.
struct HTTPRequest: Equatable {
    /// Why a request gets no file: the status to answer with, and a reason for tests and logs.
    struct Refusal: Error, Equatable {
        var status: HTTPResponse.Status
        var reason: String
    }

    /// "GET", "HEAD", or any other well-formed method (which gets 405).
    var method: String
    /// The request target exactly as sent: visible ASCII only, e.g. "/goals/?x=1".
    var target: String
    /// "HTTP/1.1" or "HTTP/1.0".
    var version: String
    /// Header values by lowercased name, the first of each; a second Host or Content-Length is
    /// refused instead.
    var headers: [String: String]

    /// - Parameter head: the request line and header lines, without the blank line after them.
    init(head: [UInt8]) throws(Refusal) {
        var lines: [ArraySlice<UInt8>] = []
        for line in head.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = line.last == 0x0D ? line.dropLast() : line
            guard !line.contains(0x0D) else { throw Refusal(.badRequest, "a bare carriage return") }
            lines.append(line)
        }
        guard let requestLine = lines.first, requestLine.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw Refusal(.badRequest, "request line not printable ASCII")
        }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Refusal(.badRequest, "request line is not 'METHOD TARGET VERSION'")
        }
        guard parts[0].utf8.allSatisfy(Self.isTokenByte) else { throw Refusal(.badRequest, "method not a token") }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw Refusal(.badRequest, "not HTTP/1.x")
        }
        (method, target, version) = (parts[0], parts[1], parts[2])
        headers = [:]
        for line in lines.dropFirst() {
            let (name, value) = try Self.field(line)
            if headers[name] != nil {
                if name == "host" { throw Refusal(.badRequest, "two Host headers") }
                if name == "content-length" { throw Refusal(.badRequest, "two Content-Length headers") }
                continue
            }
            headers[name] = value
        }
        try checkFraming()
    }

    /// The body's length, from a Content-Length already checked to be one number.
    var contentLength: Int? {
        headers["content-length"].flatMap { Int($0) }
    }

    /// Where the body ends must be beyond doubt: a proxy in front of a server that reads a
    /// length differently would see a second, smuggled request in the body. So one
    /// Content-Length of digits only (not a list such as "5, 5"), and never beside a
    /// Transfer-Encoding.
    private func checkFraming() throws(Refusal) {
        guard let length = headers["content-length"] else { return }
        guard !length.isEmpty, length.count <= 12, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw Refusal(.badRequest, "malformed Content-Length")
        }
        if headers["transfer-encoding"] != nil {
            throw Refusal(.badRequest, "both Content-Length and Transfer-Encoding")
        }
    }

    /// One "Name: value" line; a name with spaces (or an obsolete folded line) is refused.
    private static func field(_ line: ArraySlice<UInt8>) throws(Refusal) -> (String, String) {
        guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
            line[..<colon].allSatisfy(isTokenByte)
        else { throw Refusal(.badRequest, "malformed header line") }
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            throw Refusal(.badRequest, "control character in a header value")
        }
        let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        return (name, String(decoding: trimmed, as: UTF8.self))
    }

    /// RFC 9110 token characters, for methods and header names.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Refuses a Host that is not this machine's loopback name, nor one of `others` (the address
    /// served with `--listen`, this machine's names), or that names another port than `port`, the
    /// one the request came in on (80 when it names none). A web page can rebind its own domain
    /// name to the served address (DNS rebinding) and then read the preview; such requests carry
    /// that domain as Host. And a page served from another port on this machine is another
    /// origin: its requests name that port. HTTP/1.1 requires a Host; HTTP/1.0 may go without.
    func checkHost(others: Set<String> = [], port: UInt16) throws(Refusal) {
        guard let host = headers["host"] else {
            if version == "HTTP/1.0" { return }
            throw Refusal(.badRequest, "no Host header")
        }
        let malformed = Refusal(.badRequest, "malformed Host")
        var name = host.lowercased()
        var portText: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { throw malformed }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw malformed }
            portText = rest.isEmpty ? nil : rest.dropFirst()
            name = String(name[...close])
        } else if let colon = name.firstIndex(of: ":") {
            portText = name[name.index(after: colon)...]
            name = String(name[..<colon])
        }
        guard portText?.allSatisfy(\.isASCIIDigit) ?? true else { throw malformed }
        let loopback = ["localhost", "127.0.0.1", "[::1]"].contains(name) || name.hasSuffix(".localhost")
        guard loopback || others.contains(name) else {
            throw Refusal(.forbidden, "Host is not localhost or \(others.isEmpty ? "127.0.0.1" : "an address served")")
        }
        // "host:" with no digits is the default port too (RFC 3986 §3.2.3).
        let named = portText.map { $0.isEmpty ? 80 : Int($0) } ?? 80
        guard let named, named == Int(port) else {
            throw Refusal(
                .forbidden, "Host names port \(portText.map(String.init) ?? "80"), not \(port), the port served")
        }
    }
}

extension HTTPRequest.Refusal {
    init(_ status: HTTPResponse.Status, _ reason: String) {
        self.init(status: status, reason: reason)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
