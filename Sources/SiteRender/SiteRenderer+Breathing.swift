import Domain
import Foundation
import Mustache

extension SiteRenderer {
    /// `breathing/`: the practice figures, the heatmap, programs and patterns; and one pacer page
    /// per pattern at `breathing/<pattern>/`.
    func renderBreathing(into site: inout PageQueue) {
        let report = figures.breathing
        let patterns = report.patterns.map { entry -> MustacheValue in
            .object([
                "id": .string(entry.pattern.id), "name": .string(name(of: entry.pattern)),
                "phases": .string(phaseText(entry.pattern)),
                "sessions": .int(entry.totals.sessions), "minutes": .string(minutes(entry.totals.minutes)),
            ])
        }
        var fields = breathingSummary()
        fields["patterns"] = .list(patterns)
        fields["time_of_day"] = .list(
            TimeOfDay.allCases.map { bucket in
                let totals = report.timeOfDay[bucket] ?? PracticeTotals()
                return .object([
                    "label": .string(string("breathing.time.\(bucket.rawValue)")), "sessions": .int(totals.sessions),
                    "minutes": .string(minutes(totals.minutes)),
                ])
            })
        fields["mood"] =
            report.mood.averageChange.map { change in
                .object([
                    "count": .int(report.mood.count),
                    "change": .string((change > 0 ? "+" : "") + NSDecimalNumber(decimal: change).stringValue),
                ])
            } ?? .null
        fields["programs"] = .list(report.programs.map(programValue))
        fields["weeks"] = .list(
            report.heatmap.weeks.filter { !$0[0].isFuture }.reversed().map { week in
                let past = week.filter { !$0.isFuture }
                return .object([
                    "start": .string(format.date(week[0].date)), "iso": .string(week[0].date.description),
                    "sessions": .int(past.reduce(0) { $0 + $1.sessions }),
                    "minutes": .string(minutes(past.reduce(Decimal(0)) { $0 + $1.seconds } / 60)),
                ])
            })
        let content = fields
        page(
            "breathing/index.html", template: "pages/breathing", title: string("breathing.title"),
            section: "breathing", content, into: &site)
        for pattern in data.patterns {
            renderPacer(pattern, into: &site)
        }
    }

    /// The figures the dashboard and the breathing page share: totals, streaks, strength, heatmap.
    func breathingSummary() -> [String: MustacheValue] {
        let report = figures.breathing
        let heatmap = HeatmapChart(
            heatmap: report.heatmap, title: string("breathing.heatmap"),
            description: string(
                "breathing.heatmap_desc",
                [
                    "from": format.date(report.heatmap.firstDay), "to": format.date(today),
                    "sessions": String(report.totals.sessions),
                ]),
            dayLabel: { day in
                string(
                    "breathing.day",
                    [
                        "date": format.date(day.date), "sessions": String(day.sessions),
                        "minutes": minutes(day.minutes),
                    ])
            })
        return [
            "session_count": .int(report.totals.sessions),
            "minutes": .string(minutes(report.totals.minutes)),
            "current_streak": .int(report.streak.current),
            "longest_streak": .int(report.streak.longest),
            "practised_today": .bool(report.streak.practisedToday),
            "strength": report.strength.map { .string("\($0.percent)%") } ?? .null,
            "strength_value": report.strength.map { .int($0.percent) } ?? .null,
            "heatmap_svg": .string(heatmap.svg),
        ]
    }

    private func programValue(_ progress: ProgramProgress) -> MustacheValue {
        .object([
            "name": .string(name(of: progress.program)),
            "start": .string(format.date(progress.start)),
            "completed": .int(progress.completedDays),
            "total": .int(progress.totalDays),
            "rate": .string(format.percent(progress.completionRate)),
            "rate_value": .string((progress.completionRate * 100).fixed(1)),
            "finished_on": progress.finishedOn.map { .string(format.date($0)) } ?? .null,
            "next_day": progress.nextDay.map { next in
                .object([
                    "day": .int(next.day),
                    "pattern": .string(data.patterns.first { $0.id == next.pattern }.map(name(of:)) ?? next.pattern),
                    "pattern_id": .string(next.pattern), "cycles": .int(next.cycles),
                ])
            } ?? .null,
        ])
    }

    /// `breathing/<pattern>/`: the pacer, animated by CSS generated from the phase timeline, and a
    /// text guide that is all that shows under reduced motion.
    private func renderPacer(_ pattern: BreathingPattern, into site: inout PageQueue) {
        let labels = BreathPhase.allCases.map { phase -> MustacheValue in
            .object(["phase": .string(phase.rawValue), "label": .string(string("breathing.phase.\(phase.rawValue)"))])
        }
        let guide = pattern.phases.map { length -> MustacheValue in
            .string(
                string(
                    "breathing.guide.\(length.phase.rawValue)",
                    ["seconds": NSDecimalNumber(decimal: length.seconds).stringValue]))
        }
        page(
            "breathing/\(pattern.id)/index.html", template: "pages/pacer", title: name(of: pattern),
            section: "breathing",
            [
                "name": .string(name(of: pattern)),
                "phases": .string(phaseText(pattern)),
                "cycle_seconds": .string(NSDecimalNumber(decimal: pattern.cycleSeconds).stringValue),
                "pacer_css": .string(PacerStyle.css(for: pattern)),
                "labels": .list(labels),
                "guide": .list(guide),
                "sessions": .int(
                    figures.breathing.patterns.first { $0.pattern.id == pattern.id }?.totals.sessions ?? 0),
            ], into: &site)
    }

    private func phaseText(_ pattern: BreathingPattern) -> String {
        [pattern.inhale, pattern.hold, pattern.exhale, pattern.rest]
            .map { NSDecimalNumber(decimal: $0).stringValue }.joined(separator: "-")
    }

    /// A built-in pattern's or program's name in the site's language; your own as you wrote it.
    func name(of pattern: BreathingPattern) -> String {
        guard BreathingPattern.builtIn.contains(where: { $0.id == pattern.id }) else { return pattern.name }
        return optionalString("breathing.builtin.\(pattern.id)") ?? pattern.name
    }

    func name(of program: BreathingProgram) -> String {
        guard program.id == BreathingProgram.calmStart.id else { return program.name }
        return optionalString("breathing.builtin.\(program.id)") ?? program.name
    }

    func minutes(_ value: Decimal) -> String {
        var text = value.fixed(1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
