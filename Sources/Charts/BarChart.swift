import Foundation
import SiteFormats

/// An accessible inline SVG bar chart: one horizontal bar per row, its label and value written
/// beside it, a `<title>` and `<desc>` for screen readers, fixed number formatting for stable
/// bytes. Every bar has the theme's one accent colour: length is the only thing that varies, so
/// colour never pretends to mean something. The page puts the same figures in a table.
package struct BarChart {
    package struct Bar {
        package var label: String
        package var valueText: String
        package var value: Decimal

        package init(label: String, valueText: String, value: Decimal) {
            self.label = label
            self.valueText = valueText
            self.value = value
        }
    }

    package var id: String
    package var title: String
    package var description: String
    package var bars: [Bar]

    package init(id: String, title: String, description: String, bars: [Bar]) {
        self.id = id
        self.title = title
        self.description = description
        self.bars = bars
    }

    static let width = 640.0, rowHeight = 32.0

    /// Room for the longest label and value at the phone's larger type (1.5 × 14 px), so neither
    /// runs off the chart's edge there.
    var labelWidth: Double { (bars.map { LineChart.textWidth($0.label) }.max() ?? 0) * 1.5 + 12 }
    var valueWidth: Double { (bars.map { LineChart.textWidth($0.valueText) }.max() ?? 0) * 1.5 + 12 }

    package var svg: String {
        let height = Double(max(bars.count, 1)) * BarChart.rowHeight + 8
        let maxValue = bars.map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0
        let labelWidth = labelWidth
        let span = BarChart.width - labelWidth - valueWidth
        var out = "<svg class=\"chart bars\" viewBox=\"0 0 \(f(BarChart.width)) \(f(height))\" role=\"img\" "
        out += "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out +=
            "<title id=\"\(id)-title\">\(XMLText.escape(title))</title><desc id=\"\(id)-desc\">\(XMLText.escape(description))</desc>"
        for (index, bar) in bars.enumerated() {
            let y = 4 + Double(index) * BarChart.rowHeight
            let value = NSDecimalNumber(decimal: bar.value).doubleValue
            let length = maxValue > 0 ? max(2, span * value / maxValue) : 0
            out += "<text class=\"axis\" x=\"\(f(labelWidth - 8))\" y=\"\(f(y + 20))\" text-anchor=\"end\">"
            out += "\(XMLText.escape(bar.label))</text>"
            out += "<rect class=\"mark\" x=\"\(f(labelWidth))\" y=\"\(f(y + 6))\" "
            out += "width=\"\(f(length))\" height=\"\(f(BarChart.rowHeight - 12))\" rx=\"3\"/>"
            out += "<text class=\"axis\" x=\"\(f(labelWidth + length + 6))\" y=\"\(f(y + 20))\">"
            out += "\(XMLText.escape(bar.valueText))</text>"
        }
        return out + "</svg>"
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
