import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The built `sandjar serve` left running over midnight (DESIGN.md §6, "its day turns at
/// midnight", issue 39), under Debian's `faketime`: its clock starts at 23:59:30 in the site's
/// time zone and runs at twice the speed, and with no write at all the Today page it serves moves
/// from Sunday 29 Nov to Monday 30 Nov. The test waits on that change, with a bounded deadline.
final class ServeDayTurnTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private struct ToolMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// `faketime`, or a skip that says how to install it (a failure under CI, which must have it).
    private static func faketime() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/faketime" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            let reason = "skipped: no faketime (apt-get install faketime; make test-deps installs it)"
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw ToolMissing(description: "CI must have faketime: \(reason)")
            }
            throw XCTSkip(reason)
        }
        return path
    }

    func testAServeLeftRunningShowsTheNewDayAfterMidnightWithoutAWrite() throws {
        let faketime = try Self.faketime()
        _ = try SandjarProcess.requireExecutable()
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("dash")
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("base"), to: data)
        let before = try Self.files(data)
        // 04:59:30 UTC is 23:59:30 in New York, the fixture's time zone: midnight is 30 s of the
        // fake clock away, 15 s of the real one.
        let serve = try RunningServe(
            [data.path], logs: work, wrapper: ["/usr/bin/env", "TZ=UTC", faketime, "-f", "@2026-11-30 04:59:30 x2"])
        defer {
            serve.process.kill(SIGTERM)
            _ = serve.process.wait()
        }
        let first = try XCTUnwrap(serve.http.get("/"), "serve answers").body
        XCTAssertTrue(
            first.contains("Sunday, 29 Nov"),
            "the first build is Sunday's (if it took past midnight, start the clock earlier): \(first.prefix(300))")
        XCTAssertFalse(first.contains("Monday, 30 Nov"))

        var page = first
        let deadline = Date().addingTimeInterval(90)
        while !page.contains("Monday, 30 Nov"), Date() < deadline, serve.process.isRunning {
            usleep(200_000)
            page = serve.http.get("/")?.body ?? page
        }
        XCTAssertTrue(page.contains("Monday, 30 Nov"), "after midnight Today is Monday's: \(serve.process.outputSoFar)")
        XCTAssertFalse(page.contains("Sunday, 29 Nov"))
        XCTAssertEqual(try Self.files(data), before, "nothing was written: the day turned by itself")
    }

    /// Every file of the data folder, by path.
    private static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            if let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path) {
                files[relative] = bytes
            }
        }
        return files
    }
}
