import XCTest

@testable import SiteServer

/// The request head and target parsers and the content-type table, without sockets.
final class ParsingTests: XCTestCase {
    private func request(_ text: String) throws -> HTTPRequest {
        try HTTPRequest(head: Array(text.utf8))
    }

    private func refusal(_ body: () throws -> Void) -> HTTPResponse.Status? {
        do {
            try body()
            return nil
        } catch {
            return (error as? HTTPRequest.Refusal)?.status
        }
    }

    func testRequestHeadParts() throws {
        let parsed = try request(
            "GET /goals/?x=1 HTTP/1.1\r\nHost: localhost:8080\r\nAccept:  text/html \t\r\nX-Empty:\r")
        XCTAssertEqual(parsed.method, "GET")
        XCTAssertEqual(parsed.target, "/goals/?x=1")
        XCTAssertEqual(parsed.version, "HTTP/1.1")
        XCTAssertEqual(parsed.headers, ["host": "localhost:8080", "accept": "text/html", "x-empty": ""])
        XCTAssertNoThrow(try parsed.checkHost(port: 8080))
    }

    /// One reading of where a body ends (DESIGN.md §6): a second Content-Length, even an equal
    /// one, a list, or a Content-Length beside a Transfer-Encoding is a bad request.
    func testContentLengthMustBeOneNumberAndAlone() throws {
        let start = "POST /_sandjar/deposit HTTP/1.1\r\nHost: localhost\r\n"
        for framing in [
            "Content-Length: 5\r\nContent-Length: 5", "Content-Length: 5\r\ncontent-length: 6", "Content-Length: 5, 5",
            "Content-Length: 5,5", "Content-Length: +5", "Content-Length: -1", "Content-Length: 0x5", "Content-Length:",
            "Content-Length: 5\r\nTransfer-Encoding: chunked", "Transfer-Encoding: chunked\r\nContent-Length: 5",
            "Transfer-Encoding: identity\r\nContent-Length: 0", "Content-Length: 1000000000000",
        ] {
            XCTAssertEqual(refusal { _ = try request(start + framing) }, .badRequest, framing)
        }
        XCTAssertEqual(try request(start + "Content-Length: 005").contentLength, 5)
        XCTAssertEqual(try request(start + "Content-Length:  17 ").contentLength, 17)
        XCTAssertNil(try request(start + "Transfer-Encoding: chunked").contentLength)
        XCTAssertEqual(try request(start + "X-A: 1\r\nX-A: 2").headers["x-a"], "1")
        XCTAssertEqual(refusal { _ = try request(start + "Host: localhost") }, .badRequest)
    }

    func testHeadEndIsTheBlankLine() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nbody".utf8)
        XCTAssertEqual(Connection.headEnd(in: bytes, from: 0), 24)
        XCTAssertEqual(Connection.headEnd(in: Array("GET / HTTP/1.0\n\n".utf8), from: 0), 14)
        XCTAssertNil(Connection.headEnd(in: Array("GET / HTTP/1.1\r\nHost: a\r\n\r".utf8), from: 0))
    }

    func testTargetIsSplitIntoDecodedNames() throws {
        let target = try RequestTarget("/goals/bike%20fund/?tab=1#top")
        XCTAssertEqual(target.names, ["goals", "bike fund"])
        XCTAssertTrue(target.endsWithSlash)
        XCTAssertEqual(target.path, "/goals/bike%20fund/")
        XCTAssertEqual(target.query, "?tab=1")
        XCTAssertEqual(try RequestTarget("/").names, [])
        XCTAssertTrue(try RequestTarget("/").endsWithSlash)
        XCTAssertFalse(try RequestTarget("/style.css").endsWithSlash)
        XCTAssertEqual(try RequestTarget("/a?b/../c").names, ["a"])
    }

    func testTargetRefusals() {
        let expected: [String: HTTPResponse.Status] = [
            "/..": .notFound, "/%2e%2E": .notFound, "/a/%2f": .notFound, "/%5C": .notFound, "/%00": .notFound,
            "//x": .notFound, "/a//": .notFound, "/%": .badRequest, "/%G1": .badRequest, "/%c3": .badRequest,
            "http://h/": .badRequest, "": .badRequest, "?x": .badRequest,
        ]
        for (target, status) in expected {
            XCTAssertEqual(refusal { _ = try RequestTarget(target) }, status, target)
        }
    }

    private func hostRefusal(_ host: String, others: Set<String> = [], port: UInt16) -> HTTPResponse.Status? {
        refusal { try request("GET / HTTP/1.1\r\nHost: \(host)").checkHost(others: others, port: port) }
    }

    func testHostCheck() {
        let allowed = ["127.0.0.1:8080", "localhost:8080", "Localhost:8080", "[::1]:8080", "a.localhost:8080"]
        for host in allowed {
            XCTAssertNil(hostRefusal(host, port: 8080), host)
        }
        for host in ["localhost:x", "[::1", "[::1]x", "localhost:80:80", "[::1]:x", "localhost:-80"] {
            XCTAssertEqual(hostRefusal(host, port: 8080), .badRequest, host)
        }
        for host in ["example.com:8080", "127.0.0.2:8080", "0.0.0.0:8080", "192.168.1.5:8080", "example.com"] {
            XCTAssertEqual(hostRefusal(host, port: 8080), .forbidden, host)
        }
        // Serving on another address (`--listen`), that address and this machine's names are allowed too.
        let others: Set<String> = ["192.168.1.5", "myhost", "myhost.local"]
        for host in ["192.168.1.5:8080", "MyHost:8080", "myhost.local:8080", "localhost:8080"] {
            XCTAssertNil(hostRefusal(host, others: others, port: 8080), host)
        }
        for host in ["192.168.1.6:8080", "evil.example:8080", "myhost.evil:8080"] {
            XCTAssertEqual(hostRefusal(host, others: others, port: 8080), .forbidden, host)
        }
    }

    /// Another port on this machine is another origin (another program, another page): its Host
    /// names that port. A Host without a port means 80.
    func testHostMustNameThePortServed() throws {
        for host in [
            "127.0.0.1:1", "localhost:80", "localhost", "[::1]", "[::1]:8081", "a.localhost:18080",
            "localhost:99999999999999999999", "myhost:80",
        ] {
            XCTAssertEqual(hostRefusal(host, others: ["myhost"], port: 8080), .forbidden, host)
        }
        for host in [
            "localhost", "127.0.0.1", "[::1]", "[::1]:", "localhost:", "localhost:80", "LOCALHOST:080", "myhost",
        ] {
            XCTAssertNil(hostRefusal(host, others: ["myhost"], port: 80), host)
        }
        XCTAssertThrowsError(try request("GET / HTTP/1.1\r\nHost: localhost:1").checkHost(port: 8080)) {
            XCTAssertEqual(
                $0 as? HTTPRequest.Refusal,
                HTTPRequest.Refusal(.forbidden, "Host names port 1, not 8080, the port served"))
        }
    }

    func testContentTypeByExtension() {
        XCTAssertEqual(ContentType.of(fileNamed: "INDEX.HTML"), "text/html; charset=utf-8")
        XCTAssertEqual(ContentType.of(fileNamed: "feed.xml"), "application/xml")
        XCTAssertEqual(ContentType.of(fileNamed: "archive.tar.gz"), "application/octet-stream")
        XCTAssertEqual(ContentType.of(fileNamed: ".css"), "application/octet-stream")
        XCTAssertEqual(ContentType.of(fileNamed: "README"), "application/octet-stream")
        XCTAssertEqual(ContentType.of(fileNamed: "trailing."), "application/octet-stream")
    }

    /// Random heads and targets: each is parsed or refused with its status — a head or a target
    /// with 400, a target that could name something outside the site with 404, a Host with 400 or
    /// 403 — never a trap. What is accepted keeps its promise: every name of a target can only name
    /// a file or folder inside the site (none empty, `.` or `..`, none holding a slash, a backslash
    /// or a control character), and the end of a head is a blank line. Both outcomes occur for
    /// heads and for targets, so the inputs are not all of one kind.
    func testRandomInputNeverTraps() {
        var random = SeededBytes(seed: 2024)
        let alphabet = Array("GET HEAD / %2e%2f%zz.. ?#:\r\n\tHTTP/1.1 Host localhost\u{0}\u{7f}é".utf8)
        var heads = (parsed: 0, refused: 0)
        var targets = (accepted: 0, refused: 0)
        var problems: [String] = []
        for round in 0..<20_000 {
            let count = Int(random.next() % 80)
            var mixed = (0..<count).map { _ in
                let pick = random.next()
                return pick % 4 == 0 ? UInt8(truncatingIfNeeded: pick >> 8) : alphabet[Int(pick >> 8) % alphabet.count]
            }
            // One input in four is a request line and a Host around the random bytes (as one word),
            // so heads get past their first line too.
            if round % 4 == 0 {
                let word = mixed.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D }
                mixed = Array("GET /".utf8) + word + Array(" HTTP/1.1\r\nHost: localhost".utf8)
            }
            let shown = String(decoding: mixed, as: UTF8.self).debugDescription
            do {
                let parsed = try HTTPRequest(head: mixed)
                heads.parsed += 1
                if let status = refusal({ try parsed.checkHost(port: 80) }),
                    ![.badRequest, .forbidden].contains(status)
                {
                    problems.append("\(shown): Host refused with \(status)")
                }
                problems += targetProblems(parsed.target, &targets)
            } catch {
                heads.refused += 1
                if error.status != .badRequest { problems.append("\(shown): head refused with \(error.status)") }
            }
            problems += targetProblems(String(decoding: mixed, as: UTF8.self), &targets)
            let start = Int(random.next() % 4)
            if let end = Connection.headEnd(in: mixed, from: start) {
                let blankLine =
                    end >= start && end + 1 < mixed.count && mixed[end] == 0x0A
                    && (mixed[end + 1] == 0x0A || (end + 2 < mixed.count && mixed[end + 1...end + 2] == [0x0D, 0x0A]))
                if !blankLine { problems.append("\(shown): the head ends at \(end), not at a blank line") }
            }
        }
        print(
            "random input: \(heads.parsed) heads parsed, \(heads.refused) refused; \(targets.accepted) targets accepted, \(targets.refused) refused"
        )
        XCTAssertEqual(problems.count, 0, problems.prefix(10).joined(separator: "\n"))
        XCTAssertGreaterThan(heads.parsed, 0)
        XCTAssertGreaterThan(heads.refused, 0)
        XCTAssertGreaterThan(targets.accepted, 0)
        XCTAssertGreaterThan(targets.refused, 0)
    }

    /// What is wrong with how `RequestTarget` took `target`: a refusal other than 400 or 404, or a
    /// name that could lead outside the site.
    private func targetProblems(_ target: String, _ counts: inout (accepted: Int, refused: Int)) -> [String] {
        let shown = target.debugDescription
        do {
            let parsed = try RequestTarget(target)
            counts.accepted += 1
            guard parsed.path.hasPrefix("/") else { return ["\(shown): accepted a path without a leading slash"] }
            return parsed.names.compactMap { name in
                let control = name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                let escapes =
                    name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\\") || control
                return escapes ? "\(shown): accepted the name \(name.debugDescription)" : nil
            }
        } catch {
            counts.refused += 1
            return [.badRequest, .notFound].contains(error.status) ? [] : ["\(shown): refused with \(error.status)"]
        }
    }
}
