import Foundation
import XCTest

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// Starting, stopping, the bound address, and switching folders while serving.
final class LifecycleTests: XCTestCase {
    func testListensOnLoopbackOnly() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        let bound = try XCTUnwrap(site.server.boundAddress)
        XCTAssertEqual(bound.host, "127.0.0.1")
        XCTAssertEqual(bound.port, port)
        for address in Self.nonLoopbackAddresses() {
            XCTAssertThrowsError(try RawClient(port: port, host: address), address) { error in
                XCTAssertEqual(error as? RawClientError, .connect(ECONNREFUSED), address)
            }
        }
        XCTAssertEqual(try site.get("/").status, 200)
    }

    func testPortInUseFailsNamingThePort() throws {
        let first = try SiteFixture(self)
        let port = try first.start()
        let second = SiteServer(root: first.root, port: port)
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? SiteServer.Failure, SiteServer.Failure(message: "port \(port) is in use"))
            XCTAssertEqual((error as? SiteServer.Failure)?.description, "port \(port) is in use")
        }
        XCTAssertEqual(try first.get("/").status, 200)
    }

    func testStopFreesThePortAndIsIdempotent() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        XCTAssertEqual(try site.get("/").status, 200)  // leaves a connection in TIME_WAIT
        site.server.stop()
        site.server.stop()
        XCTAssertNil(site.server.boundAddress)
        XCTAssertThrowsError(try RawClient(port: port)) { error in
            XCTAssertEqual(error as? RawClientError, .connect(ECONNREFUSED))
        }
        let again = SiteServer(root: site.root, port: port)
        XCTAssertEqual(try again.start(), port)
        defer { again.stop() }
        XCTAssertEqual(try RawClient.request("/goals/", port: port).text, "<h1>goals</h1>")
    }

    func testStopBeforeStartDoesNothing() {
        let server = SiteServer(root: FileManager.default.temporaryDirectory)
        server.stop()
        XCTAssertNil(server.boundAddress)
    }

    func testStartTwiceKeepsThePortAndRestartServesAgain() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        XCTAssertEqual(try site.server.start(), port)
        site.server.stop()
        let restarted = try site.server.start()
        XCTAssertEqual(try RawClient.request("/style.css", port: restarted).text, "body { color: teal }")
    }

    func testStopDropsASilentConnection() throws {
        let site = try SiteFixture(self)
        try site.start()
        let silent = try RawClient(port: site.port)
        defer { silent.close() }
        XCTAssertEqual(try site.get("/").status, 200)  // the silent one has been accepted by now
        site.server.stop()
        XCTAssertEqual(try silent.readToEnd(), [])
    }

    func testSetRootSwitchesTheSite() throws {
        let site = try SiteFixture(self)
        try site.start()
        let next = try SiteFixture.folder(indexText: "<h1>rebuilt</h1>", self)
        XCTAssertEqual(try site.get("/").text, "<h1>home</h1>")
        site.server.setRoot(next)
        XCTAssertEqual(site.server.root, next)
        XCTAssertEqual(try site.get("/").text, "<h1>rebuilt</h1>")
        XCTAssertEqual(try site.get("/style.css").status, 404)
    }

    /// Every response made while the root flips back and forth is one whole site's page.
    func testSetRootDuringRequestsGivesOldOrNewNeverAMix() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        let old = try SiteFixture.folder(indexText: "old site", self)
        let new = try SiteFixture.folder(indexText: "the new site", self)
        let server = site.server
        let flipping = Locked(true)
        let flipper = Thread {
            var flips = 0
            while flipping.withLock({ $0 }) {
                server.setRoot(flips % 2 == 0 ? old : new)
                flips += 1
            }
        }
        flipper.start()
        let texts = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                let response = try? RawClient.request("/", port: port)
                texts.withLock { $0.append(response.map { "\($0.status) \($0.text)" } ?? "failed") }
            }
        }
        flipping.withLock { $0 = false }
        XCTAssertEqual(texts.withLock { $0.count }, 80)
        for text in texts.withLock({ $0 }) {
            XCTAssertTrue(["200 old site", "200 the new site", "200 <h1>home</h1>"].contains(text), text)
        }
    }

    /// IPv4 addresses of this machine's other interfaces; none on a machine with loopback only.
    private static func nonLoopbackAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                var inet = $0.pointee.sin_addr
                _ = inet_ntop(AF_INET, &inet, &text, socklen_t(text.count))
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.hasPrefix("127.") { addresses.append(name) }
        }
        return addresses
    }
}
