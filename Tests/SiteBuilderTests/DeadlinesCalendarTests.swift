import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// `calendar.ics` at the top of the site (issue 22, DESIGN.md §4), read back by Python's
/// `icalendar` and expanded by `recurring_ical_events`, as calendar apps do: each plan's deposits
/// on the days the plan says, paused periods left out, a wish plan ending at its last period, a
/// reached goal without an event, and the subscriptions with the UIDs of `subscriptions/calendar.ics`.
final class DeadlinesCalendarTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// Built on 2026-11-29 from the base fixture (its bike plan has an event too) and these goals:
    /// - month-end: monthly from Jan 31, 2026, a wish of 6 periods, Jan 31 … Jun 30, 2026, all
    ///   past → no event;
    /// - phone: monthly from Aug 31, 2026, 10 periods (Aug 31 … May 31, 2027); deposits in Aug,
    ///   Sep, Oct; a pause Jan 1 … Feb 28, 2027 holds the Jan 31 and Feb 28 periods;
    /// - bike-weekly: weekly from Mon Nov 2, 2026, free; a pause Dec 14 … 20 holds Dec 14;
    /// - biweekly: every two weeks from Thu Nov 5, 2026, free;
    /// - reached: a wish of 100 already saved → no event.
    private func site(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let goals: [String: String] = [
            "goals/month-end.toml": """
            name = "Month end"
            mode = "wish"
            target = 600
            [plan]
            amount = 100
            frequency = "monthly"
            start = 2026-01-31
            periods = 6
            """,
            "goals/phone.toml": """
            name = "Phone"
            mode = "wish"
            target = 1000
            [plan]
            amount = 100
            frequency = "monthly"
            start = 2026-08-31
            periods = 10
            [[pause]]
            from = 2027-01-01
            to = 2027-02-28
            note = "moving"
            [[deposit]]
            at = 2026-08-31
            amount = 100
            [[deposit]]
            at = 2026-09-30
            amount = 100
            [[deposit]]
            at = 2026-10-31
            amount = 100
            """,
            "goals/bike-weekly.toml": """
            name = "Bike weekly"
            mode = "free"
            [plan]
            amount = 20
            frequency = "weekly"
            start = 2026-11-02
            [[pause]]
            from = 2026-12-14
            to = 2026-12-20
            """,
            "goals/biweekly.toml": """
            name = "Every other week"
            mode = "free"
            [plan]
            amount = 50
            frequency = "biweekly"
            start = 2026-11-05
            """,
            "goals/reached.toml": """
            name = "Reached"
            mode = "wish"
            target = 100
            [plan]
            amount = 50
            frequency = "weekly"
            start = 2026-11-02
            [[deposit]]
            at = 2026-11-03
            amount = 100
            """,
        ]
        let built = try TestSupport.baseSite(files: goals, file: file, line: line)
        return [
            "calendar.ics": try XCTUnwrap(built.text("calendar.ics"), file: file, line: line),
            "subscriptions/calendar.ics": try XCTUnwrap(
                built.text("subscriptions/calendar.ics"), file: file, line: line),
        ]
    }

    func testTheDeadlinesCalendarExpandsAsCalendarAppsExpandIt() throws {
        let files = try site()
        let folder = TestSupport.temporaryFolder(self)
        let root = folder.appendingPathComponent("calendar.ics")
        let subscriptions = folder.appendingPathComponent("subscriptions.ics")
        try Data(files["calendar.ics"]!.utf8).write(to: root)
        try Data(files["subscriptions/calendar.ics"]!.utf8).write(to: subscriptions)
        let script = """
            import json, sys, datetime
            try:
                import recurring_ical_events
                from icalendar import Calendar
            except ImportError as error:
                print("skipped: " + str(error)); sys.exit(77)
            cal = Calendar.from_ical(open(sys.argv[1], 'rb').read())
            subs = Calendar.from_ical(open(sys.argv[2], 'rb').read())
            out = {'uids': sorted(str(e['UID']) for e in cal.walk('VEVENT')),
                   'subscription_uids': sorted(str(e['UID']) for e in subs.walk('VEVENT')),
                   'deposits': {}, 'alarms': {}}
            for event in recurring_ical_events.of(cal).between(datetime.date(2026, 11, 1), datetime.date(2027, 8, 1)):
                uid = str(event['UID'])
                if uid.startswith('deposit-'):
                    out['deposits'].setdefault(uid.split('@')[0], []).append(event['DTSTART'].dt.isoformat())
                    out['alarms'][uid.split('@')[0]] = [str(a['TRIGGER'].dt) for a in event.walk('VALARM')]
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
        struct Expanded: Decodable {
            var uids: [String]
            var subscriptionUIDs: [String]
            var deposits: [String: [String]]
            var alarms: [String: [String]]

            enum CodingKeys: String, CodingKey {
                case uids, deposits, alarms
                case subscriptionUIDs = "subscription_uids"
            }
        }
        let found = try JSONDecoder().decode(Expanded.self, from: Data(run.stdout.utf8))
        // Every subscription event is there with its own UID; deposits for the four live plans only.
        let depositUIDs = found.uids.filter { $0.hasPrefix("deposit-") }.map { String($0.prefix { $0 != "@" }) }
        XCTAssertEqual(Set(depositUIDs), ["deposit-bike", "deposit-phone", "deposit-bike-weekly", "deposit-biweekly"])
        XCTAssertEqual(Set(found.uids.filter { !$0.hasPrefix("deposit-") }), Set(found.subscriptionUIDs))
        // Phone: next due Nov 30 (the Nov period has no deposit yet), then Dec 31; Jan 31 and
        // Feb 28 rest; Mar 31 … May 31 (the 10th period, the plan's end).
        XCTAssertEqual(
            found.deposits["deposit-phone"], ["2026-11-30", "2026-12-31", "2027-03-31", "2027-04-30", "2027-05-31"])
        // Weekly from Monday Nov 23 (Nov 23 is the current week's start, not yet paid): Dec 14 rests.
        let weekly = try XCTUnwrap(found.deposits["deposit-bike-weekly"])
        XCTAssertEqual(Array(weekly.prefix(5)), ["2026-11-23", "2026-11-30", "2026-12-07", "2026-12-21", "2026-12-28"])
        XCTAssertTrue(weekly.allSatisfy { $0 != "2026-12-14" })
        // Every two weeks from Thursday Nov 19, the current period's start.
        XCTAssertEqual(
            Array(try XCTUnwrap(found.deposits["deposit-biweekly"]).prefix(4)),
            ["2026-11-19", "2026-12-03", "2026-12-17", "2026-12-31"])
        XCTAssertEqual(found.alarms["deposit-phone"], ["9:00:00"], "an alarm at 9:00 on the day")
        print(
            "deadlines calendar: \(found.uids.count) events; phone \(found.deposits["deposit-phone"]!.count) deposits")
    }
}
