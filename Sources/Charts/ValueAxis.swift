import Foundation

/// A value axis that starts at zero and steps by 1, 2 or 5 times a power of ten ("nice numbers"),
/// ending at the first step at or above the data's largest value, so a chart whose data tops out
/// at 74k ends at 80k, not at 100k, and no tick reads 62.5k.
package struct ValueAxis: Equatable {
    /// The distance between two ticks.
    package let step: Double
    /// The value at the top of the plot: a whole number of steps.
    package let top: Double

    /// About `intervals` steps between zero and `maxValue`, never fewer than needed to reach it.
    package init(fitting maxValue: Double, intervals: Int = 5) {
        guard maxValue > 0, maxValue.isFinite else {
            step = 1
            top = 1
            return
        }
        step = ValueAxis.niceStep(maxValue / Double(max(intervals, 1)))
        // A hair of tolerance so 60000 / 20000 stays three steps despite binary rounding.
        top = step * (maxValue / step - 1e-9).rounded(.up)
    }

    /// 0, step, 2 × step … top.
    package var ticks: [Double] {
        let count = Int((top / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// The smallest 1, 2 or 5 × 10ⁿ at or above `raw`.
    package static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2.0, 5.0] where factor * magnitude >= raw * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }
}
