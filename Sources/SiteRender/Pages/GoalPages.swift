import Domain
import Jar
import Mustache

/// `goals/`: every goal's card; `goals/<id>/`: one page per goal with its deposits, plan and
/// projection, plus its jar artwork (`jar.svg`, `drop.svg`, the fall's frames) queued before it.
struct GoalPages: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let figures = renderer.figures
        renderer.page(
            "goals/index.html", template: "pages/goals", title: renderer.string("goals.title"), section: "goals",
            [
                "goals": .list(figures.savings.entries.map { .object(renderer.goalFields($0)) }),
                "has_goals": .bool(!figures.savings.entries.isEmpty),
                "total_saved": .string(renderer.format.money(figures.savings.totalSaved, renderer.data.site.currency)),
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
            renderer.page(
                "goals/\(entry.goal.id)/index.html", template: "pages/goal", title: entry.goal.name,
                section: "goals", goalPage(entry, renderer), into: &site)
        }
    }

    private func goalPage(_ entry: SavingsReport.Entry, _ renderer: SiteRenderer) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        let format = renderer.format
        var fields = renderer.goalFields(entry)
        fields["deposits"] = .list(
            goal.deposits.sorted { $0.at > $1.at }.map { deposit in
                .object([
                    "date": .string(format.date(deposit.at.date)), "iso": .string(deposit.at.description),
                    "amount": .string(format.money(deposit.amount, goal.currency)),
                    "note": deposit.note.map { .string($0) } ?? .null,
                ])
            })
        fields["note_html"] =
            goal.note.map { .string(renderer.markdown($0, unsafeHTML: renderer.data.site.unsafeHTML)) } ?? .null
        fields["plan"] =
            goal.plan.map { plan in
                .object([
                    "amount": .string(format.money(plan.amount, goal.currency)),
                    "frequency": .string(renderer.string("frequency.\(plan.frequency.rawValue)")),
                    "start": .string(format.date(plan.start)),
                    "periods": plan.periods.map { .int($0) } ?? .null,
                    "periods_done": progress.periodsDone.map { .int($0) } ?? .null,
                    "missed_periods": progress.missedPeriods.map { .int($0) } ?? .null,
                    "rate": plan.annualRate.map { .string(format.percent($0, digits: 1)) } ?? .null,
                ])
            } ?? .null
        fields["projected_completion"] = progress.projectedCompletion.map { .string(format.date($0)) } ?? .null
        fields["projection"] = projectionValue(goal, progress.projection, renderer)
        return fields
    }

    /// The compound curve as an inline SVG chart and the same figures as a table.
    private func projectionValue(
        _ goal: Goal, _ points: [ProjectionPoint]?, _ renderer: SiteRenderer
    ) -> MustacheValue {
        guard let points, !points.isEmpty else { return .null }
        let format = renderer.format
        let chart = LineChart(
            title: renderer.string("goals.projection"),
            description: renderer.string(
                "goals.projection_desc",
                [
                    "years": String(points.count), "contributed": format.money(points.last!.contributed, goal.currency),
                    "value": format.money(points.last!.value, goal.currency),
                ]),
            xLabels: ["0"] + points.map { String($0.year) },
            series: [
                .init(name: renderer.string("goals.value"), style: "value", values: [0] + points.map(\.value)),
                .init(
                    name: renderer.string("goals.contributed"), style: "contributed",
                    values: [0] + points.map(\.contributed)),
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
}
