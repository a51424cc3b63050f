import Foundation
import SiteFormats

/// An accessible inline SVG column chart over time, such as minutes practised each week: one
/// accent-coloured column per period, oldest on the left, y ticks from `ValueAxis`, a label under
/// the columns that start something (a month), and a `<title>` on every column for pointers and
/// screen readers. The full figures go in a table behind `<details>`.
package struct ColumnChart {
    package struct Column {
        /// Under the column, or empty.
        package var tick: String
        /// The column's `<title>`: "Week of 2 Nov 2026: 3 sessions, 24 min".
        package var label: String
        package var value: Decimal
        /// A tick a phone leaves out (every other month), so the rest do not run into each other.
        package var minor = false

        package init(tick: String, label: String, value: Decimal, minor: Bool = false) {
            self.tick = tick
            self.label = label
            self.value = value
            self.minor = minor
        }
    }

    package var id: String
    package var title: String
    package var description: String
    package var columns: [Column]
    /// A y tick's label, with its unit.
    package var yLabel: (Double) -> String
    /// A dashed line across the columns at a value (the average month), labelled above the plot
    /// at its right, where no column reaches (issue 25: the label sat on the columns).
    package var reference: (value: Decimal, label: String)? = nil

    package init(
        id: String, title: String, description: String, columns: [Column], yLabel: @escaping (Double) -> String,
        reference: (value: Decimal, label: String)? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.columns = columns
        self.yLabel = yLabel
        self.reference = reference
    }

    static let width = 640.0, height = 220.0
    static let right = 8.0, bottom = 28.0
    /// Room above the plot: twice as much with a reference line, whose label goes there.
    var top: Double { reference == nil ? 20 : 40 }

    var axis: ValueAxis {
        let values = columns.map(\.value) + (reference.map { [$0.value] } ?? [])
        return ValueAxis(fitting: values.map { NSDecimalNumber(decimal: $0).doubleValue }.max() ?? 0, intervals: 4)
    }

    /// Room for the longest y label at the phone's larger type (1.5 × 14 px).
    var left: Double { max(48, (axis.ticks.map { LineChart.textWidth(yLabel($0)) }.max() ?? 0) * 1.5 + 12) }

    package var svg: String {
        let axis = axis
        let left = left
        let plotWidth = ColumnChart.width - left - ColumnChart.right
        let top = self.top
        let plotHeight = ColumnChart.height - top - ColumnChart.bottom
        let pitch = plotWidth / Double(max(columns.count, 1))
        func y(_ value: Double) -> Double { top + plotHeight * (1 - value / axis.top) }
        var out = "<svg class=\"chart columns\" viewBox=\"0 0 \(f(ColumnChart.width)) \(f(ColumnChart.height))\" "
        out += "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out +=
            "<title id=\"\(id)-title\">\(XMLText.escape(title))</title><desc id=\"\(id)-desc\">\(XMLText.escape(description))</desc>"
        for tick in axis.ticks {
            out += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" "
            out += "x2=\"\(f(ColumnChart.width - ColumnChart.right))\" y2=\"\(f(y(tick)))\"/>"
            out += "<text class=\"axis\" x=\"\(f(left - 8))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">"
            out += "\(XMLText.escape(yLabel(tick)))</text>"
        }
        for (index, column) in columns.enumerated() {
            let x = left + Double(index) * pitch
            let value = NSDecimalNumber(decimal: column.value).doubleValue
            if value > 0 {
                let top = min(y(value), y(0) - 1)
                out += "<rect class=\"mark\" x=\"\(f(x + pitch * 0.1))\" y=\"\(f(top))\" width=\"\(f(pitch * 0.8))\" "
                out += "height=\"\(f(y(0) - top))\"><title>\(XMLText.escape(column.label))</title></rect>"
            }
            if !column.tick.isEmpty {
                // Centred under its column; a name that would run off the right edge ends at it.
                let centre = x + pitch / 2
                let fits = centre + LineChart.textWidth(column.tick) * 0.75 <= ColumnChart.width
                let anchor =
                    fits ? "\(f(centre))\" text-anchor=\"middle\"" : "\(f(ColumnChart.width))\" text-anchor=\"end\""
                out +=
                    "<text class=\"axis\(column.minor ? " minor" : "")\" x=\"\(anchor) y=\"\(f(ColumnChart.height - 8))\">"
                out += "\(XMLText.escape(column.tick))</text>"
            }
        }
        if let reference {
            let level = y(NSDecimalNumber(decimal: reference.value).doubleValue)
            out += "<line class=\"reference\" x1=\"\(f(left))\" y1=\"\(f(level))\" "
            out += "x2=\"\(f(ColumnChart.width - ColumnChart.right))\" y2=\"\(f(level))\"/>"
            // The label at the top right, after a dash of the line's own style; its width is
            // reckoned at the phone's larger type.
            let end = ColumnChart.width - ColumnChart.right
            let baseline = top - 14
            let dash = end - LineChart.textWidth(reference.label) * 1.5 - 8
            out += "<line class=\"reference\" x1=\"\(f(dash - 24))\" y1=\"\(f(baseline - 6))\" "
            out += "x2=\"\(f(dash))\" y2=\"\(f(baseline - 6))\"/>"
            out += "<text class=\"axis reference-label\" x=\"\(f(end))\" "
            out += "y=\"\(f(baseline))\" text-anchor=\"end\">\(XMLText.escape(reference.label))</text>"
        }
        return out + "</svg>"
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
