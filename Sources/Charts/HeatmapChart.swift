import Breathing
import Domain
import Foundation
import SiteFormats

/// The practice heatmap as an accessible inline SVG, laid out like GitHub's contribution graph:
/// one square per day, Monday at the top, month names above the weeks where a month begins,
/// Monday, Wednesday and Friday named on the left, today outlined, and a "less … more" legend of
/// the same squares below. It starts at the first week with practice (with at least four weeks
/// of history, never fewer than `minimumWeeks` columns; never more than the engine's 53), so a
/// habit begun in June does not sit behind half a year of empty squares and a habit begun last
/// week is not a wall of empty ones. `maxWeeks` keeps only the latest weeks: the phone's
/// calendar, which fits its container instead of scrolling. Colour levels come from CSS classes
/// (`h0` … `h4`, short: a year has 371 of them) so the theme's tokens decide the colours; the SVG's `width` is its
/// natural size, which the page's CSS lets shrink to its container but never grow.
package struct HeatmapChart {
    package let heatmap: PracticeHeatmap
    package let title: String
    package var description: String
    /// "2026-11-28: 2 sessions, 12 min" for one day.
    package let dayLabel: (PracticeHeatmap.Day) -> String
    /// A short month name, 1 … 12.
    package let monthName: (Int) -> String
    /// A short weekday name, 1 (Monday) … 7.
    package let weekdayName: (Int) -> String
    package let less: String
    package let more: String
    /// The legend's name for a hatched day, shown when one is drawn.
    package var paused = ""
    /// The latest weeks only, at most this many; nil for every week `shownWeeks` gives.
    package var maxWeeks: Int? = nil
    /// The prefix of the title's and description's ids, unique on a page that shows two calendars.
    package var id = "heatmap"
    /// Each day's words as a tooltip (`<title>`). The phone's calendar leaves them out: a phone
    /// has no pointer to hover with, the wide calendar has them for a screen reader, and the page
    /// stays within its size budget (issue 34).
    package var dayTitles = true

    package init(
        heatmap: PracticeHeatmap, title: String, description: String,
        dayLabel: @escaping (PracticeHeatmap.Day) -> String, monthName: @escaping (Int) -> String,
        weekdayName: @escaping (Int) -> String, less: String, more: String, paused: String = "", maxWeeks: Int? = nil,
        id: String = "heatmap", dayTitles: Bool = true
    ) {
        self.heatmap = heatmap
        self.title = title
        self.description = description
        self.dayLabel = dayLabel
        self.monthName = monthName
        self.weekdayName = weekdayName
        self.less = less
        self.more = more
        self.paused = paused
        self.maxWeeks = maxWeeks
        self.id = id
        self.dayTitles = dayTitles
    }

    static let cell = 12.0, gap = 3.0, left = 36.0, top = 20.0, right = 24.0
    package static let minimumWeeks = 17
    /// A habit younger than this many weeks is drawn from its first week only.
    static let youngWeeks = 4
    static var pitch: Double { cell + gap }

    /// The weeks drawn, oldest first.
    package var weeks: ArraySlice<[PracticeHeatmap.Day]> {
        let shown = HeatmapChart.shownWeeks(of: heatmap)
        guard let maxWeeks, shown.count > maxWeeks else { return shown }
        return shown.suffix(maxWeeks)
    }

    /// From the first week with a session: at least `minimumWeeks`, unless the habit is younger
    /// than `youngWeeks`, when its own weeks are all there is to see. The breathing page's weekly
    /// chart shows the same weeks.
    package static func shownWeeks(of heatmap: PracticeHeatmap) -> ArraySlice<[PracticeHeatmap.Day]> {
        let all = heatmap.weeks
        let firstPractice = all.firstIndex { $0.contains { $0.sessions > 0 && !$0.isFuture } } ?? all.count
        if firstPractice < all.count, all.count - firstPractice < youngWeeks { return all[firstPractice...] }
        return all[max(0, min(firstPractice, all.count - minimumWeeks))...]
    }

    package var firstDay: CalendarDate { weeks.first?[0].date ?? heatmap.firstDay }

    /// The columns that get a month's name: each week holding a month's first day, and the first
    /// column when no such week follows within three columns.
    var monthLabels: [(column: Int, month: Int)] {
        var labels: [(column: Int, month: Int)] = []
        for (column, week) in weeks.enumerated() {
            if let first = week.first(where: { $0.date.day == 1 }) { labels.append((column, first.date.month)) }
        }
        if labels.first?.column != 0, (labels.first?.column ?? .max) >= 3, let start = weeks.first {
            labels.insert((0, start[0].date.month), at: 0)
        }
        return labels
    }

    /// The grid's width, or the legend's when a young habit's few weeks are narrower.
    var size: (width: Double, height: Double) {
        let grid = HeatmapChart.left + Double(weeks.count) * HeatmapChart.pitch + HeatmapChart.right
        return (max(grid, legendWidth + HeatmapChart.right), HeatmapChart.top + 7 * HeatmapChart.pitch + 24)
    }

    package var svg: String {
        let (width, height) = size
        var out = "<svg class=\"heatmap\" width=\"\(f(width))\" height=\"\(f(height))\" "
        out += "viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" "
        out += "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out += "<title id=\"\(id)-title\">\(XMLText.escape(title))</title>"
        out += "<desc id=\"\(id)-desc\">\(XMLText.escape(description))</desc>"
        for label in monthLabels {
            out += "<text class=\"axis\" x=\"\(f(HeatmapChart.left + Double(label.column) * HeatmapChart.pitch))\" "
            out += "y=\"\(f(HeatmapChart.top - 7))\">\(XMLText.escape(monthName(label.month)))</text>"
        }
        for row in [0, 2, 4] {
            out += "<text class=\"axis\" x=\"\(f(HeatmapChart.left - 6))\" "
            out += "y=\"\(f(HeatmapChart.top + Double(row) * HeatmapChart.pitch + 10))\" text-anchor=\"end\">"
            out += "\(XMLText.escape(weekdayName(row + 1)))</text>"
        }
        let lastPastDay = heatmap.lastPastDay
        for (column, week) in weeks.enumerated() {
            for (row, day) in week.enumerated() where !day.isFuture {
                let x = HeatmapChart.left + Double(column) * HeatmapChart.pitch
                let y = HeatmapChart.top + Double(row) * HeatmapChart.pitch
                let isToday = day.date == lastPastDay
                out += "<rect class=\"h\(day.level)\(isToday ? " today" : "")\" x=\"\(f(x))\" y=\"\(f(y))\" "
                out += "width=\"\(f(HeatmapChart.cell))\" height=\"\(f(HeatmapChart.cell))\""
                out += dayTitles ? "><title>\(XMLText.escape(dayLabel(day)))</title></rect>" : "/>"
                if day.isRestDay { out += HeatmapChart.hatch(x: x, y: y) }
            }
        }
        return out + legend(width: width, y: HeatmapChart.top + 7 * HeatmapChart.pitch + 6) + "</svg>"
    }

    /// The diagonal lines over a paused day without practice (and its legend square).
    static func hatch(x: Double, y: Double) -> String {
        let c = cell
        func p(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        }
        return
            "<path class=\"hatch\" d=\"M\(p(x)) \(p(y + c / 2))L\(p(x + c / 2)) \(p(y))M\(p(x)) \(p(y + c))L\(p(x + c)) \(p(y))"
            + "M\(p(x + c / 2)) \(p(y + c))L\(p(x + c)) \(p(y + c / 2))\"/>"
    }

    /// Whether any day drawn is a paused day without practice, which the legend then names.
    var showsRest: Bool { weeks.contains { $0.contains { $0.isRestDay } } }

    /// "Less", five squares, "More": the room the legend takes.
    private var legendWidth: Double {
        LineChart.textWidth(less) * 0.86 + 4 + 5 * HeatmapChart.pitch + 6 + LineChart.textWidth(more) * 0.86
    }

    /// "Less ■■■■■ More", right-aligned under the grid, with the grid's own squares.
    private func legend(width: Double, y: Double) -> String {
        let moreWidth = LineChart.textWidth(more) * 0.86
        var x = width - HeatmapChart.right - moreWidth - 6 - 5 * HeatmapChart.pitch
        var out =
            "<text class=\"axis\" x=\"\(f(x - 4))\" y=\"\(f(y + 10))\" text-anchor=\"end\">\(XMLText.escape(less))</text>"
        if showsRest, !paused.isEmpty {
            let left = HeatmapChart.left
            out += "<rect class=\"h0\" x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(HeatmapChart.cell))\" "
            out += "height=\"\(f(HeatmapChart.cell))\"/>" + HeatmapChart.hatch(x: left, y: y)
            out += "<text class=\"axis\" x=\"\(f(left + HeatmapChart.pitch + 1))\" y=\"\(f(y + 10))\">"
            out += "\(XMLText.escape(paused))</text>"
        }
        for level in 0...4 {
            out += "<rect class=\"h\(level)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(HeatmapChart.cell))\" "
            out += "height=\"\(f(HeatmapChart.cell))\"/>"
            x += HeatmapChart.pitch
        }
        return out + "<text class=\"axis\" x=\"\(f(x + 1))\" y=\"\(f(y + 10))\">\(XMLText.escape(more))</text>"
    }

    private func f(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

extension PracticeHeatmap {
    /// Today: the last day of the grid that is not in the future.
    var lastPastDay: CalendarDate? { weeks.last?.last(where: { !$0.isFuture })?.date }
}
