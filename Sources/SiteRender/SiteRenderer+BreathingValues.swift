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

/// What the dashboard and the breathing page show of the practice, built the same way for both.
extension SiteRenderer {
    /// The figures the dashboard and the breathing page share: totals, streaks, strength, and the
    /// practice calendar twice, when the two differ: every week shown (`heatmap_svg`) and the
    /// latest `HeatmapChart.minimumWeeks` (`heatmap_phone_svg`), which fits a phone's width. With no
    /// session yet there is no calendar, only the invitation to a first one (`first_practice`).
    func breathingSummary() -> [String: MustacheValue] {
        let report = figures.breathing
        var heatmap = HeatmapChart(
            heatmap: report.heatmap, title: string(.breathing(.heatmap)), description: "",
            dayLabel: { day in
                guard day.isRestDay, let pause = day.pause else {
                    return counted(
                        .breathing(.day), day.sessions,
                        ["date": format.date(day.date), "minutes": minutes(day.minutes)])
                }
                let rest = string(.breathing(.pausedDay), ["date": format.date(day.date)])
                return pause.note.map { "\(rest) · \($0)" } ?? rest
            },
            monthName: { string(.chartMonth($0)) }, weekdayName: { string(.chartWeekday($0)) },
            less: string(.breathing(.less)), more: string(.breathing(.more)), paused: string(.breathing(.paused)))
        heatmap.description = counted(
            .breathing(.heatmapDescription), report.totals.sessions,
            ["from": format.date(heatmap.firstDay), "to": format.date(today)])
        var phone = heatmap
        phone.maxWeeks = HeatmapChart.minimumWeeks
        phone.id = "heatmap-phone"
        phone.dayTitles = false
        phone.description = counted(
            .breathing(.heatmapDescription), report.totals.sessions,
            ["from": format.date(phone.firstDay), "to": format.date(today)])
        let practised = report.totals.sessions > 0
        let shownPauses = data.practicePauses.filter { $0.to >= heatmap.firstDay && $0.from <= today }
        let totalMinutes = minutes(report.totals.minutes)
        return [
            "session_count": .int(report.totals.sessions),
            "sessions_label": .string(unit(.breathing(.sessions), for: report.totals.sessions)),
            "minutes": .string(totalMinutes),
            "minutes_label": .string(unit(.breathing(.minutesLong), for: totalMinutes == "1" ? 1 : 0)),
            "current_streak": .int(report.streak.current),
            "current_streak_label": .string(unit(.breathing(.currentStreak), for: report.streak.current)),
            "longest_streak": .int(report.streak.longest),
            "longest_streak_label": .string(unit(.breathing(.longestStreak), for: report.streak.longest)),
            "streak_waits": .bool(!report.streak.practisedToday && report.streak.current > 0),
            "strength": report.strength.map { .string("\($0.percent)%") } ?? .null,
            "strength_value": report.strength.map { .int($0.percent) } ?? .null,
            "paused_days": report.pausedDays > 0 ? .int(report.pausedDays) : .null,
            "paused_days_label": .string(unit(.breathing(.pausedDays), for: report.pausedDays)),
            "has_pauses": .bool(!shownPauses.isEmpty),
            "pauses": .list(
                shownPauses.map { pause in
                    .object([
                        "from": dateValue(pause.from), "to": dateValue(pause.to),
                        "note": pause.note.map { .string($0) } ?? .null,
                    ])
                }),
            "heatmap_svg": practised ? .string(heatmap.svg) : .null,
            "heatmap_phone_svg": practised && phone.weeks.count < heatmap.weeks.count ? .string(phone.svg) : .null,
            "first_practice": practised ? .null : firstPractice(),
        ]
    }

    /// The invitation a calendar without a session shows: a first minute of the pattern a
    /// program prescribes next, or of box breathing.
    private func firstPractice() -> MustacheValue {
        let prescribed = figures.breathing.programs.compactMap(\.nextDay?.pattern).first
        let pattern =
            data.patterns.first { $0.id == prescribed } ?? data.patterns.first { $0.id == "box" } ?? data.patterns.first
        guard let pattern else { return .object(["text": .string(string(.breathing(.noPractice))), "href": .null]) }
        return .object([
            "text": .string(string(.breathing(.noPractice))),
            "href": .string("breathing/\(pattern.id)/"),
            "link": .string(string(.breathing(.tryPattern), ["pattern": patternName(pattern)])),
        ])
    }

    /// A built-in pattern's name in the site's language; your own as you wrote it.
    func patternName(_ pattern: BreathingPattern) -> String {
        UIKey.builtInName(of: pattern).map(string) ?? pattern.name
    }

    /// `Holds 62 · 75 · 91 s`: a retention session's holds as the person logged them.
    func holdsText(_ holds: [Int]) -> String {
        string(.breathing(.holdsList), ["holds": holds.map(String.init).joined(separator: " · ")])
    }

    func minutes(_ value: Decimal) -> String {
        var text = value.fixed(1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
