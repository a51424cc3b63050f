extension JarPainter {
    /// drop.svg: the film as one self-contained animated SVG. CSS keyframes move each coin (no
    /// JavaScript, so it also plays inside `<img>`); the animation plays once and holds its last
    /// frame. Every element's own attributes show the final pile, so under
    /// `prefers-reduced-motion: reduce`, which switches the animations off, the picture stands
    /// still on the settled jar.
    static func animation(_ film: DropFilm, palette: JarPalette) -> String {
        let last = max(1, film.frames.count - 1)
        let seconds = SVGNumber.text(Double(last) / 30, digits: 2)
        let fade = SVGNumber.text(Double(film.leadIn) / 30, digits: 2)
        var css = ".jm{animation:\(seconds)s linear both}"
        css += ".jf{animation:jf \(fade)s linear both}@keyframes jf{from{opacity:1}to{opacity:0}}"
        css += "@media (prefers-reduced-motion:reduce){.jm,.jf{animation:none}}"
        var body = ""
        for coin in film.still { body += use(coin.tier, at: coin.point) }
        if film.leadIn > 0, !film.fading.isEmpty {
            body += "<g class=\"jf\" opacity=\"0\">"
            for coin in film.fading { body += use(coin.tier, at: coin.point) }
            body += "</g>"
        }
        for (mover, tier) in film.moverTiers.enumerated() {
            let path = film.frames.map { $0[mover] }
            guard let point = path.last ?? nil else { continue }
            let final = place(point)
            css += "@keyframes ja\(mover){" + keyframes(path, last: last) + "}"
            body += "<use href=\"#\(symbol(tier))\" class=\"jm\" style=\"animation-name:ja\(mover)\""
            body += " transform=\"translate(\(final.x) \(final.y))\"/>"
        }
        let tiers = film.still.map(\.tier) + film.fading.map(\.tier) + film.moverTiers
        return open(tiers: tiers, palette: palette, style: css) + body + close
    }

    /// One coin's keyframes: hidden until it enters, then a keyframe wherever it has moved a
    /// quarter unit or more since the last one (and the frame before, so a coin that waits and
    /// then moves does not creep), and nothing after its last move.
    private static func keyframes(_ path: [PhysicsSpace.Point?], last: Int) -> String {
        func percent(_ frame: Int) -> String { SVGNumber.text(Double(frame) * 100 / Double(last), digits: 2) }
        func translate(_ p: PhysicsSpace.Point) -> String {
            let (x, y) = place(p)
            return "transform:translate(\(x)px,\(y)px)"
        }
        func far(_ a: PhysicsSpace.Point, _ b: PhysicsSpace.Point) -> Bool {
            abs(a.x - b.x) >= 0.25 || abs(a.y - b.y) >= 0.25
        }
        guard let start = path.firstIndex(where: { $0 != nil }), let entry = path[start],
            let final = path[path.count - 1]
        else { return "" }
        var end = path.count - 1
        while end > start, let p = path[end - 1], !far(p, final) { end -= 1 }
        var kept = [start]
        var anchor = entry
        for frame in stride(from: start + 1, through: end, by: 1) {
            guard let p = path[frame], frame == end || far(p, anchor) else { continue }
            if kept.last != frame - 1 { kept.append(frame - 1) }
            kept.append(frame)
            anchor = p
        }
        var text = start > 0 ? "0%,\(percent(start - 1))%{opacity:0;\(translate(entry))}" : ""
        for frame in kept {
            let show = frame == start && start > 0 ? "opacity:1;" : ""
            text += "\(percent(frame))%{" + show + translate(path[frame] ?? entry) + "}"
        }
        return text
    }
}
