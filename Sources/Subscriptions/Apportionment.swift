import Domain
import Foundation

/// An amount kept exactly and also as the figure a table shows.
///
/// `shown` has the currency's minor digits and is chosen so that the parts of a table add up to
/// its displayed total to the last cent (see `Apportionment`); `exact` is the unrounded value.
public struct Apportioned: Sendable, Equatable {
    public var exact: Decimal
    public var shown: Decimal

    public init(exact: Decimal, shown: Decimal) {
        self.exact = exact
        self.shown = shown
    }

    public static let zero = Apportioned(exact: 0, shown: 0)
}

/// Rounding a table of parts so the shown parts add up to the shown total.
///
/// The total is the exact sum rounded half away from zero. Every part is first cut to the minor
/// unit toward zero, then the units still missing go one each to the parts that lost the most
/// (largest remainder; ties to the earlier part). Each shown part is therefore its exact value
/// rounded either down or up by less than one unit, and the shown parts sum to the shown total.
public enum Apportionment {
    public static func apportion(_ parts: [Decimal], scale: Int) -> (parts: [Apportioned], total: Apportioned) {
        let exactTotal = parts.reduce(0, +)
        let total = exactTotal.rounded(scale: scale)
        let negative = total < 0
        // Work on magnitudes so "toward zero" and "largest remainder" read the same for refunds.
        let sign: Decimal = negative ? -1 : 1
        var unit: Decimal = 1
        for _ in 0..<max(0, scale) { unit /= 10 }
        var cut = parts.map { part -> Decimal in
            let magnitude = part * sign
            var down = magnitude.rounded(scale: scale)
            if down > magnitude { down -= unit }
            return down
        }
        var missing = total * sign - cut.reduce(0, +)
        let byRemainder = parts.indices.sorted { a, b in
            let ra = parts[a] * sign - cut[a]
            let rb = parts[b] * sign - cut[b]
            return ra != rb ? ra > rb : a < b
        }
        var step = 0
        while missing > 0, !byRemainder.isEmpty {
            cut[byRemainder[step % byRemainder.count]] += unit
            missing -= unit
            step += 1
        }
        // Parts of mixed signs can leave the cut sum above the total: take the surplus back from
        // the parts that lost the least.
        step = 0
        while missing < 0, !byRemainder.isEmpty {
            cut[byRemainder[byRemainder.count - 1 - step % byRemainder.count]] -= unit
            missing += unit
            step += 1
        }
        let shown = zip(parts, cut).map { Apportioned(exact: $0, shown: $1 * sign) }
        return (shown, Apportioned(exact: exactTotal, shown: total))
    }

    /// Whole percentages of `parts` that add up to exactly 100 (42 + 39 + 15 + 3 would be 99):
    /// each part's exact share × 100 cut down, then the points still missing one each to the parts
    /// that lost the most, ties to the earlier part (tables list their rows largest first, then by
    /// name, so the order is fixed). All 0 when the parts add up to 0 or less.
    public static func percentages(_ parts: [Decimal]) -> [Int] {
        let total = parts.reduce(0, +)
        guard total > 0 else { return parts.map { _ in 0 } }
        // The shares are apportioned like money at scale 0; their exact sum is 100 (a division's
        // last digit aside, which rounding to a whole number absorbs).
        return apportion(parts.map { $0 * 100 / total }, scale: 0).parts.map {
            NSDecimalNumber(decimal: $0.shown).intValue
        }
    }
}
