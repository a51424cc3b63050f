import Foundation
import XCTest

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// The hook serve's forms use (DESIGN.md §6): the application sees a request only once its Host
/// is the address served and its body, at most 64 KB and sent with a Content-Length, is read.
final class ApplicationTests: XCTestCase {
    private var site: SiteFixture!
    private let seen = Seen()

    override func setUpWithError() throws {
        site = try SiteFixture(self)
        let seen = self.seen
        site.server.application = { request in
            seen.add(request)
            if request.path == "/_app/own-headers" {
                return .text(
                    200, "mine",
                    headers: [
                        .init("X-Frame-Options", "SAMEORIGIN"), .init("referrer-policy", "no-referrer"),
                        .init("Connection", "keep-alive"), .init("Content-Length", "1"), .init("Content-Type", "x/y"),
                    ])
            }
            guard request.path.hasPrefix("/_app/") else { return nil }
            return .seeOther("/goals/", headers: [.init("Set-Cookie", "a=b")])
        }
        try site.start()
    }

    func testTheApplicationGetsTheBodyWholeAndItsAnswerIsSent() throws {
        let body = "amount=12.50&note=" + String(repeating: "x", count: 20_000)
        let response = try site.send(
            "POST /_app/deposit?x=1 HTTP/1.1\r\nHost: \(site.host)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        XCTAssertEqual(response.status, 303)
        XCTAssertEqual(response.headers["location"], "/goals/")
        XCTAssertEqual(response.headers["set-cookie"], "a=b")
        let request = try XCTUnwrap(seen.requests.last)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/_app/deposit")
        XCTAssertEqual(request.query, "x=1")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), body)
        // Nil from the application: the file is served as before.
        XCTAssertEqual(try site.get("/style.css").text, "body { color: teal }")
    }

    /// The headers every response carries, on the application's answers too, each once: a
    /// policy the application names itself replaces the server's, the framing stays the server's.
    func testTheApplicationsAnswersCarryEveryResponseHeaderOnce() throws {
        let answer = try site.send("GET /_app/x HTTP/1.1\r\nHost: \(site.host)\r\n\r\n")
        XCTAssertEqual(answer.status, 303)
        answer.assertCarriesEveryResponseHeader("303")
        XCTAssertEqual(answer.values("set-cookie"), ["a=b"])
        let own = try site.send("GET /_app/own-headers HTTP/1.1\r\nHost: \(site.host)\r\n\r\n")
        XCTAssertEqual(own.status, 200)
        own.assertCarriesEveryResponseHeader(
            "own", overridden: ["x-frame-options": "SAMEORIGIN", "referrer-policy": "no-referrer"])
        XCTAssertEqual(own.values("content-length"), ["5"])
        XCTAssertEqual(own.values("content-type"), ["text/plain; charset=utf-8"])
        XCTAssertEqual(own.text, "mine\n")
    }

    func testBodiesPast64KBWithoutALengthOrChunkedAreRefusedUnread() throws {
        let big = String(repeating: "a", count: 64 * 1024 + 1)
        let tooLarge = try site.send(
            "POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: \(big.utf8.count)\r\n\r\n\(big)")
        XCTAssertEqual(tooLarge.status, 413)
        let exactly = String(repeating: "a", count: 64 * 1024)
        XCTAssertEqual(
            try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: 65536\r\n\r\n\(exactly)")
                .status,
            303)
        XCTAssertEqual(try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\n\r\n").status, 411)
        let chunked = try site.send(
            "POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        XCTAssertEqual(chunked.status, 411)
        XCTAssertEqual(
            try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: 1e3\r\n\r\n").status, 400)
        XCTAssertEqual(
            try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: 99999999999999999999\r\n\r\n")
                .status, 400)
        XCTAssertEqual(seen.requests.filter { $0.path == "/_app/x" }.count, 1, "only the 64 KB one reached it")
    }

    /// Two readings of where the body ends would let a proxy in front see another request in
    /// it; such a request is a 400 and never reaches the application. Chunked alone stays 411.
    func testAmbiguousBodyLengthsAreBadRequestsBeforeTheApplication() throws {
        for framing in [
            "Content-Length: 5\r\nContent-Length: 5", "Content-Length: 5, 5",
            "Content-Length: 5\r\nTransfer-Encoding: chunked", "Transfer-Encoding: chunked\r\nContent-Length: 5",
        ] {
            let response = try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\n\(framing)\r\n\r\nhello")
            XCTAssertEqual(response.status, 400, framing)
            let get = try site.send("GET /style.css HTTP/1.1\r\nHost: \(site.host)\r\n\(framing)\r\n\r\nhello")
            XCTAssertEqual(get.status, 400, framing)
        }
        XCTAssertTrue(seen.requests.isEmpty)
        let chunked = try site.send(
            "POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        XCTAssertEqual(chunked.status, 411)
        XCTAssertEqual(
            try site.send("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: 5\r\n\r\nhello").status, 303)
    }

    /// DNS rebinding: a page whose domain now points here sends its own name as Host; the
    /// application never sees such a request, nor one whose Host names another port.
    func testAForeignHostIsRefusedBeforeTheApplication() throws {
        for host in ["evil.example", "evil.example:\(site.port)", "127.0.0.1.evil.example", "127.0.0.1", "localhost:1"]
        {
            let response = try site.send("POST /_app/x HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 1\r\n\r\na")
            XCTAssertEqual(response.status, 403, host)
        }
        XCTAssertTrue(seen.requests.isEmpty)
    }

    /// A body cut short, or sent too slowly, is a bad request, never a half-read form.
    func testABodyThatEndsEarlyIsABadRequest() throws {
        let client = try RawClient(port: site.port)
        try client.write("POST /_app/x HTTP/1.1\r\nHost: \(site.host)\r\nContent-Length: 10\r\n\r\nabc")
        shutdown(client.fd, Int32(SHUT_WR))
        let response = try RawClient.parse(try client.readToEnd())
        client.close()
        XCTAssertEqual(response.status, 400)
        XCTAssertTrue(seen.requests.isEmpty)
    }
}

/// The requests the application was given.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [WebRequest] = []
    func add(_ request: WebRequest) { lock.withLock { list.append(request) } }
    var requests: [WebRequest] { lock.withLock { list } }
}
