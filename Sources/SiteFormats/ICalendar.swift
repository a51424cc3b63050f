import Basics
import Domain
import Foundation
import Subscriptions

/// `subscriptions/calendar.ics`: one iCalendar (RFC 5545) feed of every active subscription's
/// billing dates, for a phone's or desktop's calendar to subscribe to.
///
/// Each subscription is one all-day VEVENT starting at its next billing date (rolled forward to
/// today) that repeats by its cycle, with a VALARM for each `remind` day. Months keep the anchor
/// day as sandjar does (DESIGN.md §3): a plan billed on the 31st is billed on the last day of
/// shorter months (`BYMONTHDAY=-1`); one billed on the 29th or 30th on that day or the month's last
/// day, whichever comes first (`BYMONTHDAY=28,29,30;BYSETPOS=-1`: of the days 28–30 that the
/// month has, the last); one billed yearly on Feb 29 on Feb 28 in common years
/// (`BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1`). A plain `FREQ=MONTHLY` from the 31st would skip
/// every shorter month instead (RFC 5545 §3.3.10 drops invalid dates).
///
/// A subscription in its free trial says so only on the charge that ends the trial: the repeating
/// event is the plain plan, and a second VEVENT with the same UID and `RECURRENCE-ID` (RFC 5545
/// §3.8.4.4) overrides that one date with the trial's summary, description and category. Every
/// later charge is the plain plan.
///
/// The output is deterministic: DTSTAMP is the build's today, UIDs are the subscription id at a
/// site-specific domain, and events follow the data's order.
package enum ICalendar {
    /// The feed. `site` names the site in UIDs (see `uidDomain`), `title` in the calendar's name.
    package static func feed(
        _ report: SubscriptionReport, today: CalendarDate, title: String, site: String,
        language: SiteSettings.Language
    ) -> String {
        let labels = Labels(language: language)
        return calendar(
            product: "subscriptions", name: labels.calendarName(title), report, today: today, site: site,
            labels: labels)
    }

    /// One VCALENDAR, folded: the header with `product` in its PRODID and `name` as the calendar's
    /// name, the `leading` events, then every active subscription's events and notice events —
    /// both feeds (`feed`, `deadlines`) are this with their own header and leading events.
    static func calendar(
        product: String, name: String, leading: [String] = [], _ report: SubscriptionReport, today: CalendarDate,
        site: String, labels: Labels
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//sandjar//\(product)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escape(name),
        ]
        lines += leading
        for item in report.items where item.status == .active {
            guard let schedule = item.schedule, let next = item.nextBilling else { continue }
            lines += event(item, schedule: schedule, next: next, today: today, site: site, labels: labels)
        }
        for item in report.items where item.status == .active {
            lines += noticeEvent(item, today: today, site: site, labels: labels)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// The subscription's repeating event, and for a trial the override of the charge that ends it.
    static func event(
        _ item: SubscriptionItem, schedule: BillingSchedule, next: CalendarDate, today: CalendarDate,
        site: String, labels: Labels
    ) -> [String] {
        var lines = event(item, schedule: schedule, on: next, trialEnds: nil, today: today, site: site, labels: labels)
        // The trial's end is the file's next_billing, which is today or later, so it is `next`.
        if item.inTrial, let first = item.subscription.nextBilling, first == next {
            lines += event(
                item, schedule: schedule, on: next, trialEnds: first, today: today, site: site, labels: labels)
        }
        return lines
    }

    /// One VEVENT: the repeating plan from `date` when `trialEnds` is nil, else the override of the
    /// charge on `date` (no RRULE, a RECURRENCE-ID) that says the trial ends then.
    private static func event(
        _ item: SubscriptionItem, schedule: BillingSchedule, on date: CalendarDate, trialEnds: CalendarDate?,
        today: CalendarDate, site: String, labels: Labels
    ) -> [String] {
        let name = item.subscription.name
        var summary = labels.summary(name: name, price: item.price.map { labels.money($0, item.currency) })
        var description = [labels.repeats(item.cycle)]
        var categories = ["subscription"]
        if let category = item.category { categories.append(category) }
        if let first = trialEnds {
            summary += labels.trialSuffix(first)
            description.insert(labels.trialLine(first), at: 0)
            categories.append("trial")
        }
        if let share = item.myShare, item.subscription.members > 1 {
            description.append(labels.share(labels.money(share, item.currency), members: item.subscription.members))
        }
        if let url = item.unsubscribe { description.append(labels.cancel(url)) }
        if let note = item.subscription.note { description.append(note) }

        // A contract that does not renew is charged up to its end, not after.
        let until = item.chargesEnd.map { ";UNTIL=" + compact($0.adding(days: -1)) } ?? ""
        let event = Event(
            uid: "\(item.id)@\(site)", on: date, overridesCharge: trialEnds != nil,
            rule: trialEnds == nil ? recurrenceRule(for: schedule) + until : nil, summary: summary,
            description: description.joined(separator: "\n"), categories: categories, url: item.unsubscribe,
            alarms: Set(item.subscription.remind).sorted(by: >).map { days in
                (
                    days == 0 ? "PT0S" : "-P\(days)D",
                    trialEnds == nil ? labels.alarm(name: name, days: days) : labels.trialAlarm(name: name, days: days)
                )
            })
        return event.lines(today: today)
    }

    /// One all-day VEVENT, the one writer of every feed's events: on `on`, repeating by `rule`
    /// but for the `excluded` days, or with `overridesCharge` the override of the repeating
    /// event's occurrence that day (a RECURRENCE-ID, no rule); its text escaped, its URL written
    /// only when it is a plain URI, and a display alarm for each `alarms` trigger.
    struct Event {
        var uid: String
        var on: CalendarDate
        var overridesCharge = false
        var rule: String?
        var excluded: [CalendarDate] = []
        var summary: String
        var description: String
        var categories: [String]
        var url: String?
        /// Each alarm's TRIGGER (`-P3D`, `PT9H`) and what it says.
        var alarms: [(trigger: String, text: String)] = []

        func lines(today: CalendarDate) -> [String] {
            var lines = ["BEGIN:VEVENT", "UID:" + escape(uid), "DTSTAMP:\(compact(today))T000000Z"]
            if overridesCharge { lines.append("RECURRENCE-ID;VALUE=DATE:\(compact(on))") }
            lines += ["DTSTART;VALUE=DATE:\(compact(on))", "DTEND;VALUE=DATE:\(compact(on.adding(days: 1)))"]
            if let rule { lines.append("RRULE:" + rule) }
            if !excluded.isEmpty { lines.append("EXDATE;VALUE=DATE:" + excluded.map(compact).joined(separator: ",")) }
            lines += [
                "SUMMARY:" + escape(summary),
                "DESCRIPTION:" + escape(description),
                "CATEGORIES:" + categories.map(escape).joined(separator: ","),
                "TRANSP:TRANSPARENT",
            ]
            if let url, isPlainURI(url) { lines.append("URL:" + url) }
            for alarm in alarms {
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escape(alarm.text), "TRIGGER:" + alarm.trigger,
                    "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
            return lines
        }
    }

    /// The RRULE that repeats `schedule` from any of its dates, keeping its anchor day.
    static func recurrenceRule(for schedule: BillingSchedule) -> String {
        let anchor = schedule.anchor
        switch schedule.cycle {
        case .weekly:
            let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            return "FREQ=WEEKLY;BYDAY=\(days[anchor.isoWeekday - 1])"
        case .yearly:
            if anchor.month == 2 && anchor.day == 29 { return "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1" }
            return "FREQ=YEARLY;BYMONTH=\(anchor.month);BYMONTHDAY=\(anchor.day)"
        case .monthly, .quarterly, .semiannual:
            let interval = schedule.cycle.months ?? 1
            let frequency = interval == 1 ? "FREQ=MONTHLY" : "FREQ=MONTHLY;INTERVAL=\(interval)"
            switch anchor.day {
            case 31: return frequency + ";BYMONTHDAY=-1"
            case 29, 30:
                let days = (28...anchor.day).map(String.init).joined(separator: ",")
                return frequency + ";BYMONTHDAY=\(days);BYSETPOS=-1"
            default: return frequency + ";BYMONTHDAY=\(anchor.day)"
            }
        }
    }

    /// The site in UIDs: its address without the scheme (`example.org/dash`), or `site-<hash of
    /// the title>` when it has no `base_url` — stable across builds, different between sites.
    package static func uidDomain(baseURL: String?, title: String) -> String {
        if let base = baseURL, let range = base.range(of: "://") {
            var rest = String(base[range.upperBound...])
            while rest.hasSuffix("/") { rest.removeLast() }
            if !rest.isEmpty { return rest }
        }
        return "site-" + String(UInt64(bitPattern: Int64(title.hashValueStable)), radix: 16)
    }

    /// A TEXT value (RFC 5545 §3.3.11): `\`, `;` and `,` escaped, line breaks (LF, CRLF or a CR
    /// alone) as `\n`, tab kept; every other control character, which a content line may not hold
    /// (§3.1), is U+FFFD as on the pages (`ControlCharacters.cleaned`), C1 controls included.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in ControlCharacters.cleaned(text).unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line, folded (RFC 5545 §3.1) so no line is longer than 75 octets: a CRLF and a
    /// space go between two Unicode scalars, never inside a multi-octet UTF-8 sequence. Ends in CRLF.
    static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    /// The URL property is a URI value, written unescaped: only a URL without characters that
    /// would need escaping in a content line goes there (it is in DESCRIPTION either way).
    static func isPlainURI(_ url: String) -> Bool {
        url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" }
    }

    /// `20261202`.
    static func compact(_ date: CalendarDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }
}
