import Basics

/// Fixed-point text for SVG and CSS numbers: at most `digits` decimals, trailing zeros dropped,
/// never an exponent, never `-0`. Always the same text for the same value, and short, so the
/// files stay small and stable (Double's `description` is neither).
enum SVGNumber {
    static func text(_ value: Double, digits: Int = 1) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
        let n = Int(scaled)
        if n == 0 { return "0" }
        let magnitude = abs(n)
        var text = (n < 0 ? "-" : "") + String(magnitude / scale)
        var fraction = magnitude % scale
        if fraction != 0 {
            var width = digits
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            text += "." + fraction.zeroPadded(width)
        }
        return text
    }
}
