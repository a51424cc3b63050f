import Basics
import Domain
import Foundation
import Mustache

/// A goal's jar at the Today screen's 48 px (issue 34): not the physics pile, whose coins are noise
/// that small, but a plain glass in the goal's own tint — filled to its progress when it has a
/// target, or, without one, a stack of coins and no level, since nothing says where it is full.
enum JarThumb {
    /// The tints a goal's lid and fill take, by its id: `tint-0` … `tint-5` in the stylesheet,
    /// each one of the theme's colours.
    static let tints = 6

    /// The glass's inside, top to bottom, in the 48×66 drawing.
    static let top = 20.0
    static let bottom = 62.0

    static func value(id: String, progress: Decimal?, deposits: Int) -> MustacheValue {
        let tint = Int(FNV1a.hash(id) % UInt64(tints))
        guard let progress else {
            // Without a target: up to five coins, one for each deposit, stacked from the bottom.
            let coins = (0..<min(max(deposits, 0), 5)).map { index -> MustacheValue in
                .object(["y": .string(fixed(bottom - 4 - Double(index) * 5))])
            }
            return .object([
                "id": .string("thumb-\(id)"), "tint": .int(tint), "level": .null, "coins": .list(coins),
            ])
        }
        let share = min(max(NSDecimalNumber(decimal: progress).doubleValue, 0), 1)
        let height = (bottom - top) * share
        return .object([
            "id": .string("thumb-\(id)"), "tint": .int(tint),
            "level": .object(["y": .string(fixed(bottom - height)), "height": .string(fixed(height))]),
            "coins": .list([]),
        ])
    }

    private static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
}
