import Foundation
import XCTest

@testable import SiteServer

/// What a browser gets for the files of a built site, over real sockets.
final class ServingTests: XCTestCase {
    private var site: SiteFixture!

    override func setUpWithError() throws {
        site = try SiteFixture(self)
        try site.start()
    }

    func testEveryContentType() throws {
        let expected = [
            "/index.html": "text/html; charset=utf-8",
            "/style.css": "text/css; charset=utf-8",
            "/jar.svg": "image/svg+xml",
            "/feed.xml": "application/xml",
            "/data.json": "application/json",
            "/subscriptions/calendar.ics": "text/calendar; charset=utf-8",
            "/robots.txt": "text/plain; charset=utf-8",
            "/app.js": "text/javascript; charset=utf-8",
            "/icon.png": "image/png",
            "/photo.jpg": "image/jpeg",
            "/photo.jpeg": "image/jpeg",
            "/anim.gif": "image/gif",
            "/pic.webp": "image/webp",
            "/favicon.ico": "image/x-icon",
            "/font.woff2": "font/woff2",
            "/archive.bin": "application/octet-stream",
            "/LICENSE": "application/octet-stream",
        ]
        for (target, type) in expected {
            let response = try site.get(target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.headers["content-type"], type, target)
            XCTAssertEqual(response.text, SiteFixture.files[String(target.dropFirst())], target)
        }
    }

    /// Files, redirects, misses and refusals alike (DESIGN.md §6); 503s, 408s and an
    /// application's answers are checked where they are made.
    func testEveryResponseCarriesLengthNoStoreNosniffAndNoFraming() throws {
        var responses: [(String, RawResponse)] = []
        for target in ["/style.css", "/goals", "/missing", "/%zz", "/.."] {
            responses.append((target, try site.get(target)))
        }
        responses.append(("HEAD", try site.get("/goals/", method: "HEAD")))
        responses.append(("POST", try site.get("/", method: "POST")))
        for request in [
            "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", "GET / HTTP/1.0\r\n\r\n", "BROKEN\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: \(site.host)\r\nX-Long: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n",
        ] {
            responses.append((request.prefix(30).debugDescription, try site.send(request)))
        }
        site.server.serve(MemorySite(files: ["index.html": Array("in memory".utf8)]))
        responses.append(("memory /", try site.get("/")))
        responses.append(("memory 404", try site.get("/nope")))
        XCTAssertEqual(Set(responses.map(\.1.status)), [200, 301, 400, 403, 404, 405, 431])
        for (name, response) in responses {
            response.assertCarriesEveryResponseHeader(name)
            if name != "HEAD" { XCTAssertEqual(response.headers["content-length"], String(response.body.count), name) }
            XCTAssertNil(response.headers["date"], name)
        }
    }

    func testFolderWithSlashServesItsIndex() throws {
        XCTAssertEqual(try site.get("/").text, "<h1>home</h1>")
        XCTAssertEqual(try site.get("/goals/").text, "<h1>goals</h1>")
        XCTAssertEqual(try site.get("/goals/bike/").text, "<h1>bike</h1>")
        XCTAssertEqual(try site.get("/goals/bike/").headers["content-type"], "text/html; charset=utf-8")
    }

    func testFolderWithoutSlashRedirectsKeepingTheQuery() throws {
        let plain = try site.get("/goals")
        XCTAssertEqual(plain.status, 301)
        XCTAssertEqual(plain.headers["location"], "/goals/")
        let nested = try site.get("/goals/bike?from=home#top")
        XCTAssertEqual(nested.status, 301)
        XCTAssertEqual(nested.headers["location"], "/goals/bike/?from=home")
    }

    func testQueryAndFragmentAreIgnored() throws {
        XCTAssertEqual(try site.get("/style.css?v=3").text, "body { color: teal }")
        XCTAssertEqual(try site.get("/goals/?tab=all#list").text, "<h1>goals</h1>")
    }

    func testPercentEncodedNamesAreDecoded() throws {
        XCTAssertEqual(try site.get("/name%20with%20space.txt").text, "spaced")
        XCTAssertEqual(try site.get("/caf%C3%A9.txt").text, "accented")
        XCTAssertEqual(try site.get("/%73tyle.css").text, "body { color: teal }")
    }

    func testHeadSendsTheSameHeadersWithoutABody() throws {
        for target in ["/style.css", "/goals/", "/missing", "/goals"] {
            let get = try site.get(target)
            let head = try site.get(target, method: "HEAD")
            XCTAssertEqual(head.status, get.status, target)
            XCTAssertEqual(head.headers, get.headers, target)
            XCTAssertEqual(head.body, [], target)
        }
    }

    func testMissingFileGetsTheSitesNotFoundPage() throws {
        let response = try site.get("/goals/nope/")
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(response.text, "<h1>lost</h1>")
    }

    func testMissingFileWithoutNotFoundPageGetsPlainText() throws {
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("404.html"))
        let response = try site.get("/nope.html")
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertEqual(response.text, "404 Not Found\n")
    }

    func testSymlinksInsideTheSiteAreFollowed() throws {
        XCTAssertEqual(try site.get("/same-style.css").text, "body { color: teal }")
        XCTAssertEqual(try site.get("/goals/home.html").text, "<h1>home</h1>")
    }

    func testRootReachedThroughASymlinkIsServed() throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-serve-link-\(UUID())")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: site.root)
        addTeardownBlock { try? FileManager.default.removeItem(at: link) }
        site.server.setRoot(link)
        XCTAssertEqual(try site.get("/goals/").text, "<h1>goals</h1>")
        XCTAssertEqual(try site.get("/escape.txt").status, 404)
    }

    func testLargeFileArrivesWhole() throws {
        let bytes = (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try Data(bytes).write(to: site.root.appendingPathComponent("big.bin"))
        let response = try site.get("/big.bin")
        XCTAssertEqual(response.headers["content-length"], "1500000")
        XCTAssertTrue(response.body == bytes)
    }

    func testMissingRootIsNotFoundEverywhere() throws {
        site.server.setRoot(site.root.appendingPathComponent("not-built-yet"))
        XCTAssertEqual(try site.get("/").status, 404)
        XCTAssertEqual(try site.get("/").text, "404 Not Found\n")
    }

    func testLogHasOneLinePerRequest() throws {
        let lines = LogLines()
        site.server.log = { lines.append($0) }
        _ = try site.get("/goals/")
        _ = try site.get("/goals")
        _ = try site.get("/nope", method: "HEAD")
        _ = try site.get("/x", method: "POST")
        _ = try site.send("BROKEN\r\n\r\n")
        XCTAssertEqual(lines.all, ["GET /goals/ 200", "GET /goals 301", "HEAD /nope 404", "POST /x 405", "- - 400"])
    }
}

/// Log lines gathered from connection threads.
final class LogLines: Sendable {
    private let lines = Locked<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}
