import Badges
import Basics
import Charts
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// Values the dashboard shows alongside a section's own pages; they live on `SiteRenderer` so
/// both pages build them the same way.
extension SiteRenderer {
    /// A date as `partials/date` writes it: one `<time>` whose year (`lead` in Chinese, `trail` in
    /// English) is a span a phone hides when it is today's year (`this_year`). `text` is the whole
    /// date, for attributes; `iso` the `datetime`, the day unless `datetime` gives a moment.
    /// No date is `.null`, so a template's `{{#date}}` section leaves it out.
    func dateValue(_ date: CalendarDate?, datetime: String? = nil) -> MustacheValue {
        guard let date else { return .null }
        let parts = format.dateParts(date)
        return .object([
            "iso": .string(datetime ?? date.description),
            "text": .string(parts.lead + parts.main + parts.trail),
            "lead": .string(parts.lead), "main": .string(parts.main), "trail": .string(parts.trail),
            "this_year": .bool(date.year == today.year),
        ])
    }

    /// A calendar month as `partials/date` writes it: `Oct 2026` or `2026年10月`, its year a span
    /// a phone hides in today's year, so a narrow column says `Oct` or `10月` on one line.
    func monthValue(_ year: Int, _ month: Int) -> MustacheValue {
        let name = format.month(year, month)
        let lead = data.site.language == .zhHans ? "\(year)年" : ""
        let trail = data.site.language == .zhHans ? "" : " \(year)"
        return .object([
            "iso": .string("\(year.zeroPadded(4))-\(month.zeroPadded(2))"), "text": .string(name),
            "lead": .string(lead), "main": .string(String(name.dropFirst(lead.count).dropLast(trail.count))),
            "trail": .string(trail), "this_year": .bool(year == today.year),
        ])
    }

    /// What a goal card shows, on the dashboard, the goals list and the goal's own page.
    func goalFields(_ entry: SavingsReport.Entry) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        let percent = progress.progress.map { min($0, 1) * 100 }
        return [
            "id": .string(goal.id),
            "name": .string(goal.name),
            "display_name": .string(Self.unbroken(goal.name)),
            "icon": goal.icon.map { .string($0) } ?? .null,
            "mode": .string(string(.mode(goal.mode))),
            "saved": .string(format.money(progress.saved, goal.currency)),
            "target": goal.target.map { .string(format.money($0, goal.currency)) } ?? .null,
            "progress": progress.progress.map { .string(format.percent($0)) } ?? .null,
            "progress_value": percent.map { .string($0.fixed(1)) } ?? .null,
            "reached_on": dateValue(progress.reachedOn),
            "status": progress.status.map { .string(string(.status($0))) } ?? .null,
            "status_class": .string(progress.status?.rawValue ?? "none"),
            "next_due": dateValue(progress.nextDue),
            "overdue": overdueText(progress.overdueDays).map { .string($0) } ?? .null,
            "deposit_count": .int(progress.deposits),
            "deposits_label": .string(unit(.goals(.deposits), for: progress.deposits)),
            "jar": jar(of: goal.id).map { .object(jarFields($0, goal: goal)) } ?? .null,
        ]
    }

    /// A name as a heading shows it: a hyphen between two letters or digits is a non-breaking one
    /// (U+2011), so "WH-1000XM6" never breaks across lines (issue 25). Only for display: ids,
    /// titles and data keep the name as written.
    static func unbroken(_ name: String) -> String {
        var out = ""
        let characters = Array(name)
        let word = { (c: Character) in c.isLetter || c.isNumber }
        for (index, character) in characters.enumerated() {
            let joins =
                character == "-" && index > 0 && index + 1 < characters.count
                && word(characters[index - 1]) && word(characters[index + 1])
            out.append(joins ? "\u{2011}" : character)
        }
        return out
    }

    /// A sentence as HTML whose `kept` values (a name, a date) never break inside (issue 43): each
    /// in a no-wrap span, since a no-break space alone does not stop Chinese breaking between
    /// characters. The rest is escaped as `{{…}}` would escape it.
    func sentenceHTML(_ key: UIKey, _ values: [String: String], kept: Set<String>) -> String {
        var marked = values
        for name in kept { marked[name] = "\u{E000}\(name)\u{E001}" }
        var html = Self.escapedHTML(string(key, marked))
        for name in kept {
            let value = Self.escapedHTML(Self.unbroken(values[name] ?? ""))
            html = html.replacingOccurrences(
                of: "\u{E000}\(name)\u{E001}", with: "<span class=\"nowrap\">\(value)</span>")
        }
        return html
    }

    static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// "overdue by 16 days" when the next deposit's day has passed; nil when it has not.
    func overdueText(_ days: Int?) -> String? {
        guard let days, days > 0 else { return nil }
        return counted(.goals(.overdue), days, ["days": String(days)])
    }

    /// A goal's jar, the one place the pages read the jars from (`SiteRenderer.jars`, handed to the
    /// renderer as a value of their own).
    func jar(of goal: String) -> JarArtwork? {
        jars[goal]
    }

    /// What every page showing a jar says about it: its alt text. The goal page adds the rest.
    func jarFields(_ jar: JarArtwork, goal: Goal) -> [String: MustacheValue] {
        let value = format.exactMoney(jar.coinValue, goal.currency)
        return ["alt": .string(counted(.goals(.jarAlt), jar.coinCount, ["value": value]))]
    }

    /// When a wish goal would be reached with the slain subscriptions' monthly savings added,
    /// and how many days sooner that is; nil unless it is sooner than its projection.
    func slainSooner(_ entry: SavingsReport.Entry) -> (date: CalendarDate, planned: CalendarDate, text: String)? {
        guard let planned = entry.progress.projectedCompletion, let date = figures.projectedWithSlain[entry.goal.id],
            date < planned
        else { return nil }
        return (date, planned, counted(.goals(.sooner), date.days(to: planned)))
    }

    func quoteValue(_ quote: DailyQuote?, on day: CalendarDate) -> MustacheValue {
        guard let quote else { return .null }
        return .object(["text": .string(quote.text), "date": dateValue(day), "iso": .string(day.description)])
    }
}
