import Basics
import Foundation
import SiteFormats

/// An accessible inline SVG line chart: a `<title>` and `<desc>` for screen readers, one polyline
/// per series over a numeric x axis, a legend above the plot, y ticks from `ValueAxis` labelled in
/// the reader's units, an optional marker (today), and fixed two-decimal coordinates so the bytes
/// never change between builds. Colours come from CSS classes (`series-<style>`, `today`) so the
/// theme's tokens decide them, in light and dark mode alike.
package struct LineChart {
    package struct Point: Equatable {
        package var x: Double
        package var value: Decimal

        package init(x: Double, value: Decimal) {
            self.x = x
            self.value = value
        }
    }

    package struct Series {
        package var name: String
        /// CSS class suffix.
        package var style: String
        package var points: [Point]
        /// Written beside a dot on the last point, such as the amount saved today.
        package var endLabel: String? = nil

        package init(name: String, style: String, points: [Point], endLabel: String? = nil) {
            self.name = name
            self.style = style
            self.points = points
            self.endLabel = endLabel
        }
    }

    package struct Tick: Equatable {
        package var x: Double
        package var label: String

        package init(x: Double, label: String) {
            self.x = x
            self.label = label
        }
    }

    /// A vertical line across the plot, such as today.
    package struct Marker {
        package var x: Double
        package var label: String

        package init(x: Double, label: String) {
            self.x = x
            self.label = label
        }
    }

    package var title: String
    package var description: String
    /// The x values at the plot's left and right edges.
    package var xDomain: ClosedRange<Double>
    package var xTicks: [Tick]
    /// What the x axis counts, written under its ticks.
    package var xAxisTitle: String
    /// A y tick's label: `¥2万`, `CN¥20k`.
    package var yLabel: (Double) -> String
    package var marker: Marker?
    package var series: [Series]

    package init(
        title: String, description: String, xDomain: ClosedRange<Double>, xTicks: [Tick], xAxisTitle: String,
        yLabel: @escaping (Double) -> String, marker: Marker? = nil, series: [Series]
    ) {
        self.title = title
        self.description = description
        self.xDomain = xDomain
        self.xTicks = xTicks
        self.xAxisTitle = xAxisTitle
        self.yLabel = yLabel
        self.marker = marker
        self.series = series
    }

    static let width = 640.0, height = 340.0
    static let left = 100.0, right = 20.0, top = 40.0, bottom = 56.0

    var axis: ValueAxis {
        ValueAxis(fitting: series.flatMap(\.points).map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0)
    }

    package var svg: String {
        let axis = axis
        let plotWidth = LineChart.width - LineChart.left - LineChart.right
        let plotHeight = LineChart.height - LineChart.top - LineChart.bottom
        let span = xDomain.upperBound - xDomain.lowerBound
        func x(_ value: Double) -> Double {
            LineChart.left + plotWidth * (span > 0 ? (value - xDomain.lowerBound) / span : 0)
        }
        func y(_ value: Double) -> Double { LineChart.top + plotHeight * (1 - value / axis.top) }
        let bottomEdge = LineChart.height - LineChart.bottom
        let id = "chart-\(abs(title.hashValueStable) % 1_000_000)"

        var out = "<svg class=\"chart\" viewBox=\"0 0 \(f(LineChart.width)) \(f(LineChart.height))\" role=\"img\" "
        out += "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out +=
            "<title id=\"\(id)-title\">\(XMLText.escape(title))</title><desc id=\"\(id)-desc\">\(XMLText.escape(description))</desc>"
        for tick in axis.ticks {
            out += "<line class=\"grid\" x1=\"\(f(LineChart.left))\" y1=\"\(f(y(tick)))\" "
            out += "x2=\"\(f(LineChart.width - LineChart.right))\" y2=\"\(f(y(tick)))\"/>"
            out += "<text class=\"axis\" x=\"\(f(LineChart.left - 8))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">"
            out += "\(XMLText.escape(yLabel(tick)))</text>"
        }
        out += "<line class=\"baseline\" x1=\"\(f(LineChart.left))\" y1=\"\(f(bottomEdge))\" "
        out += "x2=\"\(f(LineChart.width - LineChart.right))\" y2=\"\(f(bottomEdge))\"/>"
        for tick in xTicks where xDomain.contains(tick.x) {
            out += "<text class=\"axis\" x=\"\(f(x(tick.x)))\" y=\"\(f(bottomEdge + 20))\" "
            out += "text-anchor=\"middle\">\(XMLText.escape(tick.label))</text>"
        }
        out += "<text class=\"axis axis-title\" x=\"\(f(LineChart.left + plotWidth / 2))\" "
        out += "y=\"\(f(LineChart.height - 8))\" text-anchor=\"middle\">\(XMLText.escape(xAxisTitle))</text>"
        if let marker, xDomain.contains(marker.x) {
            let at = x(marker.x)
            let anchor = at > LineChart.left + plotWidth * 0.8 ? "end" : "start"
            let labelX = anchor == "end" ? at - 4 : at + 4
            out +=
                "<line class=\"today\" x1=\"\(f(at))\" y1=\"\(f(LineChart.top))\" x2=\"\(f(at))\" y2=\"\(f(bottomEdge))\"/>"
            out += "<text class=\"axis today-label\" x=\"\(f(labelX))\" y=\"\(f(LineChart.top + 14))\" "
            out += "text-anchor=\"\(anchor)\">\(XMLText.escape(marker.label))</text>"
        }
        for line in series where !line.points.isEmpty {
            let points = line.points.map { "\(f(x($0.x))),\(f(y(NSDecimalNumber(decimal: $0.value).doubleValue)))" }
            out += "<polyline class=\"series-\(line.style)\" fill=\"none\" points=\"\(points.joined(separator: " "))\">"
            out += "<title>\(XMLText.escape(line.name))</title></polyline>"
        }
        for line in series {
            guard let label = line.endLabel, let last = line.points.last else { continue }
            let (px, py) = (x(last.x), y(NSDecimalNumber(decimal: last.value).doubleValue))
            out += "<circle class=\"dot-\(line.style)\" cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"4.00\"/>"
            out +=
                "<text class=\"axis end-label\" x=\"\(f(px + 8))\" y=\"\(f(py - 8))\">\(XMLText.escape(label))</text>"
        }
        out += legend
        return out + "</svg>"
    }

    /// Where each series' key starts in the legend row, and where the row ends, leaving room for
    /// every name at the phone's larger type (1.5 × 14 px).
    var legendStops: [Double] {
        series.reduce(into: [8.0]) { stops, line in
            stops.append(stops.last! + 30 + LineChart.textWidth(line.name) * 1.5 + 16)
        }
    }

    /// One short line and name per series, in a row above the plot.
    private var legend: String {
        var out = ""
        for (line, at) in zip(series, legendStops) {
            out +=
                "<line class=\"series-\(line.style)\" x1=\"\(f(at))\" y1=\"14.00\" x2=\"\(f(at + 24))\" y2=\"14.00\"/>"
            out += "<text class=\"axis\" x=\"\(f(at + 30))\" y=\"19.00\">\(XMLText.escape(line.name))</text>"
        }
        return out
    }

    /// About how wide `text` is at the chart's 14 px type: wide for CJK, narrow for Latin.
    package static func textWidth(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 14 : 8.5) }
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
