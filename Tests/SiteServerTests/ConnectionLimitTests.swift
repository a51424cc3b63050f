import Foundation
import XCTest

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// At its connection limit serve drops the oldest idle connection rather than refuse a new
/// client (DESIGN.md §6), so sockets left open, or slow clients that keep coming back, cannot lock
/// a person out. Every wait here is for a condition, never for a length of time.
final class ConnectionLimitTests: XCTestCase {
    private let holding = Holding()

    override func tearDown() {
        holding.releaseAll()
        super.tearDown()
    }

    /// A server whose application holds each request to `/_app/wait` until the test releases it.
    private func site(maxConnections: Int) throws -> SiteFixture {
        let site = try SiteFixture(self, limits: SiteServer.Limits(maxConnections: maxConnections))
        site.server.application = holding.application
        try site.start()
        return site
    }

    /// A request that stays in the application, its connection being answered, until released.
    private func heldRequest(_ site: SiteFixture) throws -> RawClient {
        let client = try RawClient(port: site.port)
        try client.write("GET /_app/wait HTTP/1.1\r\nHost: \(site.host)\r\n\r\n")
        return client
    }

    private func styleSheet(on client: RawClient, _ site: SiteFixture) throws -> String {
        try client.write("GET /style.css HTTP/1.1\r\nHost: \(site.host)\r\n\r\n")
        return try RawClient.parse(client.readToEnd()).text
    }

    func testTheOldestIdleConnectionIsDroppedForANewOne() throws {
        let site = try site(maxConnections: 3)
        let clients = try (0..<3).map { _ in try RawClient(port: site.port) }
        defer { closeAll(clients) }
        try waitUntil("three admitted") { site.server.admittedConnections == 3 }
        let newcomer = try RawClient(port: site.port)
        defer { newcomer.close() }
        XCTAssertTrue(closedWithoutAnswer(clients[0]))
        XCTAssertEqual(site.server.openConnections, 3)
        // The others were left alone, and the newcomer is served.
        for client in clients.dropFirst() + [newcomer] {
            XCTAssertEqual(try styleSheet(on: client, site), "body { color: teal }")
        }
    }

    /// Idle means waiting for its request head: one being answered stays, however old.
    func testAConnectionBeingAnsweredIsNeverDropped() throws {
        let site = try site(maxConnections: 2)
        let answering = try heldRequest(site)
        defer { answering.close() }
        try waitUntil("the request held") { holding.entered == 1 }
        let idle = try RawClient(port: site.port)
        defer { idle.close() }
        try waitUntil("both admitted") { site.server.admittedConnections == 2 }
        let newcomer = try RawClient(port: site.port)
        defer { newcomer.close() }
        XCTAssertTrue(closedWithoutAnswer(idle))
        XCTAssertEqual(try styleSheet(on: newcomer, site), "body { color: teal }")
        holding.release(1)
        XCTAssertEqual(try RawClient.parse(answering.readToEnd()).text, "released\n")
    }

    func testOnlyWhenEveryConnectionIsBeingAnsweredIsANewOneRefused() throws {
        let site = try site(maxConnections: 2)
        let answering = try (0..<2).map { _ in try heldRequest(site) }
        defer { closeAll(answering) }
        try waitUntil("both requests held") { holding.entered == 2 }
        let refused = try RawClient.parse(RawClient(port: site.port).readToEnd())
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.text, "503 too many connections\n")
        refused.assertCarriesEveryResponseHeader("503")
        holding.release(2)
        for client in answering {
            XCTAssertEqual(try RawClient.parse(client.readToEnd()).text, "released\n")
            client.close()
        }
        try waitUntil("both closed") { site.server.openConnections == 0 }
        XCTAssertEqual(try site.get("/").status, 200)
    }

    /// At the real limit (64): 200 sockets opened and left silent, as a script or a stuck tab
    /// might, push each other out; a person's requests are still answered.
    func testTwoHundredIdleSocketsDoNotLockOutARequest() throws {
        let site = try SiteFixture(self)
        try site.start()
        let idle = try (0..<200).map { _ in try RawClient(port: site.port) }
        defer { closeAll(idle) }
        try waitUntil("all admitted") { site.server.admittedConnections == 200 }
        XCTAssertEqual(site.server.openConnections, SiteServer.Limits.standard.maxConnections)
        XCTAssertEqual(try site.get("/").text, "<h1>home</h1>")
        let head = try site.get("/goals/", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], "14")
        XCTAssertTrue(closedWithoutAnswer(idle[0]))
        XCTAssertTrue(closedWithoutAnswer(idle[135]))
    }

    /// At the real limit: 70 clients that each begin a request, never finish it, and connect
    /// again as soon as they are dropped keep the limit full and push each other out all along;
    /// every GET probed meanwhile is answered.
    ///
    /// A request can be dropped only while it waits for its head, when 63 others are admitted
    /// after it; no test can bound how long the scheduler keeps a probe between its connect and
    /// its write. So while a probe is in flight the slow clients may connect 20 times in all
    /// (a few more were under way already); in between, as often as they like.
    func testSlowClientsThatKeepReconnectingDoNotLockOutARequest() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        let running = Locked(true)
        let connects = Locked(0)
        let gate = ReconnectGate()
        let finished = DispatchGroup()
        for _ in 0..<70 {
            finished.enter()
            Thread {
                defer { finished.leave() }
                while running.withLock({ $0 }) {
                    gate.pass()
                    guard let client = try? RawClient(port: port) else { return }
                    connects.withLock { $0 += 1 }
                    try? client.write("GET / HTTP/1.1\r\nHo")
                    _ = try? client.readToEnd()
                    client.close()
                }
            }.start()
        }
        try waitUntil("the limit full and clients dropped") {
            site.server.openConnections == SiteServer.Limits.standard.maxConnections && connects.withLock { $0 } > 100
        }
        for probe in 0..<20 {
            // Full again: the client the last probe pushed out is back.
            try waitUntil("the limit full") { site.server.openConnections == SiteServer.Limits.standard.maxConnections }
            let response = try gate.whileProbing(reconnects: 20) { try site.get("/") }
            XCTAssertEqual(response.status, 200, "probe \(probe)")
            XCTAssertEqual(response.text, "<h1>home</h1>", "probe \(probe)")
        }
        running.withLock { $0 = false }
        gate.open()
        site.server.stop()
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
    }
}

extension SiteServer {
    /// Connections open now, as the limit counts them.
    var openConnections: Int { shared.withLock { $0.connections.count } }
    /// Sockets admitted since the server was made.
    var admittedConnections: UInt64 { shared.withLock { $0.admitted } }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String
}

/// Checks `condition` every millisecond until it holds; throws after `timeout`, which is there
/// only so a broken server fails the test instead of hanging it.
func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ condition: () -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { throw TimedOut(description: "timed out waiting for: \(what)") }
        usleep(1000)
    }
}

func closeAll(_ clients: [RawClient]) {
    for client in clients { client.close() }
}

/// Whether the server closed `client` without a byte of answer (a FIN, or a reset).
func closedWithoutAnswer(_ client: RawClient) -> Bool {
    do {
        return try client.readToEnd().isEmpty
    } catch RawClientError.reset(let read) {
        return read.isEmpty
    } catch {
        return false
    }
}

/// An application that keeps each request to `/_app/wait` until released, so a test holds
/// connections that are being answered for as long as it likes; other requests get the files.
final class Holding: Sendable {
    private let count = Locked(0)
    private let released = DispatchSemaphore(value: 0)

    var entered: Int { count.withLock { $0 } }

    var application: @Sendable (WebRequest) -> WebResponse? {
        { [count, released] request in
            guard request.path == "/_app/wait" else { return nil }
            count.withLock { $0 += 1 }
            _ = released.wait(timeout: .now() + 60)
            return .text(200, "released")
        }
    }

    func release(_ requests: Int) {
        for _ in 0..<requests { released.signal() }
    }

    /// Lets every request still held go, however many there are.
    func releaseAll() {
        release(entered)
    }
}

/// Lets the slow clients reconnect as they like, except while a probe is in flight: then only
/// so many times in all.
final class ReconnectGate: @unchecked Sendable {
    private let condition = NSCondition()
    /// How many reconnects the probe in flight still allows; nil when none is in flight.
    private var allowed: Int?

    /// Waits, if a probe in flight has used up its reconnects, then counts one.
    func pass() {
        condition.lock()
        defer { condition.unlock() }
        while allowed == 0 { condition.wait() }
        if let left = allowed { allowed = left - 1 }
    }

    func whileProbing<Result>(reconnects: Int, _ probe: () throws -> Result) rethrows -> Result {
        condition.withLock { allowed = reconnects }
        defer { open() }
        return try probe()
    }

    func open() {
        condition.withLock {
            allowed = nil
            condition.broadcast()
        }
    }
}
