import Foundation
import XCTest

@testable import SiteServer

/// Requests the server must not serve a file for, sent byte for byte over real sockets.
final class RefusalTests: XCTestCase {
    private var site: SiteFixture!

    override func setUpWithError() throws {
        site = try SiteFixture(self)
        try site.start()
    }

    /// A 404 must carry the site's 404 page, never the file asked for.
    private func assertNotFound(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try site.get(target)
        XCTAssertEqual(response.status, 404, target, file: file, line: line)
        XCTAssertEqual(response.text, "<h1>lost</h1>", target, file: file, line: line)
    }

    func testDotDotSegmentsAreNotFoundHoweverSpelled() throws {
        let outside = site.outside.lastPathComponent
        for target in [
            "/../etc/passwd", "/..", "/../", "/goals/../index.html", "/goals/..", "/./index.html", "/goals/./",
            "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd", "/goals/%2E%2E/%2E%2E/x", "/.%2e/", "/%2e./",
            "/%2e", "/goals/../style.css", "/goals/%2e%2e/style.css", "/goals/bike/%2E%2E/index.html",
            "/../\(outside)/secret.txt", "/%2e%2e/\(outside)/secret.txt", "/goals/..?x=1",
        ] {
            try assertNotFound(target)
        }
    }

    func testEncodedSeparatorsAndControlCharactersAreNotFound() throws {
        for target in [
            "/goals%2findex.html", "/goals%2Findex.html", "/..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc",
            "/goals%5cindex.html", "/..%5C..%5Cetc", "/goals\\index.html", "/index.html%00", "/%00",
            "/index.html%00.txt", "/a%0d%0aSet-Cookie:%20x", "/%7f",
        ] {
            try assertNotFound(target)
        }
    }

    func testEmptySegmentsAreNotFoundSoNoRedirectLeavesTheSite() throws {
        try FileManager.default.createDirectory(
            at: site.root.appendingPathComponent("evil.example"), withIntermediateDirectories: true)
        XCTAssertEqual(try site.get("/evil.example").headers["location"], "/evil.example/")
        for target in ["//evil.example", "//", "/goals//bike/", "///index.html"] {
            try assertNotFound(target)
        }
    }

    func testInvalidPercentEscapesAreBadRequests() throws {
        for target in ["/%", "/%2", "/%zz", "/%g0/", "/goals/%2", "/%C3%28.txt", "/%ff"] {
            XCTAssertEqual(try site.get(target).status, 400, target)
        }
    }

    func testSymlinksOutOfTheSiteAreNotFound() throws {
        try assertNotFound("/escape.txt")
        try assertNotFound("/goals/up.txt")
        try assertNotFound("/escape/")
        try assertNotFound("/escape/secret.txt")
        try assertNotFound("/escape")  // a folder outside: no redirect that would reveal it
    }

    func testOnlyRegularFilesAreServed() throws {
        try assertNotFound("/pipe")  // a FIFO: opening it must neither hang nor serve
        XCTAssertEqual(try site.get("/style.css/").status, 404)
        XCTAssertEqual(try site.get("/goals/index.html/").status, 404)
    }

    func testAbsoluteFormAndAsteriskTargetsAreBadRequests() throws {
        XCTAssertEqual(try site.get("http://127.0.0.1/index.html").status, 400)
        XCTAssertEqual(try site.get("*").status, 400)
        XCTAssertEqual(try site.get("index.html").status, 400)
    }

    func testOtherMethodsAreNotAllowed() throws {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "get", "BREW"] {
            let response = try site.get("/index.html", method: method)
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.headers["allow"], "GET, HEAD", method)
        }
    }

    func testMalformedRequestLinesAndHeadersAreBadRequests() throws {
        let host = "Host: \(site.host)\r\n"
        for request in [
            "GET /\r\n\r\n", "GET / HTTP/1.1 extra\r\n\(host)\r\n", "GET  / HTTP/1.1\r\n\(host)\r\n",
            " GET / HTTP/1.1\r\n\(host)\r\n", "GET / HTTP/2.0\r\n\(host)\r\n", "GET / http/1.1\r\n\(host)\r\n",
            "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n", "GET / HTTP/1.1\r\n\(host)Bad Name: x\r\n\r\n",
            "GET / HTTP/1.1\r\n\(host): empty\r\n\r\n", "GET / HTTP/1.1\r\n\(host) folded\r\n\r\n",
            "GET / HTTP/1.1\r\n\(host)X: a\rb\r\n\r\n", "GET / HTTP/1.1\r\n\(host)X: a\u{1}b\r\n\r\n",
            "GET /\u{1} HTTP/1.1\r\n\(host)\r\n", "G(T / HTTP/1.1\r\n\(host)\r\n", "\r\n\r\n",
            "GET /caf\u{e9} HTTP/1.1\r\n\(host)\r\n", "GET / HTTP/1.1\r\n\(host)\(host)\r\n",
        ] {
            XCTAssertEqual(try site.send(request).status, 400, request.debugDescription)
        }
    }

    func testHeaderLongerThan16KiBIsRefused() throws {
        let long = String(repeating: "a", count: 17 * 1024)
        let response = try site.send("GET / HTTP/1.1\r\nHost: \(site.host)\r\nX-Long: \(long)\r\n\r\n")
        XCTAssertEqual(response.status, 431)
        let endless = try site.send("GET / HTTP/1.1\r\nHost: \(site.host)\r\nX-Long: \(long)")
        XCTAssertEqual(endless.status, 431)
        let fits = String(repeating: "a", count: 15 * 1024)
        XCTAssertEqual(try site.send("GET / HTTP/1.1\r\nHost: \(site.host)\r\nX-Long: \(fits)\r\n\r\n").status, 200)
    }

    /// DNS rebinding: a page whose domain now points at 127.0.0.1 sends its own domain as Host.
    func testForeignHostIsRefusedAndLoopbackNamesAreServed() throws {
        for host in ["evil.example", "evil.example:\(site.port)", "127.0.0.1.evil.example", "localhost.evil", ""] {
            XCTAssertEqual(try site.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").status, 403, host)
        }
        let port = site.port
        for host in [
            "127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)", "sandjar.localhost:\(port)",
        ] {
            XCTAssertEqual(try site.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").status, 200, host)
        }
        let withoutHost = try site.send("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n")
        XCTAssertEqual(withoutHost.status, 400)
        XCTAssertEqual(withoutHost.text, "400 Bad Request: no Host header\n")
        XCTAssertEqual(try site.send("GET / HTTP/1.0\r\n\r\n").status, 200)
    }

    /// `Host` must match the address and the port (DESIGN.md §6): a page on another port of this
    /// machine is another origin. No port means 80, which the server is not on.
    func testAHostNamingAnotherPortIsRefused() throws {
        let port = site.port
        for host in [
            "127.0.0.1", "localhost", "[::1]", "127.0.0.1:1", "localhost:\(port &+ 1)", "[::1]:80", "a.localhost:8080",
        ] {
            let response = try site.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(response.status, 403, host)
            XCTAssertTrue(response.text.hasSuffix(", not \(port), the port served\n"), response.text)
        }
        XCTAssertEqual(
            try site.send("GET / HTTP/1.1\r\nHost: localhost:1\r\n\r\n").text,
            "403 Forbidden: Host names port 1, not \(port), the port served\n")
    }

    func testBareLineFeedsAreAccepted() throws {
        XCTAssertEqual(
            try site.send("GET /style.css HTTP/1.1\nHost: localhost:\(site.port)\n\n").text, "body { color: teal }")
    }

    func testRequestCutOffBeforeItsEndIsABadRequest() throws {
        let client = try RawClient(port: site.port)
        defer { client.close() }
        try client.write("GET / HTTP/1.1\r\nHost: \(site.host)\r\n")
        shutdown(client.fd, Int32(SHUT_WR))
        XCTAssertEqual(try RawClient.parse(client.readToEnd()).status, 400)
    }
}
