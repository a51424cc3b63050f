import Breathing
import Charts
import Domain
import Foundation
import Mustache
import UIKeys

/// The breathing page's holds (issue 44): per retention pattern, the longest hold ever and a chart
/// of each week's mean and longest hold, with its table for screen readers and paper.
extension BreathingPages {
    func retentionValues(_ renderer: SiteRenderer) -> [MustacheValue] {
        renderer.figures.breathing.patterns.compactMap { entry in
            entry.retention.map { retentionValue(entry.pattern, $0, renderer) }
        }
    }

    private func retentionValue(_ pattern: BreathingPattern, _ record: RetentionRecord, _ renderer: SiteRenderer)
        -> MustacheValue
    {
        let unit = renderer.string(.breathing(.seconds))
        let name = renderer.patternName(pattern)
        let weeks = record.weeks.map { week in
            MustacheValue.object([
                "monday": renderer.dateValue(week.week.monday), "week": .string(week.week.description),
                "mean": .string(week.mean.fixed(1)), "longest": .int(week.longest), "holds": .int(week.holds),
            ])
        }
        return .object([
            "id": .string(pattern.id), "name": .string(name),
            "summary": .string(roundsText(pattern, renderer)),
            "longest": record.longestHold.map { .int($0) } ?? .null,
            "unit": .string(unit),
            "chart": record.weeks.isEmpty ? .null : .string(retentionChart(name, record, renderer)),
            "weeks": .list(weeks.reversed()),
            "from": record.weeks.first.map { renderer.dateValue($0.week.monday) } ?? .null,
        ])
    }

    /// Each week's mean hold and longest hold as two lines over the weeks since the first.
    private func retentionChart(_ name: String, _ record: RetentionRecord, _ renderer: SiteRenderer) -> String {
        let format = renderer.format
        let unit = renderer.string(.breathing(.seconds))
        let first = record.weeks[0].week.monday
        func x(_ week: RetentionRecord.Week) -> Double { Double(first.days(to: week.week.monday) / 7) }
        let last = record.weeks.last.map(x) ?? 0
        let step = max(1, Int((last / 6).rounded(.up)))
        let chart = LineChart(
            title: renderer.string(.breathing(.retentionChart), ["pattern": name]),
            description: renderer.string(
                .breathing(.retentionChartDescription),
                [
                    "weeks": String(record.weeks.count), "from": format.date(first),
                    "to": format.date(renderer.today), "longest": String(record.longestHold ?? 0),
                ]),
            xDomain: 0...max(last, 1),
            xTicks: stride(from: 0, through: Int(max(last, 1)), by: step).map {
                .init(x: Double($0), label: String($0))
            },
            xAxisTitle: renderer.string(.breathing(.weekNumber)),
            yLabel: { String(Int($0.rounded())) + " " + unit },
            marker: nil,
            series: [
                .init(
                    name: renderer.string(.breathing(.weeklyLongest)), style: "contributed",
                    points: record.weeks.map { .init(x: x($0), value: Decimal($0.longest)) }),
                .init(
                    name: renderer.string(.breathing(.weeklyMean)), style: "value",
                    points: record.weeks.map { .init(x: x($0), value: $0.mean) },
                    // A first week is one point, no line: a dot, and its mean beside it.
                    endLabel: record.weeks.count == 1 ? record.weeks[0].mean.fixed(1) + " " + unit : nil),
            ])
        return chart.svg
    }
}
