import Domain
import Foundation
import SiteServer
import XCTest

@testable import LocalApp

/// serve's day turns at midnight (DESIGN.md §6, issue 39): a site built at 23:59:35 on Sunday
/// 29 Nov in the site's time zone (the fixture's New York) is built again for Monday 30 Nov
/// without any write — by the wake-up set for the end of the day, and by the first request after
/// it when the wake-up comes late — on a clock the test moves, never by waiting.
final class DayTurnTests: XCTestCase {
    /// 2026-11-30T04:59:35Z: 23:59:35 on Sunday 29 Nov in New York.
    static let beforeMidnight = Date(timeIntervalSince1970: 1_796_014_775)
    /// 2026-11-30T05:00:00Z: midnight in New York.
    static let midnight = Date(timeIntervalSince1970: 1_796_014_800)

    private let clock = MovingClock(DayTurnTests.beforeMidnight)
    private let wakes = Wakes()

    private func served(today: CalendarDate? = nil) throws -> AppFixture {
        try AppFixture(self, today: today, clock: clock.read, wake: wakes.keep)
    }

    private func request(_ fixture: AppFixture, _ path: String = "/") -> WebResponse? {
        fixture.app.handle(WebRequest(method: "GET", path: path, headers: ["host": AppFixture.host]))
    }

    func testTheWakeUpAtMidnightBuildsTheNewDayWithoutAWrite() throws {
        let fixture = try served()
        XCTAssertTrue(fixture.page("/")?.contains("Sunday, 29 Nov") ?? false, "built for Sunday")
        // One wake-up, set for 25 s on: when Sunday ends in New York.
        XCTAssertEqual(wakes.seconds.count, 1)
        XCTAssertEqual(wakes.seconds.first ?? 0, 25, accuracy: 0.1)
        let builds = fixture.app.site.buildCount

        // Woken early (the clock said 23:59:50): nothing is built, and it is set again.
        clock.set(Self.beforeMidnight.addingTimeInterval(15))
        wakes.runAll()
        XCTAssertEqual(fixture.app.site.buildCount, builds, "no build before midnight")
        XCTAssertEqual(wakes.seconds.count, 1)
        XCTAssertEqual(wakes.seconds.first ?? 0, 10, accuracy: 0.1)

        clock.set(Self.midnight.addingTimeInterval(1))
        wakes.runAll()
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1, "built once for the new day")
        let page = try XCTUnwrap(fixture.page("/"))
        XCTAssertTrue(page.contains("Monday, 30 Nov"), "Today is Monday's")
        XCTAssertFalse(page.contains("Sunday, 29 Nov"))
        // And the next wake-up is set for the end of Monday.
        XCTAssertEqual(wakes.seconds.count, 1)
        XCTAssertEqual(wakes.seconds.first ?? 0, 24 * 3600 - 1, accuracy: 0.1)
        // A request after it builds nothing more.
        _ = request(fixture)
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1)
    }

    /// A machine that slept through midnight: the wake-up has not come, and the first request,
    /// hours later, is answered with the new day's site.
    func testTheFirstRequestAfterMidnightBuildsTheNewDayWhenTheWakeUpIsLate() throws {
        let fixture = try served()
        let builds = fixture.app.site.buildCount
        _ = request(fixture)
        XCTAssertEqual(fixture.app.site.buildCount, builds, "before midnight a request builds nothing")

        clock.set(Self.midnight.addingTimeInterval(3 * 3600))
        XCTAssertNil(request(fixture), "served from the site, as any page")
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1)
        XCTAssertTrue(fixture.page("/")?.contains("Monday, 30 Nov") ?? false, "the page served is Monday's")
        _ = request(fixture, "/goals/")
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1, "built once")
        // The late wake-up, when it comes, finds the day turned already.
        wakes.runAll()
        XCTAssertEqual(fixture.app.site.buildCount, builds + 1)
    }

    /// A site served for a day given (`--today`) keeps it: no wake-up, no build at midnight.
    func testAGivenDayNeverTurns() throws {
        let fixture = try served(today: CalendarDate(iso: "2026-11-29"))
        XCTAssertEqual(wakes.seconds, [])
        let builds = fixture.app.site.buildCount
        clock.set(Self.midnight.addingTimeInterval(60))
        _ = request(fixture)
        XCTAssertEqual(fixture.app.site.buildCount, builds)
        XCTAssertTrue(fixture.page("/")?.contains("Sunday, 29 Nov") ?? false)
    }
}

/// A wall clock the test sets.
final class MovingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Date

    init(_ start: Date) { now = start }

    func set(_ date: Date) { lock.withLock { now = date } }

    var read: @Sendable () -> Date { { [self] in lock.withLock { now } } }
}

/// The wake-ups the owner set, kept for the test to run.
final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [(seconds: Double, work: @Sendable () -> Void)] = []

    var keep: @Sendable (Double, @escaping @Sendable () -> Void) -> Void {
        { [self] seconds, work in lock.withLock { kept.append((seconds, work)) } }
    }

    /// The delays of the wake-ups not run yet.
    var seconds: [Double] { lock.withLock { kept.map(\.seconds) } }

    /// Runs every wake-up kept so far, as their timers would.
    func runAll() {
        let due = lock.withLock {
            defer { kept = [] }
            return kept
        }
        for wake in due { wake.work() }
    }
}
