extension QRCode {
    /// The light border a reader needs around the symbol, in modules (the standard's four).
    static let quietZone = 4

    /// The symbol as lines of Unicode half blocks, two rows of modules to a line of text: `▀` the
    /// upper dark, `▄` the lower, `█` both, a space neither, inside the quiet zone.
    ///
    /// - Parameter colours: paint it black on white with ANSI escapes (on a terminal), so it reads
    ///   the right way round whatever the terminal's own colours; without them the ink is dark, as
    ///   on paper or a light terminal.
    func halfBlocks(colours: Bool) -> String {
        let side = size + 2 * QRCode.quietZone
        let isDark = { (x: Int, y: Int) -> Bool in
            let (column, row) = (x - QRCode.quietZone, y - QRCode.quietZone)
            guard (0..<size).contains(column), (0..<size).contains(row) else { return false }
            return modules[row][column]
        }
        var out = ""
        for y in stride(from: 0, to: side, by: 2) {
            var line = colours ? "\u{1B}[30;107m" : ""
            for x in 0..<side {
                switch (isDark(x, y), isDark(x, y + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            out += line + (colours ? "\u{1B}[0m" : "") + "\n"
        }
        return out
    }
}
