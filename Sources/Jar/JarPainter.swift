/// Draws the jar as glass and the coins as coins (a rim, a face, an embossed ring and a shine),
/// as small, stable SVG: coins are `<use>`s of one drawing per tier, numbers have one decimal.
///
/// Scene units map to the picture one to one; the scene's y grows upward, the picture's downward.
enum JarPainter {
    static let width = 160.0
    static let height = 220.0
    private static let originX = 80.0
    private static let originY = 212.0

    /// jar.svg: the settled pile.
    static func still(_ coins: [SettledCoin]) -> String {
        var svg = open(tiers: coins.map(\.tier))
        for coin in coins { svg += use(coin.tier, at: coin.point) }
        return svg + close
    }

    /// frames/NNNN.svg: frame `index` of the film.
    static func frame(_ film: DropFilm, _ index: Int) -> String {
        var svg = open(tiers: film.still.map(\.tier) + film.fading.map(\.tier) + film.moverTiers)
        for coin in film.still { svg += use(coin.tier, at: coin.point) }
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

    /// The picture's x and y of a scene point, as text.
    static func place(_ p: PhysicsSpace.Point) -> (x: String, y: String) {
        (SVGNumber.text(originX + p.x), SVGNumber.text(originY - p.y))
    }

    static func use(_ tier: Int, at p: PhysicsSpace.Point, extra: String = "") -> String {
        let (x, y) = place(p)
        return "<use href=\"#c\(min(tier, maxDrawnTier))\" x=\"\(x)\" y=\"\(y)\"\(extra)/>"
    }

    /// The opening tag, the coin drawings the picture needs, and the glass behind the coins.
    static func open(tiers: [Int], style: String = "") -> String {
        let w = SVGNumber.text(width)
        let h = SVGNumber.text(height)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
        svg += style + "<defs>"
        for tier in Set(tiers.map { min($0, maxDrawnTier) }).sorted() { svg += coinDrawing(tier) }
        svg += "</defs>"
        svg += "<path d=\"\(outlinePath)Z\" fill=\"#dcecf7\" fill-opacity=\".35\"/>"
        return svg
    }

    /// The glass in front of the coins: the walls and a reflection.
    static let close: String = {
        var svg = "<path d=\"\(outlinePath)\" fill=\"none\" stroke=\"#8db4cf\" stroke-opacity=\".9\""
        svg += " stroke-width=\"\(SVGNumber.text(JarGeometry.wallRadius * 2))\""
        svg += " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        let top = place(.init(x: -JarGeometry.bodyHalfWidth + 7, y: JarGeometry.shoulderY - 12))
        let bottom = place(.init(x: -JarGeometry.bodyHalfWidth + 7, y: JarGeometry.cornerRadius + 8))
        svg += "<path d=\"M\(top.x) \(top.y)V\(bottom.y)\" stroke=\"#fff\" stroke-opacity=\".45\""
        svg += " stroke-width=\"4\" stroke-linecap=\"round\"/>"
        return svg + "</svg>\n"
    }()

    private static let outlinePath: String = {
        JarGeometry.outline.enumerated().map { index, point in
            let (x, y) = place(point)
            return (index == 0 ? "M" : "L") + x + " " + y
        }.joined()
    }()

    /// Tiers from here up share one drawing (a violet coin with a centre dot).
    static let maxDrawnTier = 4

    /// Rim and face colours: silver (1), gold (10), rose (100), violet (1,000 and up).
    private static let palettes = [
        ("#8d96a0", "#d9dee4"), ("#b8860b", "#f5c542"), ("#a45a44", "#eea58c"), ("#5a4a9c", "#b3a6f0"),
    ]

    private static func coinDrawing(_ tier: Int) -> String {
        let (rim, face) = palettes[min(tier, palettes.count - 1)]
        let r = JarGeometry.coinRadius
        var g = "<g id=\"c\(tier)\"><circle r=\"\(SVGNumber.text(r))\" fill=\"\(rim)\"/>"
        g += "<circle r=\"\(SVGNumber.text(r - 1.2))\" fill=\"\(face)\"/>"
        g += "<circle r=\"\(SVGNumber.text(r - 2.6))\" fill=\"none\" stroke=\"\(rim)\" stroke-opacity=\".4\""
        g += " stroke-width=\".6\"/>"
        if tier >= maxDrawnTier { g += "<circle r=\"1.2\" fill=\"\(rim)\"/>" }
        g += "<path d=\"M-3.3-1.1A3.5 3.5 0 0 1-1.1-3.3\" fill=\"none\" stroke=\"#fff\" stroke-opacity=\".85\""
        return g + " stroke-width=\"1.1\" stroke-linecap=\"round\"/></g>"
    }
}
