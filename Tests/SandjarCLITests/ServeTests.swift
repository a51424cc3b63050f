import Domain
import Foundation
import LocalApp
import TestSupport
import XCTest

@testable import SandjarCLI
@testable import SiteBuilder

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `sandjar serve` end to end in-process: the real build in memory, the real server
/// on 127.0.0.1, real HTTP requests, and rebuilds after edits (DESIGN.md §6).
final class ServeTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private var session: ServeSession!
    private var port: UInt16 = 0
    private lazy var said = SandjarCommandTests.Captured(self)

    override func setUpWithError() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandjar-serve-test-\(UUID().uuidString)")
        data = work.appendingPathComponent("dash")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        var options = BuildOptions()
        options.data = data.path
        options.cache = work.appendingPathComponent("cache").path
        options.today = CalendarDate(iso: "2026-11-29")
        session = ServeSession(options: options, port: 0, console: said.console())
        port = try Self.start(session)
        addTeardownBlock { [session] in
            session?.stop()
            try? FileManager.default.removeItem(at: work)
        }
    }

    /// Starts `session` and waits for its first build (at most a minute); the port.
    static func start(_ session: ServeSession, file: StaticString = #filePath, line: UInt = #line) throws -> UInt16 {
        let built = StopFlag()
        let port = try session.start(built: built)
        let deadline = Date().addingTimeInterval(60)
        while !built.isSet, Date() < deadline { usleep(10_000) }
        XCTAssertTrue(built.isSet, "the first build ended", file: file, line: line)
        return port
    }

    private func get(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Int, String, Data) {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)\(path)"), file: file, line: line)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String, Data)?
        let task = URLSession.shared.dataTask(with: url) { body, response, _ in
            if let http = response as? HTTPURLResponse {
                result = (http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", body ?? Data())
            }
            done.signal()
        }
        task.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, file: file, line: line)
        return try XCTUnwrap(result, file: file, line: line)
    }

    func testServesTheSameBytesABuildWrites() throws {
        let (status, type, body) = try get("/")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(type, "text/html; charset=utf-8")
        let built = try XCTUnwrap(session.app.site.current)
        XCTAssertEqual(body, Data(try XCTUnwrap(built.files["index.html"])))
        XCTAssertEqual(try get("/goals/bike/").0, 200)
        XCTAssertEqual(try get("/subscriptions/calendar.ics").1, "text/calendar; charset=utf-8")
        XCTAssertEqual(try get("/data.json").1, "application/json")
        let (missing, _, page) = try get("/no-such-page/")
        XCTAssertEqual(missing, 404)
        XCTAssertEqual(page, Data(try XCTUnwrap(built.files["404.html"])))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: data.appendingPathComponent("public").path),
            "nothing is written: the site is served from memory")
    }

    func testASavedEditIsRebuiltAndAFailedRebuildKeepsTheLastGoodSite() throws {
        XCTAssertFalse(session.app.site.lookForChanges(), "nothing changed yet")
        let site = data.appendingPathComponent("site.toml")
        let original = try String(contentsOf: site, encoding: .utf8)
        try original.replacingOccurrences(of: "Base fixture", with: "Renamed dashboard")
            .write(to: site, atomically: true, encoding: .utf8)
        XCTAssertTrue(session.app.site.lookForChanges())
        XCTAssertTrue(String(decoding: try get("/").2, as: UTF8.self).contains("Renamed dashboard"))

        try (original + "title = \"twice\"\n").write(to: site, atomically: true, encoding: .utf8)
        XCTAssertFalse(session.app.site.lookForChanges(), "the rebuild fails")
        XCTAssertTrue(said.err.contains("site.toml:"), said.err)
        XCTAssertTrue(said.err.contains("sandjar: the rebuild failed; still serving the last good site"), said.err)
        let (status, _, body) = try get("/")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("Renamed dashboard"))
    }

    /// serve renders a page when it is asked for (issue 41): a theme's page that fails on its
    /// values is answered 500 with the error placed in the template, and said in the log, while
    /// the other pages are served as ever.
    func testAThemePageThatFailsIsA500SayingWhereAndTheOtherPagesAreServed() throws {
        let pages = data.appendingPathComponent("mytheme/pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try Data("<h1>{{no_such_value}}</h1>\n".utf8).write(to: pages.appendingPathComponent("goal.mustache"))
        let site = data.appendingPathComponent("site.toml")
        let original = try String(contentsOf: site, encoding: .utf8)
        try ("theme = \"mytheme\"\n" + original).write(to: site, atomically: true, encoding: .utf8)
        XCTAssertTrue(session.app.site.lookForChanges(), "the rebuild succeeds: no page is rendered yet")
        let (status, type, body) = try get("/goals/bike/")
        XCTAssertEqual(status, 500)
        XCTAssertEqual(type, "text/plain; charset=utf-8")
        let text = String(decoding: body, as: UTF8.self)
        XCTAssertTrue(text.contains("mytheme/pages/goal.mustache:1:"), text)
        XCTAssertTrue(text.contains("no_such_value"), text)
        XCTAssertTrue(said.err.contains("mytheme/pages/goal.mustache:1:"), said.err)
        XCTAssertEqual(try get("/").0, 200)
        XCTAssertEqual(try get("/goals/").0, 200)
    }

    func testAFileOutsideTheSiteIsNeverServed() throws {
        for path in ["/../site.toml", "/%2e%2e/%2e%2e/etc/passwd", "/goals/%2E%2E/%2E%2E/x"] {
            let (status, _, body) = try get(path)
            XCTAssertNotEqual(status, 200, path)
            XCTAssertFalse(String(decoding: body, as: UTF8.self).contains("root:"), path)
        }
    }
}
