import Foundation

/// An accessible inline SVG line chart: a `<title>` and `<desc>` for screen readers, one polyline
/// per series, labelled axes, and fixed two-decimal coordinates so the bytes never change between
/// builds. Colours come from CSS classes (`series-<style>`) so the theme's tokens decide them.
struct LineChart {
    struct Series {
        var name: String
        /// CSS class suffix.
        var style: String
        var values: [Decimal]
    }

    var title: String
    var description: String
    var xLabels: [String]
    var series: [Series]

    static let width = 640.0, height = 320.0
    static let left = 72.0, right = 16.0, top = 16.0, bottom = 40.0

    var svg: String {
        let maxValue = series.flatMap(\.values).map { NSDecimalNumber(decimal: $0).doubleValue }.max() ?? 0
        let ceiling = LineChart.niceCeiling(maxValue)
        let plotWidth = LineChart.width - LineChart.left - LineChart.right
        let plotHeight = LineChart.height - LineChart.top - LineChart.bottom
        let steps = max(xLabels.count - 1, 1)
        func x(_ i: Int) -> Double { LineChart.left + plotWidth * Double(i) / Double(steps) }
        func y(_ v: Double) -> Double { LineChart.top + plotHeight * (1 - (ceiling > 0 ? v / ceiling : 0)) }
        let id = "chart-\(abs(title.hashValueStable) % 1_000_000)"

        var out = "<svg class=\"chart\" viewBox=\"0 0 \(f(LineChart.width)) \(f(LineChart.height))\" role=\"img\" "
        out += "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
        out +=
            "<title id=\"\(id)-title\">\(XMLText.escape(title))</title><desc id=\"\(id)-desc\">\(XMLText.escape(description))</desc>"
        for tick in 0...4 {
            let value = ceiling * Double(tick) / 4
            out += "<line class=\"grid\" x1=\"\(f(LineChart.left))\" y1=\"\(f(y(value)))\" "
            out += "x2=\"\(f(LineChart.width - LineChart.right))\" y2=\"\(f(y(value)))\"/>"
            out += "<text class=\"axis\" x=\"\(f(LineChart.left - 8))\" y=\"\(f(y(value) + 4))\" text-anchor=\"end\">"
            out += "\(LineChart.compact(value))</text>"
        }
        for (i, label) in xLabels.enumerated() where xLabels.count <= 12 || i % ((xLabels.count + 9) / 10) == 0 {
            out += "<text class=\"axis\" x=\"\(f(x(i)))\" y=\"\(f(LineChart.height - LineChart.bottom + 20))\" "
            out += "text-anchor=\"middle\">\(XMLText.escape(label))</text>"
        }
        for line in series {
            let points = line.values.enumerated().map { i, v in
                "\(f(x(i))),\(f(y(NSDecimalNumber(decimal: v).doubleValue)))"
            }
            out += "<polyline class=\"series-\(line.style)\" fill=\"none\" points=\"\(points.joined(separator: " "))\">"
            out += "<title>\(XMLText.escape(line.name))</title></polyline>"
        }
        return out + "</svg>"
    }

    private func f(_ value: Double) -> String { String(format: "%.2f", value) }

    /// 1, 2, 2.5 or 5 times a power of ten, at or above `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for step in [1.0, 2.0, 2.5, 5.0, 10.0] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    /// `12k`, `1.5M`: short axis labels.
    static func compact(_ value: Double) -> String {
        func trim(_ s: String) -> String { s.hasSuffix(".0") ? String(s.dropLast(2)) : s }
        if value >= 1_000_000 { return trim(String(format: "%.1f", value / 1_000_000)) + "M" }
        if value >= 1000 { return trim(String(format: "%.1f", value / 1000)) + "k" }
        return trim(String(format: "%.1f", value))
    }
}

extension String {
    /// FNV-1a over UTF-8: the same on every run, unlike `hashValue`.
    var hashValueStable: Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
