import Breathing
import Charts
import Domain
import Foundation
import Mustache
import SiteData
import UIKeys

/// `breathing/`: the practice figures, the heatmap, programs and patterns; and one pacer page per
/// pattern at `breathing/<pattern>/`.
struct BreathingPages: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        renderer.page(
            "breathing/index.html", template: "pages/breathing", title: renderer.string(.breathing(.title)),
            section: "breathing", fields(renderer), into: &site)
        if renderer.forms != nil {
            // serve's list of the latest sessions, each with Edit (DESIGN.md §6): a page of its
            // own, so the breathing page stays small; `practice/` can be no pattern's page.
            renderer.page(
                "practice/index.html", template: "pages/sessions", title: renderer.string(.form(.recentSessions)),
                section: "breathing", ["sessions": renderer.recentSessions(100)], into: &site)
        }
        for pattern in renderer.data.patterns {
            queuePacer(pattern, into: &site, for: renderer)
        }
    }

    /// The breathing page's own values, computed when the page is rendered (a served site's,
    /// when it is asked for).
    private func fields(_ renderer: SiteRenderer) -> [String: MustacheValue] {
        let report = renderer.figures.breathing
        let patterns = report.patterns.map { entry -> MustacheValue in
            .object([
                "id": .string(entry.pattern.id), "name": .string(name(of: entry.pattern, renderer)),
                "phases": .string(
                    entry.pattern.isRetention ? roundsText(entry.pattern, renderer) : phaseText(entry.pattern)),
                "sessions": .int(entry.totals.sessions), "minutes": .string(renderer.minutes(entry.totals.minutes)),
                "sessions_label": .string(renderer.unit(.breathing(.sessions), for: entry.totals.sessions)),
            ])
        }
        var fields = renderer.breathingSummary()
        fields["patterns"] = .list(patterns)
        fields["time_of_day"] = .list(
            TimeOfDay.allCases.map { bucket in
                let totals = report.timeOfDay[bucket] ?? PracticeTotals()
                return .object([
                    "label": .string(renderer.string(.timeOfDay(bucket))),
                    "sessions": .int(totals.sessions), "minutes": .string(renderer.minutes(totals.minutes)),
                ])
            })
        fields["mood"] =
            report.mood.averageChange.map { change in
                .object([
                    "count": .int(report.mood.count),
                    "count_label": .string(renderer.unit(.breathing(.sessionsLogged), for: report.mood.count)),
                    "change": .string((change > 0 ? "+" : "") + NSDecimalNumber(decimal: change).stringValue),
                ])
            } ?? .null
        fields["programs"] = .list(report.programs.map { programValue($0, renderer) })
        fields["programs_grid"] = GridColumns.fields(report.programs.count, phone: [1], wide: [3, 2, 4])
        let weeks = weekTotals(report.heatmap)
        fields["weeks"] = .list(
            weeks.reversed().map { week in
                .object([
                    "start": renderer.dateValue(week.start),
                    "sessions": .int(week.sessions), "minutes": .string(renderer.minutes(week.minutes)),
                ])
            })
        fields["weeks_chart"] = .string(weeksChart(weeks, renderer))
        fields["start"] = startValue(renderer)
        fields["retention"] = .list(retentionValues(renderer))
        return fields
    }

    /// The breathing page's first action (issue 34): today's session — the pattern a program
    /// prescribes next, else the one practised most, else box breathing — one tap from Start, with
    /// the streak it keeps beside it.
    func startValue(_ renderer: SiteRenderer) -> MustacheValue {
        let report = renderer.figures.breathing
        let id = DashboardPage.practicePattern(report) ?? "box"
        guard let pattern = renderer.data.patterns.first(where: { $0.id == id }) ?? renderer.data.patterns.first
        else { return .null }
        let cycles = sessionCycles(pattern, renderer)
        let streak = report.streak
        return .object([
            "href": .string("\(pattern.id)/"),
            "name": .string(renderer.patternName(pattern)),
            "length": .string(
                pattern.isRetention
                    ? roundsText(pattern, renderer) : renderer.counted(.breathing(.lengthCycles), cycles)),
            "done": .bool(streak.practisedToday),
            "streak": .int(streak.current),
            "streak_label": .string(renderer.unit(.breathing(.currentStreak), for: streak.current)),
        ])
    }

    /// A week's practice: its Monday, and the days up to today.
    struct WeekTotal {
        var start: CalendarDate
        var sessions: Int
        var minutes: Decimal
    }

    /// The weeks the heatmap draws (from the first week with practice), oldest first.
    private func weekTotals(_ heatmap: PracticeHeatmap) -> [WeekTotal] {
        HeatmapChart.shownWeeks(of: heatmap).map { week in
            let past = week.filter { !$0.isFuture }
            return WeekTotal(
                start: week[0].date, sessions: past.reduce(0) { $0 + $1.sessions },
                minutes: past.reduce(Decimal(0)) { $0 + $1.seconds } / 60)
        }
    }

    /// Minutes each week as columns, a month's name under the week its first day falls in.
    private func weeksChart(_ weeks: [WeekTotal], _ renderer: SiteRenderer) -> String {
        let format = renderer.format
        let axisLabel = AxisLabel(language: renderer.data.site.language)
        let unit = renderer.string(.breathing(.minutes))
        let chart = ColumnChart(
            id: "by-week", title: renderer.string(.breathing(.byWeek)),
            description: renderer.string(
                .breathing(.byWeekDescription),
                [
                    "weeks": String(weeks.count), "from": weeks.first.map { format.date($0.start) } ?? "",
                    "to": format.date(renderer.today),
                    "minutes": renderer.minutes(weeks.reduce(Decimal(0)) { $0 + $1.minutes }),
                ]),
            columns: weeks.map { week in
                let monthStart = (0..<7).map { week.start.adding(days: $0) }.first { $0.day == 1 }
                return .init(
                    tick: monthStart.map { renderer.string(.chartMonth($0.month)) } ?? "",
                    label: renderer.counted(
                        .breathing(.week), week.sessions,
                        ["date": format.date(week.start), "minutes": renderer.minutes(week.minutes)]),
                    value: week.minutes)
            },
            yLabel: { axisLabel.number($0) + " " + unit })
        return chart.svg
    }

    private func programValue(_ progress: ProgramProgress, _ renderer: SiteRenderer) -> MustacheValue {
        let format = renderer.format
        return .object([
            "name": .string(name(of: progress.program, renderer)),
            "start": renderer.dateValue(progress.start),
            "completed": .int(progress.completedDays),
            "total": .int(progress.totalDays),
            "days_label": .string(renderer.unit(.breathing(.days), for: progress.totalDays)),
            "rate": .string(format.percent(progress.completionRate)),
            "rate_value": .string((progress.completionRate * 100).fixed(1)),
            "finished_on": renderer.dateValue(progress.finishedOn),
            "next_day": progress.nextDay.map { next in
                .object([
                    "day_text": .string(renderer.string(.breathing(.nextDayOf), ["day": String(next.day)])),
                    "pattern": .string(
                        renderer.data.patterns.first { $0.id == next.pattern }.map { name(of: $0, renderer) }
                            ?? next.pattern),
                    "pattern_id": .string(next.pattern), "cycles": .int(next.cycles),
                    "cycles_text": .string(renderer.counted(.breathing(.nextCycles), next.cycles)),
                ])
            } ?? .null,
        ])
    }

    /// `4-7-8-0`; the sigh's inhale with its top-up, `2+1-0-6-0`; a retention pattern's breath,
    /// `1.6-0-1.6-0`.
    func phaseText(_ pattern: BreathingPattern) -> String {
        func text(_ value: Decimal) -> String { NSDecimalNumber(decimal: value).stringValue }
        let inhale = text(pattern.inhale) + (pattern.topUp > 0 ? "+" + text(pattern.topUp) : "")
        return ([inhale] + [pattern.hold, pattern.exhale, pattern.rest].map(text)).joined(separator: "-")
    }

    /// `3 rounds · 30 breaths · recovery 15 s`: a retention pattern in words.
    func roundsText(_ pattern: BreathingPattern, _ renderer: SiteRenderer) -> String {
        renderer.string(
            .breathing(.roundsText),
            [
                "rounds": String(pattern.rounds), "breaths": String(pattern.breaths),
                "recovery": NSDecimalNumber(decimal: pattern.recovery).stringValue,
            ])
    }

    /// A built-in pattern's or program's name in the site's language; your own as you wrote it.
    func name(of pattern: BreathingPattern, _ renderer: SiteRenderer) -> String {
        renderer.patternName(pattern)
    }

    func name(of program: BreathingProgram, _ renderer: SiteRenderer) -> String {
        UIKey.builtInName(of: program).map(renderer.string) ?? program.name
    }
}
