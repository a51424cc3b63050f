import Charts
import Domain
import Foundation
import Jar
import SiteData
import SiteFormats
import UIKeys

/// `goals/<id>/card.svg` (DESIGN.md §4): a 400 × 200 card with the goal's jar, its name and its
/// progress, to embed anywhere — a README, a notes app, a chat. It carries its own opaque
/// background in the theme's surface colour, light or dark as the viewer's scheme, so it reads
/// on any page; no script, no font or picture to fetch.
struct GoalCard {
    static let width = 400.0, height = 200.0
    /// Where the text starts, right of the jar, and how wide it may run.
    private static let textLeft = 160.0, textWidth = 220.0

    var entry: SavingsReport.Entry
    var jar: JarArtwork
    var renderer: SiteRenderer

    var svg: String {
        let goal = entry.goal
        let progress = entry.progress
        let format = renderer.format
        let saved = format.money(progress.saved, goal.currency)
        let target = goal.target.map { format.money($0, goal.currency) }
        let ratio = progress.progress.map { min(max($0, 0), 1) }
        let percent = progress.progress.map { format.percent($0) }
        // Bold type runs about a tenth wider than the charts' estimate.
        let name = Self.fitted(goal.name, size: 22, width: Self.textWidth)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 200\" width=\"400\" height=\"200\" "
        out += "role=\"img\" aria-labelledby=\"card-title\"><title id=\"card-title\">\(XMLText.escape(title))</title>"
        out += "<style>\(style)</style>"
        out += "<rect class=\"c-bg\" x=\"1\" y=\"1\" width=\"398\" height=\"198\" rx=\"16\"/>"
        out += nestedJar
        out += text(name, x: Self.textLeft, y: 52, cls: "c-name")
        out += text(saved, x: Self.textLeft, y: 96, cls: "c-saved")
        var line = renderer.string(.mode(goal.mode))
        if let target { line = renderer.string(.goals(.cardOf), ["target": target]) }
        out += text(Self.fitted(line, size: 14, width: Self.textWidth), x: Self.textLeft, y: 120, cls: "c-meta")
        if let ratio {
            let filled = NSDecimalNumber(decimal: ratio).doubleValue * Self.textWidth
            out += "<rect class=\"c-track\" x=\"160\" y=\"138\" width=\"220\" height=\"10\" rx=\"5\"/>"
            if filled > 0 {
                out += "<rect class=\"c-fill\" x=\"160\" y=\"138\" width=\"\(Self.number(max(filled, 10)))\" "
                out += "height=\"10\" rx=\"5\"/>"
            }
        }
        var footer = [percent, progress.reachedOn.map { _ in renderer.string(.jar(.reached)) }].compactMap { $0 }
        if progress.reachedOn == nil, let status = progress.status {
            footer.append(renderer.string(.status(status)))
        }
        if percent == nil { footer.append(renderer.counted(.goals(.cardDeposits), progress.deposits)) }
        out += text(
            Self.fitted(footer.joined(separator: " · "), size: 14, width: Self.textWidth), x: 160, y: 176, cls: "c-meta"
        )
        return out + "</svg>\n"
    }

    /// "Bike: $110.25 / $500.00, 22%": the card's title, and its alt text on the goal page.
    var title: String {
        let goal = entry.goal
        let format = renderer.format
        var title = "\(goal.name): \(format.money(entry.progress.saved, goal.currency))"
        if let target = goal.target { title += " / \(format.money(target, goal.currency))" }
        if let ratio = entry.progress.progress { title += ", \(format.percent(ratio))" }
        return title
    }

    /// The jar picture as it is on the goal page, scaled into the card's left side.
    private var nestedJar: String {
        // Byte scans, not Foundation's trimming and regular expressions: every card of every
        // build runs this on a whole jar picture (which sandjar drew: its white space is ASCII).
        let whole = Array(jar.jarSVG.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = whole.firstIndex(where: { !isSpace($0) }), let last = whole.lastIndex(where: { !isSpace($0) })
        else { return "" }
        let bytes = whole[first...last]
        guard bytes.starts(with: "<svg".utf8), let end = bytes.firstIndex(of: UInt8(ascii: ">")) else { return "" }
        let opening = bytes[..<end]
        let attribute = Array(#"viewBox=""#.utf8)
        var viewBox = #"viewBox="0 0 160 220""#
        if let start = opening.indices.first(where: { opening[$0...].starts(with: attribute) }),
            let close = opening[(start + attribute.count)...].firstIndex(of: UInt8(ascii: "\""))
        {
            viewBox = String(decoding: opening[start...close], as: UTF8.self)
        }
        return "<svg x=\"20\" y=\"14\" width=\"124\" height=\"172\" \(viewBox)"
            + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// The card's colours from the theme's tokens, the dark ones under the viewer's dark scheme.
    private var style: String {
        let theme = renderer.theme
        let font = theme.token("--type-body") ?? "system-ui, sans-serif"
        func colours(_ color: (String) -> String?) -> String {
            func pick(_ name: String, _ fallback: String) -> String { color(name) ?? fallback }
            return ".c-bg{fill:\(pick("surface", "#fff"));stroke:\(pick("border", "#ccc"))}"
                + ".c-name,.c-saved{fill:\(pick("text", "#000"))}.c-meta{fill:\(pick("muted", "#555"))}"
                + ".c-track{fill:\(pick("accent-soft", "#ddd"))}.c-fill{fill:\(pick("accent", "#080"))}"
        }
        return "text{font-family:\(font)}.c-name{font-size:20px;font-weight:700}.c-saved{font-size:28px;"
            + "font-weight:700}.c-meta{font-size:14px}" + colours(theme.lightColor)
            + "@media (prefers-color-scheme:dark){\(colours(theme.darkColor))}"
    }

    private func text(_ content: String, x: Double, y: Double, cls: String) -> String {
        "<text class=\"\(cls)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\">\(XMLText.escape(content))</text>"
    }

    /// `text` cut with an ellipsis to fit `width` at `size` px (the charts' width estimate).
    static func fitted(_ text: String, size: Double, width: Double) -> String {
        let scale = size / 14
        guard LineChart.textWidth(text) * scale > width else { return text }
        var kept = ""
        for character in text {
            guard LineChart.textWidth(kept + String(character) + "…") * scale <= width else { break }
            kept.append(character)
        }
        return kept.trimmingCharacters(in: .whitespaces) + "…"
    }

    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }
}
