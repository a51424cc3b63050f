import Breathing
import Domain
import Foundation

/// The 53-week practice heatmap as an accessible inline SVG: one square per day, Monday at the
/// top, a `<title>` on every day for pointers and screen readers, colour levels from CSS classes
/// (`level-0` … `level-4`, `future`) so the theme's tokens decide the colours.
struct HeatmapChart {
    let heatmap: PracticeHeatmap
    let title: String
    let description: String
    /// "2026-11-28: 2 sessions, 12 min" for one day.
    let dayLabel: (PracticeHeatmap.Day) -> String

    static let cell = 11.0, gap = 3.0

    var svg: String {
        let width = Double(heatmap.weeks.count) * (HeatmapChart.cell + HeatmapChart.gap)
        let height = 7 * (HeatmapChart.cell + HeatmapChart.gap)
        var out = "<svg class=\"heatmap\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" "
        out += "aria-labelledby=\"heatmap-title heatmap-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out +=
            "<title id=\"heatmap-title\">\(XMLText.escape(title))</title><desc id=\"heatmap-desc\">\(XMLText.escape(description))</desc>"
        for (column, week) in heatmap.weeks.enumerated() {
            for (row, day) in week.enumerated() {
                let x = Double(column) * (HeatmapChart.cell + HeatmapChart.gap)
                let y = Double(row) * (HeatmapChart.cell + HeatmapChart.gap)
                let style = day.isFuture ? "future" : "level-\(day.level)"
                out += "<rect class=\"\(style)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(HeatmapChart.cell))\" "
                out += "height=\"\(f(HeatmapChart.cell))\" rx=\"2\">"
                if !day.isFuture { out += "<title>\(XMLText.escape(dayLabel(day)))</title>" }
                out += "</rect>"
            }
        }
        return out + "</svg>"
    }

    private func f(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
