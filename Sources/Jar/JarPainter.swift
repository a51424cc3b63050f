/// Draws the jar as glass and the coins as coins (a rim, a face, an embossed ring and a shine),
/// as small, stable SVG: coins are `<use>`s of one drawing per tier, numbers have one decimal.
///
/// Scene units map to the picture one to one; the scene's y grows upward, the picture's downward.
enum JarPainter {
    static let width = 160.0
    static let height = 220.0
    private static let originX = 80.0
    private static let originY = 212.0

    /// jar.svg: the settled pile, with a lid on a jar that has reached its target.
    static func still(_ coins: [SettledCoin], palette: JarPalette, reached: Bool) -> String {
        var svg = open(tiers: coins.map(\.tier), palette: palette)
        for coin in coins { svg += use(coin.tier, at: coin.point) }
        return svg + glass + (reached ? lid : "") + "</svg>\n"
    }

    /// frames/NNNN.svg: every frame of the film, frame 1 first. The still pile is drawn once and
    /// the same text begins every frame.
    static func frames(_ film: DropFilm, palette: JarPalette) -> [String] {
        var still = open(
            tiers: film.still.map(\.tier) + film.fading.map(\.tier) + film.moverTiers, palette: palette)
        for coin in film.still { still += use(coin.tier, at: coin.point) }
        return film.frames.indices.map { frame(film, $0, after: still) }
    }

    /// Frame `index` drawn after `still`, the opening of the picture and the still pile.
    private static func frame(_ film: DropFilm, _ index: Int, after still: String) -> String {
        var svg = still
        if index < film.leadIn {
            let opacity = SVGNumber.text(Double(film.leadIn - index) / Double(film.leadIn + 1), digits: 2)
            svg += "<g opacity=\"\(opacity)\">"
            for coin in film.fading { svg += use(coin.tier, at: coin.point) }
            svg += "</g>"
        }
        for (tier, point) in zip(film.moverTiers, film.frames[index]) {
            if let point { svg += use(tier, at: point) }
        }
        return svg + close
    }

    /// timelapse.svg: every month's pile side by side, each a `<view>` of its own.
    static func timelapse(_ months: [MonthPile], palette: JarPalette) -> String? {
        guard !months.isEmpty else { return nil }
        let w = SVGNumber.text(width * Double(months.count))
        let h = SVGNumber.text(height)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
        svg += "<style>" + palette.css + rules + "</style><defs>"
        svg += drawings(months.flatMap { ($0.coins + $0.grains).map(\.tier) })
        svg += "<path id=\"o\" d=\"\(outlinePath)\"/></defs>"
        for (index, month) in months.enumerated() {
            let x = SVGNumber.text(width * Double(index))
            svg += "<view id=\"\(month.viewID)\" viewBox=\"\(x) 0 \(SVGNumber.text(width)) \(h)\"/>"
            svg += "<g transform=\"translate(\(x) 0)\"><use href=\"#o\" class=\"jg\"/>"
            for coin in month.coins + month.grains { svg += use(coin.tier, at: coin.point) }
            svg += "<use href=\"#o\" class=\"je\"/>" + (month.reached ? lid : "") + "</g>"
        }
        return svg + "</svg>\n"
    }

    /// The picture's x and y of a scene point, as text.
    static func place(_ p: PhysicsSpace.Point) -> (x: String, y: String) {
        (SVGNumber.text(originX + p.x), SVGNumber.text(originY - p.y))
    }

    static func use(_ tier: Int, at p: PhysicsSpace.Point, extra: String = "") -> String {
        let (x, y) = place(p)
        return "<use href=\"#\(symbol(tier))\" x=\"\(x)\" y=\"\(y)\"\(extra)/>"
    }

    /// The id of the drawing a tier uses: `c0` … `c4` for coins, `g` for a grain of sand.
    static func symbol(_ tier: Int) -> String {
        tier < 0 ? "g" : "c\(min(tier, maxDrawnTier))"
    }

    /// The drawings `tiers` need, each once, grains first.
    static func drawings(_ tiers: [Int]) -> String {
        Set(tiers.map { max(JarSand.tier, min($0, maxDrawnTier)) }).sorted().map { tier in
            tier < 0
                ? "<circle id=\"g\" class=\"sg\" r=\"\(SVGNumber.text(JarSand.grainRadius))\"/>" : coinDrawing(tier)
        }.joined()
    }

    /// The opening tag, the colours (`JarPalette`) and the rules that use them, the coin drawings
    /// the picture needs, and the glass behind the coins.
    static func open(tiers: [Int], palette: JarPalette, style: String = "") -> String {
        let w = SVGNumber.text(width)
        let h = SVGNumber.text(height)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
        svg += "<style>" + palette.css + rules + style + "</style><defs>"
        svg += drawings(tiers) + "</defs>"
        svg += "<path class=\"jg\" d=\"\(outlinePath)Z\"/>"
        return svg
    }

    /// What paints the picture: every colour a `--color-jar-*` or `--color-coin-*` token.
    static let rules: String = {
        var css = ".jg{fill:var(--color-jar-glass);fill-opacity:.35}"
        css += ".je{fill:none;stroke:var(--color-jar-edge);stroke-opacity:.9;stroke-width:"
        css += SVGNumber.text(JarGeometry.wallRadius * 2) + ";stroke-linejoin:round;stroke-linecap:round}"
        css += ".js{stroke:var(--color-jar-shine);stroke-opacity:.45;stroke-width:4;stroke-linecap:round}"
        css += ".jl{fill:var(--color-jar-lid)}"
        for tier in 0...3 {
            css += ".r\(tier){fill:var(--color-coin-\(tier)-rim)}.f\(tier){fill:var(--color-coin-\(tier)-face)}"
            css += ".k\(tier){fill:none;stroke:var(--color-coin-\(tier)-rim);stroke-opacity:.4;stroke-width:.6}"
        }
        // A grain of sand: gold's face with copper's rim, a colour no coin has.
        css += ".sg{fill:var(--color-coin-1-face);stroke:var(--color-coin-0-rim);stroke-width:.6}"
        return css
            + ".cs{fill:none;stroke:var(--color-coin-shine);stroke-opacity:.85;stroke-width:1.1;stroke-linecap:round}"
    }()

    /// The glass in front of the coins: the walls and a reflection.
    static let glass: String = {
        var svg = "<path class=\"je\" d=\"\(outlinePath)\"/>"
        let top = place(.init(x: -JarGeometry.bodyHalfWidth + 7, y: JarGeometry.shoulderY - 12))
        let bottom = place(.init(x: -JarGeometry.bodyHalfWidth + 7, y: JarGeometry.cornerRadius + 8))
        return svg + "<path class=\"js\" d=\"M\(top.x) \(top.y)V\(bottom.y)\"/>"
    }()

    static let close = glass + "</svg>\n"

    /// A reached goal's jar is closed: a lid over the lip.
    static let lid: String = {
        let half = JarGeometry.lipHalfWidth + 4
        let (x, y) = place(.init(x: -half, y: JarGeometry.lipY + 6))
        let w = SVGNumber.text(2 * half)
        return "<rect class=\"jl\" x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"7\" rx=\"3\"/>"
    }()

    private static let outlinePath: String = {
        JarGeometry.outline.enumerated().map { index, point in
            let (x, y) = place(point)
            return (index == 0 ? "M" : "L") + x + " " + y
        }.joined()
    }()

    /// Tiers from here up share one drawing (a violet coin with a centre dot).
    static let maxDrawnTier = 4

    /// Rim and face colours (`--color-coin-<n>-rim`, `-face`): copper (1), gold (10), rose (100),
    /// violet (1,000 and up).
    private static func coinDrawing(_ tier: Int) -> String {
        let colour = min(tier, 3)
        let r = JarGeometry.coinRadius
        var g = "<g id=\"c\(tier)\"><circle class=\"r\(colour)\" r=\"\(SVGNumber.text(r))\"/>"
        g += "<circle class=\"f\(colour)\" r=\"\(SVGNumber.text(r - 1.4))\"/>"
        g += "<circle class=\"k\(colour)\" r=\"\(SVGNumber.text(r - 3))\"/>"
        if tier >= maxDrawnTier { g += "<circle class=\"r\(colour)\" r=\"1.4\"/>" }
        return g + "<path class=\"cs\" d=\"M-4.2-1.4A4.4 4.4 0 0 1-1.4-4.2\"/></g>"
    }
}
