import Foundation
import XCTest

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// A small built site in a temporary folder, with a secret in a second folder beside it that
/// symlinks inside the site point to, and a server on it at a free port.
final class SiteFixture {
    let root: URL
    let outside: URL
    let server: SiteServer
    private(set) var port: UInt16 = 0

    /// Every regular file of the site, by path relative to the root.
    static let files: [String: String] = [
        "index.html": "<h1>home</h1>",
        "goals/index.html": "<h1>goals</h1>",
        "goals/bike/index.html": "<h1>bike</h1>",
        "style.css": "body { color: teal }",
        "feed.xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\"/>",
        "data.json": "{\"goals\": 2}",
        "subscriptions/calendar.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
        "jar.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "404.html": "<h1>lost</h1>",
        "robots.txt": "User-agent: *",
        "app.js": "console.log(1)",
        "icon.png": "PNG", "photo.jpg": "JPG", "photo.jpeg": "JPEG", "anim.gif": "GIF", "pic.webp": "WEBP",
        "favicon.ico": "ICO", "font.woff2": "WOFF2", "archive.bin": "BIN", "LICENSE": "MIT",
        "name with space.txt": "spaced", "caf\u{e9}.txt": "accented",
    ]

    /// - Parameter limits: shorter timeouts or a lower connection cap for one test.
    init(_ test: XCTestCase, limits: SiteServer.Limits = .standard, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let temporary = FileManager.default.temporaryDirectory
        root = temporary.appendingPathComponent("sandjar-serve-\(UUID().uuidString)")
        outside = temporary.appendingPathComponent("sandjar-serve-outside-\(UUID().uuidString)")
        for (path, text) in Self.files {
            try Self.write(text, to: root.appendingPathComponent(path))
        }
        try Self.write("secret", to: outside.appendingPathComponent("secret.txt"))
        try Self.write("<h1>outside</h1>", to: outside.appendingPathComponent("index.html"))
        let links = [
            "escape.txt": outside.appendingPathComponent("secret.txt").path,
            "escape": outside.path,
            "goals/up.txt": "../../\(outside.lastPathComponent)/secret.txt",
            "same-style.css": "style.css",
            "goals/home.html": "../index.html",
        ]
        for (path, destination) in links {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        XCTAssertEqual(mkfifo(root.appendingPathComponent("pipe").path, 0o644), 0, file: file, line: line)
        server = SiteServer(root: root, port: 0, limits: limits)
        let (server, root, outside) = (server, root, outside)
        test.addTeardownBlock {
            server.stop()
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
    }

    /// Starts the server and returns its port.
    @discardableResult
    func start() throws -> UInt16 {
        port = try server.start()
        return port
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A fresh folder holding only index.html with `text`, removed after the test.
    static func folder(indexText text: String, _ test: XCTestCase) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-serve-\(UUID().uuidString)")
        try write(text, to: folder.appendingPathComponent("index.html"))
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The Host a browser sends for the server: its address and port.
    var host: String { "127.0.0.1:\(port)" }

    func get(_ target: String, method: String = "GET") throws -> RawResponse {
        try RawClient.request(target, method: method, port: port)
    }

    func send(_ request: String) throws -> RawResponse {
        try RawClient.exchange(request, port: port)
    }
}
