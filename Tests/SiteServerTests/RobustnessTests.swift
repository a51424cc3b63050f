import Foundation
import XCTest

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// Slow, silent, rude and numerous clients: none may stop the server serving the others, or crash it.
final class RobustnessTests: XCTestCase {
    func testSilentClientsDoNotBlockOthers() throws {
        let site = try SiteFixture(self)
        try site.start()
        let silent = try (0..<3).map { _ in try RawClient(port: site.port) }
        let halfway = try RawClient(port: site.port)
        try halfway.write("GET / HTTP/1.1\r\nHo")
        defer {
            for client in silent + [halfway] { client.close() }
        }
        for target in ["/", "/goals/", "/style.css"] {
            XCTAssertEqual(try site.get(target).status, 200)
        }
    }

    /// With a short receive timeout: a client that says nothing is closed without a word, one that
    /// stops halfway gets 408. Only the outcome is checked, never how long it took.
    func testSilentClientsAreClosedAfterTheReceiveTimeout() throws {
        let site = try SiteFixture(self, limits: SiteServer.Limits(receiveTimeout: .milliseconds(300)))
        try site.start()
        let silent = try RawClient(port: site.port)
        defer { silent.close() }
        XCTAssertEqual(try silent.readToEnd(), [])
        let halfway = try RawClient(port: site.port)
        defer { halfway.close() }
        try halfway.write("GET / HTTP/1.1\r\n")
        let timedOut = try RawClient.parse(halfway.readToEnd())
        XCTAssertEqual(timedOut.status, 408)
        timedOut.assertCarriesEveryResponseHeader("408")
    }

    func testManyConcurrentRequestsAllSucceed() throws {
        let site = try SiteFixture(self)
        let port = try site.start()
        let targets = ["/", "/goals/", "/goals/bike/", "/style.css", "/data.json", "/jar.svg", "/missing"]
        let results = Locked<[String]>([])
        let group = DispatchGroup()
        for worker in 0..<24 {
            let thread = Thread {
                for round in 0..<5 {
                    let target = targets[(worker + round) % targets.count]
                    let status = (try? RawClient.request(target, port: port))?.status ?? 0
                    results.withLock { $0.append("\(target) \(status)") }
                }
                group.leave()
            }
            group.enter()
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success)
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 120)
        for line in all {
            XCTAssertTrue(line.hasSuffix(line.hasPrefix("/missing") ? " 404" : " 200"), line)
        }
    }

    /// A client gone mid-response makes send fail with EPIPE or ECONNRESET; SIGPIPE would end the
    /// test process itself.
    func testClientsLeavingMidResponseDoNotKillTheServer() throws {
        let site = try SiteFixture(self)
        try site.start()
        try Data(count: 8 * 1024 * 1024).write(to: site.root.appendingPathComponent("big.bin"))
        for index in 0..<9 {
            let client = try RawClient(port: site.port)
            try client.write("GET /big.bin HTTP/1.1\r\nHost: \(site.host)\r\n\r\n")
            if index % 3 == 0 {
                client.close()  // before the response: the server is sending to a closed peer (EPIPE)
                continue
            }
            var first = [UInt8](repeating: 0, count: 1)
            _ = recv(client.fd, &first, 1, 0)  // the response has started
            if index % 3 == 1 { client.reset() } else { client.close() }
        }
        XCTAssertEqual(try site.get("/style.css").text, "body { color: teal }")
    }

    func testGarbageNeverCrashesAndAlwaysGetsAnAnswerOrAClose() throws {
        let site = try SiteFixture(self)
        try site.start()
        var random = SeededBytes(seed: 7)
        var inputs: [[UInt8]] = (0..<40).map { _ in random.bytes(count: Int(random.next() % 300)) + [13, 10, 13, 10] }
        inputs += [[0, 0, 0, 13, 10, 13, 10], Array(repeating: 10, count: 9000), Array("GET / HTTP/1.1\r\n".utf8)]
        for input in inputs {
            let client = try RawClient(port: site.port)
            defer { client.close() }
            try client.write(input)
            shutdown(client.fd, Int32(SHUT_WR))
            let answer = try client.readToEnd()
            if !answer.isEmpty {
                XCTAssertTrue([400, 405, 404, 431].contains(try RawClient.parse(answer).status))
            }
        }
        XCTAssertEqual(try site.get("/").status, 200)
    }
}

/// Reproducible pseudo-random bytes (a 64-bit LCG), so a failing input can be found again.
struct SeededBytes {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
