import Badges
import Domain
import Foundation

/// A badge's medal as inline SVG: a shape per category — a coin for savings, a shield for
/// subscriptions, a hexagon for breathing — with a glyph of its own for each badge. The markup
/// carries classes only; `style.css` colours them from the design tokens, in colour for an
/// earned badge and as a grey silhouette for a locked one (`.badge.locked`), in light and dark.
/// The medal is decoration beside the badge's name, so it is hidden from screen readers.
enum BadgeMedal {
    /// The `<svg>` for one badge: 64 × 64 units, scaled by CSS. A locked badge passes its
    /// `progress` (0…1): its silhouette fills with the category's colour from the bottom up to
    /// that height, clipped by a `clipPath` named after the badge (ids are unique on a page).
    static func svg(id: String, category: BadgeDefinition.Category, progress: Decimal? = nil) -> String {
        let shape = shapes[category, default: shapes[.savings]!]
        var svg = "<svg class=\"medal medal-\(category.rawValue)\" viewBox=\"0 0 64 64\" aria-hidden=\"true\">"
        if let progress {
            let height = 64 * min(max(progress, 0), 1)
            let clip = "medal-fill-" + id
            svg += "<defs><clipPath id=\"\(clip)\"><rect x=\"0\" y=\"\((64 - height).fixed(2))\" width=\"64\" "
            svg += "height=\"\(height.fixed(2))\"/></clipPath></defs>" + shape
            svg += "<g class=\"medal-progress\" clip-path=\"url(#\(clip))\">\(shape)</g>"
        } else {
            svg += shape
        }
        return svg + "<g class=\"medal-glyph\">\(glyph(id))</g></svg>"
    }

    /// The drawing inside the medal; a plain dot for a badge added without one.
    static func glyph(_ id: String) -> String {
        glyphs[id] ?? "<circle class=\"fill\" cx=\"32\" cy=\"32\" r=\"5\"/>"
    }

    /// The body and its inner rim, one outline per category.
    static let shapes: [BadgeDefinition.Category: String] = [
        .savings: "<circle class=\"medal-body\" cx=\"32\" cy=\"32\" r=\"29\"/>"
            + "<circle class=\"medal-rim\" cx=\"32\" cy=\"32\" r=\"24\"/>",
        .subscriptions: "<path class=\"medal-body\" d=\"M32 3L57 11V31C57 46 46 56 32 61C18 56 7 46 7 31V11Z\"/>"
            + "<path class=\"medal-rim\" d=\"M32 8L52 14.5V31C52 43 43.5 51 32 55.5C20.5 51 12 43 12 31V14.5Z\"/>",
        .breathing: "<path class=\"medal-body\" d=\"M32 3L57 17.5V46.5L32 61L7 46.5V17.5Z\"/>"
            + "<path class=\"medal-rim\" d=\"M32 8.5L52.3 20.2V43.8L32 55.5L11.7 43.8V20.2Z\"/>",
    ]

    /// One glyph per badge of DESIGN.md §3, drawn with round strokes around (32, 32); `fill`
    /// marks the solid parts.
    static let glyphs: [String: String] = [
        // savings
        "first_coin": "<circle cx=\"32\" cy=\"27\" r=\"6\"/><path d=\"M22 40h20\"/>",
        "ten_deposits": "<ellipse cx=\"32\" cy=\"23\" rx=\"10\" ry=\"4\"/>"
            + "<path d=\"M22 23v6c0 2.2 4.5 4 10 4s10-1.8 10-4v-6M22 29v6c0 2.2 4.5 4 10 4s10-1.8 10-4v-6\"/>",
        "fifty_deposits": "<circle cx=\"24\" cy=\"39\" r=\"4\"/><circle cx=\"32\" cy=\"39\" r=\"4\"/>"
            + "<circle cx=\"40\" cy=\"39\" r=\"4\"/><circle cx=\"28\" cy=\"32\" r=\"4\"/>"
            + "<circle cx=\"36\" cy=\"32\" r=\"4\"/><circle cx=\"32\" cy=\"25\" r=\"4\"/>",
        "streak_7": "<rect x=\"21\" y=\"23\" width=\"22\" height=\"19\" rx=\"2\"/>"
            + "<path d=\"M21 29h22M26 20v5M38 20v5M27 35.5l3.5 3 6-6\"/>",
        "streak_30":
            "<rect x=\"21\" y=\"23\" width=\"22\" height=\"19\" rx=\"2\"/><path d=\"M21 29h22M26 20v5M38 20v5\"/>"
            + "<g class=\"fill\"><circle cx=\"26\" cy=\"33.5\" r=\"1.5\"/><circle cx=\"32\" cy=\"33.5\" r=\"1.5\"/>"
            + "<circle cx=\"38\" cy=\"33.5\" r=\"1.5\"/><circle cx=\"26\" cy=\"38\" r=\"1.5\"/>"
            + "<circle cx=\"32\" cy=\"38\" r=\"1.5\"/><circle cx=\"38\" cy=\"38\" r=\"1.5\"/></g>",
        "saved_1k":
            "<rect x=\"19\" y=\"25\" width=\"26\" height=\"15\" rx=\"2\"/><circle cx=\"32\" cy=\"32.5\" r=\"3.5\"/>",
        "saved_10k": "<path d=\"M23 23h22v12\"/><rect x=\"18\" y=\"28\" width=\"23\" height=\"14\" rx=\"2\"/>"
            + "<circle cx=\"29.5\" cy=\"35\" r=\"3\"/>",
        "goal_reached": "<path d=\"M32 19l3.8 7.8 8.6 1.2-6.2 6 1.5 8.5-7.7-4-7.7 4 1.5-8.5-6.2-6 8.6-1.2z\"/>",
        "three_goals":
            "<path d=\"M18.5 27h5M17.5 30h7v10h-7zM29.5 24h5M28.5 27h7v13h-7zM40.5 27h5M39.5 30h7v10h-7z\"/>",
        "night_owl": "<path d=\"M36 20a12 12 0 1 0 8 19a10 10 0 0 1-8-19z\"/>"
            + "<circle class=\"fill\" cx=\"25\" cy=\"24\" r=\"1.5\"/>",
        "early_bird": "<path d=\"M19 40h26M24 40a8 8 0 0 1 16 0M32 22v5M22.5 26.5l3 3M41.5 26.5l-3 3\"/>",
        "on_schedule": "<circle cx=\"32\" cy=\"32\" r=\"11\"/><path d=\"M32 25v7l5 3\"/>",
        "big_day": "<path d=\"M35 19l-11 15h8l-3 11 11-15h-8z\"/>",
        // subscriptions
        "first_slay": "<circle cx=\"25\" cy=\"39\" r=\"3.5\"/><circle cx=\"39\" cy=\"39\" r=\"3.5\"/>"
            + "<path d=\"M27.5 36.5L40 21M36.5 36.5L24 21\"/>",
        "slayer_5": "<path d=\"M21 20L38 37M35 40l6-6M39.5 38.5L43 42M43 20L26 37M23 34l6 6M24.5 38.5L21 42\"/>",
        "trial_dodger":
            "<rect x=\"19\" y=\"24\" width=\"26\" height=\"17\" rx=\"2\"/><path d=\"M19 29.5h26M20 44L44 21\"/>",
        "saver_100": "<path d=\"M20 23l8 8 5-5 11 11M44 30v7h-7\"/>",
        // breathing
        "first_breath": "<path d=\"M22 42c0-12 8-20 20-20 0 12-8 20-20 20zM22 42l10-10\"/>",
        "breath_streak_7": "<path d=\"M20 26c3-3 5-3 8 0s5 3 8 0 5-3 8 0M20 32c3-3 5-3 8 0s5 3 8 0 5-3 8 0"
            + "M20 38c3-3 5-3 8 0s5 3 8 0 5-3 8 0\"/>",
        "program_complete": "<path d=\"M24 44V19M24 20h16l-4 5.5 4 5.5H24\"/>",
        "hundred_minutes":
            "<circle cx=\"32\" cy=\"34\" r=\"10\"/><path d=\"M32 34v-5M28.5 20h7M32 20v4M40 25.5l2-2\"/>",
    ]
}
