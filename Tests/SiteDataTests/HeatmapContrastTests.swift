import Foundation
import TOML
import XCTest

@testable import SiteData

/// Issue 25: every practised day of the calendar is visibly distinct from an empty one in both
/// schemes — WCAG contrast of at least 1.5:1 between level 1 and level 0 — and each level stands
/// out from the one below it, measured on the shipped tokens.
final class HeatmapContrastTests: XCTestCase {
    private func colours(
        _ scheme: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: String] {
        let tokens = try Theme.builtIn.read("tokens.toml").get()
        let table = try TOMLParser.parse(tokens.bytes)
        let colours = try XCTUnwrap(table[path: ["color", scheme]]?.tableValue, scheme, file: file, line: line)
        return Dictionary(
            uniqueKeysWithValues: colours.keys.compactMap { key in colours[key]?.stringValue.map { (key, $0) } })
    }

    /// WCAG 2 relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        let channels = stride(from: 0, to: 6, by: 2).map { index -> Double in
            let value = Double(Int(String(digits[index..<index + 2]), radix: 16) ?? 0) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testContrastIsComputedAsWCAGSaysIt() {
        XCTAssertEqual(Self.contrast("#000000", "#ffffff"), 21, accuracy: 0.001)
        XCTAssertEqual(Self.contrast("#767676", "#ffffff"), 4.54, accuracy: 0.01)
    }

    func testEveryPractisedDayStandsOutFromAnEmptyOneInBothSchemes() throws {
        for scheme in ["light", "dark"] {
            let tokens = try colours(scheme)
            let levels = try (0...4).map { try XCTUnwrap(tokens["heat-\($0)"], "\(scheme) heat-\($0)") }
            let first = Self.contrast(levels[1], levels[0])
            print("heatmap \(scheme): level 1 \(levels[1]) on empty \(levels[0]) is \(String(format: "%.2f", first)):1")
            XCTAssertGreaterThanOrEqual(first, 1.5, "\(scheme): the lightest practised day on an empty one")
            for level in 2...4 {
                XCTAssertGreaterThanOrEqual(
                    Self.contrast(levels[level], levels[level - 1]), 1.4, "\(scheme): level \(level) on \(level - 1)")
                XCTAssertGreaterThan(
                    Self.contrast(levels[level], levels[0]), Self.contrast(levels[level - 1], levels[0]),
                    "\(scheme): level \(level) is further from an empty day than level \(level - 1)")
            }
        }
    }
}
