import Domain
import Foundation
import Jar
import Mustache

extension SiteRenderer {
    func renderDashboard(into site: inout PageQueue) {
        let unlocked = figures.badges.filter { $0.unlockedOn != nil }
            .sorted { ($0.unlockedOn!, $0.definition.id) > ($1.unlockedOn!, $1.definition.id) }
        let fields: [String: MustacheValue] = [
            "quote": quoteValue(figures.quote, on: today),
            "goals": .list(figures.savings.entries.map { .object(goalFields($0)) }),
            "has_goals": .bool(!figures.savings.entries.isEmpty),
            "total_saved": .string(format.money(figures.savings.totalSaved, data.site.currency)),
            "recent_badges": .list(unlocked.prefix(4).map(badgeValue)),
            "has_recent_badges": .bool(!unlocked.isEmpty),
            "subscriptions": .object(subscriptionSummary()),
            "breathing": .object(breathingSummary()),
        ]
        page(
            "index.html", template: "pages/dashboard", title: data.site.title, section: "home", fields, into: &site)
    }

    func renderGoals(into site: inout PageQueue) {
        page(
            "goals/index.html", template: "pages/goals", title: string("goals.title"), section: "goals",
            [
                "goals": .list(figures.savings.entries.map { .object(goalFields($0)) }),
                "has_goals": .bool(!figures.savings.entries.isEmpty),
                "total_saved": .string(format.money(figures.savings.totalSaved, data.site.currency)),
            ], into: &site)
        for entry in figures.savings.entries {
            if let jar = figures.jars[entry.goal.id] {
                let folder = "goals/\(entry.goal.id)"
                site.add("\(folder)/jar.svg", jar.jarSVG)
                site.add("\(folder)/drop.svg", jar.dropSVG)
                for (index, frame) in jar.frames.enumerated() {
                    site.add("\(folder)/frames/\(JarArtwork.frameFileName(index + 1))", frame)
                }
            }
            page(
                "goals/\(entry.goal.id)/index.html", template: "pages/goal", title: entry.goal.name,
                section: "goals", goalPage(entry), into: &site)
        }
    }

    /// What a goal card shows, on the dashboard, the goals list and the goal's own page.
    func goalFields(_ entry: SavingsReport.Entry) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        let percent = progress.progress.map { min($0, 1) * 100 }
        return [
            "id": .string(goal.id),
            "name": .string(goal.name),
            "icon": goal.icon.map { .string($0) } ?? .null,
            "mode": .string(string("mode.\(goal.mode.rawValue)")),
            "saved": .string(format.money(progress.saved, goal.currency)),
            "target": goal.target.map { .string(format.money($0, goal.currency)) } ?? .null,
            "progress": progress.progress.map { .string(format.percent($0)) } ?? .null,
            "progress_value": percent.map { .string($0.fixed(1)) } ?? .null,
            "reached_on": progress.reachedOn.map { .string(format.date($0)) } ?? .null,
            "status": progress.status.map { .string(string("status.\($0.rawValue)")) } ?? .null,
            "status_class": .string(progress.status?.rawValue ?? "none"),
            "next_due": progress.nextDue.map { .string(format.date($0)) } ?? .null,
            "deposit_count": .int(progress.deposits),
            "jar": figures.jars[goal.id].map { jarValue($0, goal: goal) } ?? .null,
        ]
    }

    private func goalPage(_ entry: SavingsReport.Entry) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        var fields = goalFields(entry)
        fields["deposits"] = .list(
            goal.deposits.sorted { $0.at > $1.at }.map { deposit in
                .object([
                    "date": .string(format.date(deposit.at.date)), "iso": .string(deposit.at.description),
                    "amount": .string(format.money(deposit.amount, goal.currency)),
                    "note": deposit.note.map { .string($0) } ?? .null,
                ])
            })
        fields["note_html"] = goal.note.map { .string(markdown($0, unsafeHTML: data.site.unsafeHTML)) } ?? .null
        fields["plan"] =
            goal.plan.map { plan in
                .object([
                    "amount": .string(format.money(plan.amount, goal.currency)),
                    "frequency": .string(string("frequency.\(plan.frequency.rawValue)")),
                    "start": .string(format.date(plan.start)),
                    "periods": plan.periods.map { .int($0) } ?? .null,
                    "periods_done": progress.periodsDone.map { .int($0) } ?? .null,
                    "missed_periods": progress.missedPeriods.map { .int($0) } ?? .null,
                    "rate": plan.annualRate.map { .string(format.percent($0, digits: 1)) } ?? .null,
                ])
            } ?? .null
        fields["projected_completion"] = progress.projectedCompletion.map { .string(format.date($0)) } ?? .null
        fields["projection"] = projectionValue(goal, progress.projection)
        return fields
    }

    /// The compound curve as an inline SVG chart and the same figures as a table.
    private func projectionValue(_ goal: Goal, _ points: [ProjectionPoint]?) -> MustacheValue {
        guard let points, !points.isEmpty else { return .null }
        let chart = LineChart(
            title: string("goals.projection"),
            description: string(
                "goals.projection_desc",
                [
                    "years": String(points.count), "contributed": format.money(points.last!.contributed, goal.currency),
                    "value": format.money(points.last!.value, goal.currency),
                ]),
            xLabels: ["0"] + points.map { String($0.year) },
            series: [
                .init(name: string("goals.value"), style: "value", values: [0] + points.map(\.value)),
                .init(name: string("goals.contributed"), style: "contributed", values: [0] + points.map(\.contributed)),
            ])
        return .object([
            "svg": .string(chart.svg),
            "rows": .list(
                points.map { point in
                    .object([
                        "year": .int(point.year),
                        "contributed": .string(format.money(point.contributed, goal.currency)),
                        "value": .string(format.money(point.value, goal.currency)),
                    ])
                }),
        ])
    }

    /// What the page says about a jar: its alt text and whether there is a fall to play.
    private func jarValue(_ jar: JarArtwork, goal: Goal) -> MustacheValue {
        .object([
            "alt": .string(
                string(
                    "goals.jar_alt",
                    ["coins": String(jar.coinCount), "value": format.money(jar.coinValue, goal.currency)])),
            "has_fall": .bool(!jar.frames.isEmpty),
        ])
    }
}
