import Domain
import Foundation
import Subscriptions
import TestSupport
import XCTest

@testable import SiteFormats

/// `subscriptions/calendar.ics`: folding, escaping, recurrence rules, and a round trip through
/// Python's `icalendar` package (installed by `make deps`).
final class ICalendarTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let cny = Currency(code: "CNY")!
    private static let usd = Currency(code: "USD")!

    private func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    private func report(_ subscriptions: [Subscription], today: String) -> SubscriptionReport {
        SubscriptionReport(
            subscriptions: subscriptions, catalog: SubscriptionCatalog(),
            rates: ExchangeRates(base: Self.cny, asOf: nil, rates: [Self.usd: Decimal(string: "7.12")!]),
            today: day(today))
    }

    private func sub(
        _ name: String, price: Decimal? = 10, cycle: Subscription.Cycle = .monthly, next: String?,
        trial: Bool = false, members: Int = 1, remind: [Int] = [7, 3, 1], killed: String? = nil,
        category: String? = nil, unsubscribe: String? = nil, note: String? = nil, currency: Currency = cny
    ) -> Subscription {
        Subscription(
            name: name, catalog: .disabled, price: price, currency: currency, cycle: cycle, trial: trial,
            nextBilling: next.map(day), members: members, category: category, unsubscribe: unsubscribe,
            remind: remind, killed: killed.map(day), note: note)
    }

    func testFoldingKeepsLinesWithin75OctetsAndCharactersWhole() {
        let ascii = "DESCRIPTION:" + String(repeating: "a", count: 100)
        let folded = ICalendar.fold(ascii)
        XCTAssertEqual(
            folded,
            "DESCRIPTION:" + String(repeating: "a", count: 63) + "\r\n " + String(repeating: "a", count: 37) + "\r\n")

        // 8 + 30 × 3 octets: 22 characters fit after "SUMMARY:" (74 octets); a 23rd would make 77.
        let chinese = "SUMMARY:" + String(repeating: "订", count: 30)
        let lines = ICalendar.fold(chinese).components(separatedBy: "\r\n").dropLast()
        XCTAssertEqual(lines.map { $0.utf8.count }, [74, 25])
        XCTAssertEqual(lines.map { $0.count }, [30, 9])

        for text in [chinese, ascii, "X:" + String(repeating: "🎬é", count: 40), "SHORT:ok"] {
            let out = ICalendar.fold(text)
            XCTAssertTrue(out.hasSuffix("\r\n"))
            for line in out.components(separatedBy: "\r\n").dropLast() {
                XCTAssertLessThanOrEqual(line.utf8.count, 75, line)
            }
            // "\r\n" is one Character in Swift.
            XCTAssertEqual(String(out.replacingOccurrences(of: "\r\n ", with: "").dropLast()), text, "unfolds back")
        }
        XCTAssertEqual(ICalendar.fold(""), "\r\n")
    }

    func testTextValuesAreEscaped() {
        XCTAssertEqual(ICalendar.escape("a\\b;c,d\ne"), "a\\\\b\\;c\\,d\\ne")
        XCTAssertEqual(ICalendar.escape("one\r\ntwo\rthree"), "one\\ntwo\\nthree")
        XCTAssertEqual(ICalendar.escape("bell\u{07}\ttab"), "bell\u{FFFD}\ttab")
        XCTAssertEqual(
            ICalendar.escape("\u{0}\u{1B}\u{C}\u{7F}\u{85}\u{9F}\r;"),
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\\n\\;", "no control but tab: RFC 5545 §3.1")
        XCTAssertEqual(ICalendar.escape("爱奇艺：会员"), "爱奇艺：会员")
    }

    func testRecurrenceRulesKeepTheAnchorDay() {
        func rule(_ anchor: String, _ cycle: Subscription.Cycle) -> String {
            ICalendar.recurrenceRule(for: BillingSchedule(anchor: day(anchor), cycle: cycle))
        }
        XCTAssertEqual(rule("2026-01-31", .monthly), "FREQ=MONTHLY;BYMONTHDAY=-1")
        XCTAssertEqual(rule("2026-01-30", .monthly), "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        XCTAssertEqual(rule("2026-01-29", .monthly), "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1")
        XCTAssertEqual(rule("2026-01-28", .monthly), "FREQ=MONTHLY;BYMONTHDAY=28")
        XCTAssertEqual(rule("2025-11-30", .quarterly), "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        XCTAssertEqual(rule("2026-03-05", .semiannual), "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=5")
        XCTAssertEqual(rule("2024-02-29", .yearly), "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
        XCTAssertEqual(rule("2026-03-15", .yearly), "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15")
        XCTAssertEqual(rule("2026-11-30", .weekly), "FREQ=WEEKLY;BYDAY=MO")
    }

    func testUIDDomainIsTheSiteAddressOrAStableHash() {
        XCTAssertEqual(ICalendar.uidDomain(baseURL: "https://example.org/dash/", title: "x"), "example.org/dash")
        let hashed = ICalendar.uidDomain(baseURL: nil, title: "小周的聚沙")
        XCTAssertTrue(hashed.hasPrefix("site-"))
        XCTAssertEqual(hashed, ICalendar.uidDomain(baseURL: nil, title: "小周的聚沙"))
        XCTAssertNotEqual(hashed, ICalendar.uidDomain(baseURL: nil, title: "another"))
    }

    func testFeedForOneTrialAndOneSharedPlan() {
        let feed = ICalendar.feed(
            report(
                [
                    sub(
                        "Netflix", price: Decimal(string: "15.49")!, next: "2026-12-02", trial: true, remind: [3, 1],
                        category: "streaming", unsubscribe: "https://www.netflix.com/cancelplan",
                        currency: Self.usd),
                    sub("爱奇艺", price: 30, next: "2026-10-31", members: 2, remind: [0]),
                    sub("gone", next: "2026-12-01", killed: "2026-11-01"),
                    sub("no date", next: nil),
                ], today: "2026-11-29"), today: day("2026-11-29"), title: "Test", site: "example.org",
            language: .en)
        let expected = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//sandjar//subscriptions//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:Test · subscriptions",
            "BEGIN:VEVENT",
            "UID:netflix@example.org",
            "DTSTAMP:20261129T000000Z",
            "DTSTART;VALUE=DATE:20261202",
            "DTEND;VALUE=DATE:20261203",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=2",
            "SUMMARY:Netflix: $15.49",
            "DESCRIPTION:Billed every month.\\nCancel: https://www.netflix.com/cancelplan",
            "CATEGORIES:subscription,streaming",
            "TRANSP:TRANSPARENT",
            "URL:https://www.netflix.com/cancelplan",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Netflix renews in 3 days",
            "TRIGGER:-P3D",
            "END:VALARM",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Netflix renews tomorrow",
            "TRIGGER:-P1D",
            "END:VALARM",
            "END:VEVENT",
            // The trial's note only on the charge that ends it: an override of that one date.
            "BEGIN:VEVENT",
            "UID:netflix@example.org",
            "DTSTAMP:20261129T000000Z",
            "RECURRENCE-ID;VALUE=DATE:20261202",
            "DTSTART;VALUE=DATE:20261202",
            "DTEND;VALUE=DATE:20261203",
            "SUMMARY:Netflix: $15.49 (trial ends 2 Dec 2026)",
            "DESCRIPTION:Free trial: the first charge is on 2 Dec 2026.\\nBilled every mo",
            " nth.\\nCancel: https://www.netflix.com/cancelplan",
            "CATEGORIES:subscription,streaming,trial",
            "TRANSP:TRANSPARENT",
            "URL:https://www.netflix.com/cancelplan",
            // A trial's charge is its end, not a renewal (issue 23).
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Netflix: the free trial ends in 3 days\\, with the first charge",
            "TRIGGER:-P3D",
            "END:VALARM",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Netflix: the free trial ends tomorrow\\, with the first charge",
            "TRIGGER:-P1D",
            "END:VALARM",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:sub-67a67fc0@example.org",
            "DTSTAMP:20261129T000000Z",
            "DTSTART;VALUE=DATE:20261130",
            "DTEND;VALUE=DATE:20261201",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1",
            "SUMMARY:爱奇艺: CN¥30.00",
            "DESCRIPTION:Billed every month.\\nShared by 2: my share is CN¥15.00.",
            "CATEGORIES:subscription",
            "TRANSP:TRANSPARENT",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:爱奇艺 renews today",
            "TRIGGER:PT0S",
            "END:VALARM",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        XCTAssertEqual(feed, expected.map { $0 + "\r\n" }.joined())
    }

    /// Parses the feed with Python's `icalendar`, expands every RRULE with `dateutil`, and checks
    /// the events, alarms, unescaped text and the first 40 billing dates of each subscription.
    func testRoundTripThroughPythonICalendar() throws {
        let python = "/usr/bin/env"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("no /usr/bin/env") }
        let subscriptions = [
            sub("Month end", next: "2026-01-31", remind: [7, 3, 1]),
            sub("Leap day", cycle: .yearly, next: "2024-02-29", remind: [30]),
            sub("Quarter, 30th", cycle: .quarterly, next: "2025-11-30", remind: []),
            sub("Thirtieth", next: "2026-01-30"),
            sub("Weekly", cycle: .weekly, next: "2026-11-02", remind: [1]),
            sub(
                "Café; \\ \"quoted\", 爱奇艺会员 with a long name that needs folding 🎬🎬🎬", next: "2026-12-02",
                trial: true, note: "line one\nline two; with, punctuation"),
        ]
        let today = day("2026-11-29")
        let built = report(subscriptions, today: "2026-11-29")
        let feed = ICalendar.feed(built, today: today, title: "Round trip", site: "example.org", language: .zhHans)
        let folder = TestSupport.temporaryFolder(self)
        let file = folder.appendingPathComponent("calendar.ics")
        try Data(feed.utf8).write(to: file)

        let script = """
            import json, sys, datetime
            from icalendar import Calendar
            from dateutil.rrule import rrulestr
            raw = open(sys.argv[1], 'rb').read()
            cal = Calendar.from_ical(raw)
            assert Calendar.from_ical(cal.to_ical()).to_ical() == cal.to_ical()
            out = {'name': str(cal.get('X-WR-CALNAME')), 'events': [], 'overrides': []}
            for ev in cal.walk('VEVENT'):
                start = ev['DTSTART'].dt
                if 'RECURRENCE-ID' in ev:
                    assert 'RRULE' not in ev
                    out['overrides'].append({
                        'uid': str(ev['UID']), 'recurrence': ev['RECURRENCE-ID'].dt.isoformat(),
                        'start': start.isoformat(), 'summary': str(ev['SUMMARY']),
                        'categories': [str(c) for c in ev['CATEGORIES'].cats],
                        'alarms': [-a['TRIGGER'].dt.days for a in ev.walk('VALARM')],
                    })
                    continue
                assert type(start) is datetime.date, start
                rule = ev['RRULE'].to_ical().decode()
                dates = rrulestr(rule, dtstart=datetime.datetime.combine(start, datetime.time()))
                out['events'].append({
                    'uid': str(ev['UID']), 'summary': str(ev['SUMMARY']), 'description': str(ev['DESCRIPTION']),
                    'start': start.isoformat(), 'end': ev['DTEND'].dt.isoformat(), 'rule': rule,
                    'categories': [str(c) for c in ev['CATEGORIES'].cats],
                    'alarms': [-a['TRIGGER'].dt.days for a in ev.walk('VALARM')],
                    'dates': [d.date().isoformat() for d in dates[:40]],
                })
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if message.contains("No module named") {
            XCTFail("Python's icalendar package is missing: run `make deps` (pip install icalendar)\n\(message)")
            return
        }
        XCTAssertEqual(process.terminationStatus, 0, message)

        struct Event: Decodable {
            var uid, summary, description, start, end, rule: String
            var categories: [String]
            var alarms: [Int]
            var dates: [String]
        }
        struct Override: Decodable {
            var uid, recurrence, start, summary: String
            var categories: [String]
            var alarms: [Int]
        }
        struct Parsed: Decodable {
            var name: String
            var events: [Event]
            var overrides: [Override]
        }
        let parsed = try JSONDecoder().decode(Parsed.self, from: data)
        XCTAssertEqual(parsed.name, "Round trip · 订阅")
        XCTAssertEqual(parsed.events.count, subscriptions.count)
        for (item, event) in zip(built.items, parsed.events) {
            let schedule = try XCTUnwrap(item.schedule)
            let first = schedule.firstIndex(onOrAfter: today)
            XCTAssertEqual(event.dates, (0..<40).map { schedule.date(first + $0).description }, item.id)
            XCTAssertEqual(event.start, item.nextBilling?.description)
            XCTAssertEqual(event.end, item.nextBilling?.adding(days: 1).description)
            XCTAssertEqual(event.uid, "\(item.id)@example.org")
            XCTAssertEqual(event.alarms, Set(item.subscription.remind).sorted(by: >))
        }
        let tricky = parsed.events[5]
        // The repeating event is the plain plan; the trial's note is on its first charge only.
        XCTAssertEqual(
            tricky.summary, "Café; \\ \"quoted\", 爱奇艺会员 with a long name that needs folding 🎬🎬🎬：¥10.00")
        XCTAssertTrue(tricky.description.hasSuffix("line one\nline two; with, punctuation"), tricky.description)
        XCTAssertFalse(tricky.description.contains("试用"), tricky.description)
        XCTAssertEqual(tricky.categories, ["subscription"])
        XCTAssertEqual(parsed.overrides.count, 1)
        let trialEnd = try XCTUnwrap(parsed.overrides.first)
        XCTAssertEqual(trialEnd.uid, tricky.uid)
        XCTAssertEqual(trialEnd.uid, "sub-af37cc6c@example.org")
        XCTAssertEqual(trialEnd.recurrence, "2026-12-02")
        XCTAssertEqual(trialEnd.start, "2026-12-02")
        XCTAssertEqual(tricky.dates.first, "2026-12-02", "the override replaces a date the rule makes")
        XCTAssertEqual(
            trialEnd.summary,
            "Café; \\ \"quoted\", 爱奇艺会员 with a long name that needs folding 🎬🎬🎬：¥10.00（试用期至 2026年12月2日 结束）")
        XCTAssertEqual(trialEnd.categories, ["subscription", "trial"])
        XCTAssertEqual(trialEnd.alarms, tricky.alarms)
        XCTAssertEqual(parsed.events[1].dates.prefix(3), ["2027-02-28", "2028-02-29", "2029-02-28"])
        XCTAssertEqual(parsed.events[0].dates.prefix(4), ["2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"])
    }
}
