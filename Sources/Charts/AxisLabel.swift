import Domain
import Foundation
import SiteFormats

/// Short tick labels in the reader's units: `20k`, `1.5M`, `2B` in English; `5000`, `2万`,
/// `1.5亿` in Chinese, where numbers are grouped by ten thousands. Up to two decimals, trailing
/// zeros dropped, fixed formatting so the bytes never change.
package struct AxisLabel {
    package let language: SiteSettings.Language

    package init(language: SiteSettings.Language) {
        self.language = language
    }

    package func number(_ value: Double) -> String {
        let units: [(Double, String)]
        switch language {
        case .en: units = [(1e9, "B"), (1e6, "M"), (1e3, "k")]
        case .zhHans: units = [(1e8, "亿"), (1e4, "万")]
        }
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        for (size, suffix) in units where magnitude >= size {
            return sign + AxisLabel.trimmed(magnitude / size) + suffix
        }
        return sign + AxisLabel.trimmed(magnitude)
    }

    /// `¥2万`, `CN¥20k`, `CHF 20k`: the currency's symbol as money is written on the page.
    package func money(_ value: Double, _ currency: Currency) -> String {
        let symbol = MoneyFormatter(language: language).symbol(for: currency)
        let separator = symbol.unicodeScalars.last.map { ("A"..."Z").contains($0) } == true ? " " : ""
        let text = number(value)
        return text.hasPrefix("-") ? "-" + symbol + separator + text.dropFirst() : symbol + separator + text
    }

    static func trimmed(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
