import Foundation
import XCTest

@testable import SiteServer

/// A site held in memory (`SiteServer.serve(_:)`) is answered exactly as the same files in a folder.
final class MemorySiteTests: XCTestCase {
    private var site: SiteFixture!

    override func setUpWithError() throws {
        site = try SiteFixture(self)
        try site.start()
    }

    /// The fixture's regular files, without the folder's symlinks and FIFO.
    private static func memory(_ files: [String: String] = SiteFixture.files) -> MemorySite {
        MemorySite(files: files.mapValues { Array($0.utf8) })
    }

    /// Status, every header and the body, for GET and HEAD of each target: first from the folder,
    /// then from the same files in memory.
    func testEveryRequestIsAnsweredAsTheFolderAnswersIt() throws {
        var targets = [
            "/", "/goals", "/goals/", "/goals/bike", "/goals/bike?from=home#top", "/goals/bike/", "/subscriptions",
            "/subscriptions/", "/subscriptions?x=1", "/style.css/", "/style.css?v=3", "/goals/index.html/", "/nope",
            "/goals/nope/", "/GOALS/", "/%73tyle.css", "/goals%2Findex.html", "/..", "/%2e%2e/", "/goals/../index.html",
            "/%zz", "//x", "/index.html%00", "*", "http://127.0.0.1/index.html",
        ]
        targets += SiteFixture.files.keys.sorted().map {
            "/" + $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        }
        let requests = ["GET", "HEAD"].flatMap { method in targets.map { (method, $0) } }
        let fromFolder = try requests.map { try site.get($0.1, method: $0.0) }
        site.server.serve(Self.memory())
        XCTAssertNil(site.server.root)
        for ((method, target), folder) in zip(requests, fromFolder) {
            let memory = try site.get(target, method: method)
            XCTAssertEqual(memory.status, folder.status, "\(method) \(target)")
            XCTAssertEqual(memory.headers, folder.headers, "\(method) \(target)")
            XCTAssertEqual(memory.text, folder.text, "\(method) \(target)")
        }
        XCTAssertEqual(try site.get("/goals/bike/").text, "<h1>bike</h1>")  // not all 404s
    }

    /// A served site's pages are made when a request first asks for them (issue 41): answered
    /// exactly as the same pages held made — status, every header and the body, 404 and folder
    /// redirects included — each made only when asked for; one that cannot be made is a 500 that
    /// says why, with the headers of every answer, never a 404 or an empty page.
    func testPagesMadeOnRequestAreAnsweredAsMadeOnesAndOneThatFailsIsA500() throws {
        let targets = [
            "/", "/goals", "/goals/", "/goals/bike", "/goals/bike/", "/goals/index.html", "/nope", "/goals/nope/",
            "/style.css", "/data.json",
        ]
        let made = try targets.map { try site.get($0) }
        var files = SiteFixture.files.mapValues { Array($0.utf8) }
        let asked = Locked<[String]>([])
        var pages: [String: @Sendable () -> Result<[UInt8], MemorySite.PageFailure>] = [:]
        for path in files.keys where path.hasSuffix(".html") {
            let bytes = files.removeValue(forKey: path)!
            pages[path] = {
                asked.withLock { $0.append(path) }
                return .success(bytes)
            }
        }
        pages["goals/broken/index.html"] = {
            .failure(MemorySite.PageFailure("theme/pages/goal.mustache:3:7: error: unknown variable 'x'"))
        }
        site.server.serve(MemorySite(files: files, pages: pages))
        XCTAssertEqual(asked.withLock { $0 }, [], "nothing is made before it is asked for")
        for (target, held) in zip(targets, made) {
            let response = try site.get(target)
            XCTAssertEqual(response.status, held.status, target)
            XCTAssertEqual(response.headers, held.headers, target)
            XCTAssertEqual(response.text, held.text, target)
        }
        XCTAssertEqual(
            Set(asked.withLock { $0 }), ["index.html", "goals/index.html", "goals/bike/index.html", "404.html"])
        let broken = try site.get("/goals/broken/")
        XCTAssertEqual(broken.status, 500)
        XCTAssertEqual(broken.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertEqual(broken.headers["x-frame-options"], made[0].headers["x-frame-options"])
        XCTAssertEqual(broken.text, "theme/pages/goal.mustache:3:7: error: unknown variable 'x'\n")
        XCTAssertEqual(try site.get("/goals/broken").status, made[1].status, "still a folder: redirected")
    }

    func testWithoutItsOwn404PageAMissingFileIsPlainText() throws {
        var files = SiteFixture.files
        files["404.html"] = nil
        site.server.serve(Self.memory(files))
        let response = try site.get("/nope.html")
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertEqual(response.text, "404 Not Found\n")
        XCTAssertEqual(try site.get("/").text, "<h1>home</h1>")
    }

    func testAnEmptySiteIsNotFoundEverywhere() throws {
        site.server.serve(MemorySite(files: [:]))
        for target in ["/", "/goals", "/index.html"] {
            XCTAssertEqual(try site.get(target).text, "404 Not Found\n", target)
        }
    }

    func testFileIsTheExactPath() {
        let memory = Self.memory()
        XCTAssertEqual(memory.file("goals/bike/index.html"), Array("<h1>bike</h1>".utf8))
        XCTAssertEqual(memory.file("caf\u{e9}.txt"), Array("accented".utf8))
        for path in ["goals", "goals/", "goals/bike", "/index.html", "", "GOALS/index.html", "goals//index.html"] {
            XCTAssertNil(memory.file(path), path)
        }
    }

    func testServeAndSetRootSwitchWhatLaterRequestsSee() throws {
        site.server.serve(Self.memory(["index.html": "in memory"]))
        XCTAssertEqual(try site.get("/").text, "in memory")
        XCTAssertEqual(try site.get("/style.css").status, 404)
        site.server.serve(Self.memory(["index.html": "rebuilt"]))
        XCTAssertEqual(try site.get("/").text, "rebuilt")
        site.server.setRoot(site.root)
        XCTAssertEqual(site.server.root, site.root)
        XCTAssertEqual(try site.get("/").text, "<h1>home</h1>")
    }

    /// A request reads the site once: while the served site flips between three, `/x.txt` is
    /// the file (A), B's 404 page, or the folder's, never B's miss with A's plain 404 text.
    func testSwitchingDuringRequestsGivesOneSiteWhole() throws {
        let port = site.port
        let server = site.server
        let sites: [ServedSite] = [
            .memory(Self.memory(["index.html": "A", "x.txt": "x"])),
            .memory(Self.memory(["index.html": "B", "404.html": "B lost"])),
            .folder(site.root),
        ]
        let flipping = Locked(true)
        let flipper = Thread {
            var flips = 0
            while flipping.withLock({ $0 }) {
                switch sites[flips % sites.count] {
                case .memory(let memory): server.serve(memory)
                case .folder(let root): server.setRoot(root)
                }
                flips += 1
            }
        }
        flipper.start()
        let texts = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                let response = try? RawClient.request("/x.txt", port: port)
                texts.withLock { $0.append(response.map { "\($0.status) \($0.text)" } ?? "failed") }
            }
        }
        flipping.withLock { $0 = false }
        XCTAssertEqual(texts.withLock { $0.count }, 80)
        for text in texts.withLock({ $0 }) {
            XCTAssertTrue(["200 x", "404 B lost", "404 <h1>lost</h1>"].contains(text), text)
        }
    }
}
