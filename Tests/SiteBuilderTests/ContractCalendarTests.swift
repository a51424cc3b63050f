import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// Contracts in both calendars (DESIGN.md §3, Contracts), read back by Python's `icalendar` and
/// expanded by `recurring_ical_events` as calendar apps do: a renewing contract's notice deadline
/// is an event of its own with alarms 7, 3 and 1 days before it, the same in both feeds; a contract
/// that ends without renewing is charged up to its end and no later, and has no deadline event.
final class ContractCalendarTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// Built on 2026-11-29 from the base fixture and:
    /// - Phone: monthly on the 10th, a year's term 2026-01-10 … 2027-01-09, 30 days' notice, renewing:
    ///   deadline 2027-01-09 − 30 = 2026-12-10;
    /// - Broadband: monthly on the 5th, ends 2027-02-28 without renewing: charges Dec 5, Jan 5,
    ///   Feb 5, then none.
    private static let contracts = """
        [[subscription]]
        name = "Phone"
        price = 20
        currency = "USD"
        cycle = "monthly"
        started = 2026-01-10
        next_billing = 2026-12-10
        ends = 2027-01-09
        notice_days = 30
        unsubscribe = "https://example.com/cancel"

        [[subscription]]
        name = "Broadband"
        price = 40
        currency = "USD"
        cycle = "monthly"
        started = 2025-03-05
        next_billing = 2026-12-05
        ends = 2027-02-28
        auto_renew = false
        """

    func testNoticeDeadlinesAndContractEndsExpandAsCalendarAppsExpandThem() throws {
        let built = try TestSupport.baseSite(files: ["subscriptions/contracts.toml": Self.contracts])
        let folder = TestSupport.temporaryFolder(self)
        let root = folder.appendingPathComponent("calendar.ics")
        let subscriptions = folder.appendingPathComponent("subscriptions.ics")
        try Data(try XCTUnwrap(built.text("calendar.ics")).utf8).write(to: root)
        try Data(try XCTUnwrap(built.text("subscriptions/calendar.ics")).utf8).write(to: subscriptions)
        let script = """
            import json, sys, datetime
            try:
                import recurring_ical_events
                from icalendar import Calendar
            except ImportError as error:
                print("skipped: " + str(error)); sys.exit(77)
            out = {}
            for name, path in (('root', sys.argv[1]), ('subscriptions', sys.argv[2])):
                cal = Calendar.from_ical(open(path, 'rb').read())
                feed = {'dates': {}, 'alarms': {}, 'summaries': {}}
                for event in recurring_ical_events.of(cal).between(datetime.date(2026, 11, 1), datetime.date(2027, 8, 1)):
                    uid = str(event['UID']).split('@')[0]
                    feed['dates'].setdefault(uid, []).append(event['DTSTART'].dt.isoformat())
                    feed['alarms'][uid] = sorted(-a['TRIGGER'].dt.days for a in event.walk('VALARM'))
                    feed['summaries'][uid] = str(event['SUMMARY'])
                out[name] = feed
            print(json.dumps(out))
            """
        let logs = TestSupport.temporaryFolder(self)
        let run = try SandjarProcess(
            command: ["/usr/bin/env", "python3", "-c", script, root.path, subscriptions.path], logs: logs
        ).wait(timeout: 120)
        if run.status == 77 || run.status == 127 {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("CI must have icalendar and recurring_ical_events (make test-deps): \(run.stdout)")
            }
            throw XCTSkip(run.stdout)
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        struct Feed: Decodable {
            var dates: [String: [String]]
            var alarms: [String: [Int]]
            var summaries: [String: String]
        }
        let feeds = try JSONDecoder().decode([String: Feed].self, from: Data(run.stdout.utf8))
        for name in ["root", "subscriptions"] {
            let feed = try XCTUnwrap(feeds[name], name)
            XCTAssertEqual(feed.dates["notice-phone"], ["2026-12-10"], "\(name): one deadline, the next one")
            XCTAssertEqual(feed.alarms["notice-phone"], [1, 3, 7], name)
            XCTAssertEqual(feed.summaries["notice-phone"], "Phone: last day to give notice", name)
            XCTAssertEqual(
                feed.dates["broadband"], ["2026-12-05", "2027-01-05", "2027-02-05"], "\(name): no charge after the end")
            XCTAssertNil(feed.dates["notice-broadband"], "\(name): a contract that ends by itself needs no notice")
            // The phone's charges go on past its term: it renews.
            XCTAssertEqual(feed.dates["phone"]?.count, 8, name)
        }
    }

    func testTheSubscriptionsPageShowsTheTermAndTheDeadline() throws {
        let built = try TestSupport.baseSite(files: ["subscriptions/contracts.toml": Self.contracts])
        let page = try XCTUnwrap(built.text("subscriptions/index.html"))
        XCTAssertTrue(page.contains("term ends 9 Jan 2027, then renews&nbsp;· notice by 10 Dec 2026"), page)
        XCTAssertTrue(page.contains("contract ends 28 Feb 2027"))
        XCTAssertTrue(
            page.contains("<strong class=\"name\">Phone</strong> — give notice in 11 days, or the contract renews"))
        let ended = try TestSupport.baseSite(
            files: [
                "subscriptions/contracts.toml": Self.contracts.replacingOccurrences(
                    of: "ends = 2027-02-28", with: "ends = 2026-11-28")
            ])
        let after = try XCTUnwrap(ended.text("subscriptions/index.html"))
        XCTAssertTrue(after.contains("Contracts that ended"))
        XCTAssertTrue(after.contains("ended on 28 Nov"), after)
    }
}
