extension QRCode {
    /// The symbol while it is drawn: its modules and which of them are function patterns (finder,
    /// timing, alignment, format and version areas), which data and masks leave alone.
    struct Grid {
        let version: Int
        let size: Int
        var dark: [[Bool]]
        var reserved: [[Bool]]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            dark = Array(repeating: Array(repeating: false, count: size), count: size)
            reserved = dark
        }

        /// Sets the module at column `x`, row `y` as part of a function pattern.
        mutating func set(_ x: Int, _ y: Int, _ value: Bool) {
            dark[y][x] = value
            reserved[y][x] = true
        }

        mutating func drawFunctionPatterns() {
            for index in 0..<size {
                set(6, index, index % 2 == 0)
                set(index, 6, index % 2 == 0)
            }
            drawFinder(3, 3)
            drawFinder(size - 4, 3)
            drawFinder(3, size - 4)
            let centres = QRCode.versions[version - 1].alignment
            for (i, x) in centres.enumerated() {
                for (j, y) in centres.enumerated() {
                    let corner =
                        (i == 0 && j == 0) || (i == 0 && j == centres.count - 1) || (i == centres.count - 1 && j == 0)
                    if !corner { drawAlignment(x, y) }
                }
            }
            // Reserve the format areas now (their bits are drawn with the mask); the dark module.
            drawFormatBits(level: .medium, mask: 0)
            drawVersion()
        }

        /// A finder pattern centred on (x, y), with its light separator.
        private mutating func drawFinder(_ x: Int, _ y: Int) {
            for dy in -4...4 {
                for dx in -4...4 {
                    let (column, row) = (x + dx, y + dy)
                    guard (0..<size).contains(column), (0..<size).contains(row) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    set(column, row, distance != 2 && distance != 4)
                }
            }
        }

        private mutating func drawAlignment(_ x: Int, _ y: Int) {
            for dy in -2...2 {
                for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
            }
        }

        /// The 15 format bits (level and mask, BCH-coded, XOR 0x5412), twice, and the dark module.
        mutating func drawFormatBits(level: QRCode.Level, mask: Int) {
            let data = level.formatBits << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            let bit = { (index: Int) in (bits >> index) & 1 == 1 }
            for index in 0...5 { set(8, index, bit(index)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for index in 9..<15 { set(14 - index, 8, bit(index)) }
            for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
            for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
            set(8, size - 8, true)
        }

        /// From version 7: the version number, BCH-coded, in two 6×3 blocks.
        private mutating func drawVersion() {
            guard version >= 7 else { return }
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let bit = (bits >> index) & 1 == 1
                let (a, b) = (size - 11 + index % 3, index / 3)
                set(a, b, bit)
                set(b, a, bit)
            }
        }

        /// The codewords' bits in the zigzag order: two columns at a time from the right, up then
        /// down, skipping the vertical timing pattern and every function module.
        mutating func place(_ codewords: [UInt8]) {
            var index = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for step in 0..<size {
                    for offset in 0..<2 {
                        let x = right - offset
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - step : step
                        guard !reserved[y][x] else { continue }
                        if index < codewords.count * 8 {
                            dark[y][x] = (codewords[index >> 3] >> (7 - (index & 7))) & 1 == 1
                            index += 1
                        }
                    }
                }
                right -= 2
            }
        }

        /// Flips every data module where mask pattern `mask` holds (the standard's table 10).
        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !reserved[y][x] {
                    let flip: Bool
                    switch mask {
                    case 0: flip = (x + y) % 2 == 0
                    case 1: flip = y % 2 == 0
                    case 2: flip = x % 3 == 0
                    case 3: flip = (x + y) % 3 == 0
                    case 4: flip = (x / 3 + y / 2) % 2 == 0
                    case 5: flip = x * y % 2 + x * y % 3 == 0
                    case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                    default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if flip { dark[y][x].toggle() }
                }
            }
        }

        /// The standard's penalty (N1–N4): runs of five or more alike, 2×2 blocks alike, patterns
        /// that look like a finder, and a dark share far from half. The mask with the lowest wins.
        var penalty: Int {
            var score = 0
            let columns = (0..<size).map { x in (0..<size).map { y in dark[y][x] } }
            for line in dark + columns {
                var run = 1
                for index in 1..<size {
                    if line[index] == line[index - 1] {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { score += run - 2 }
                let finder: [Bool] = [true, false, true, true, true, false, true]
                let light = [Bool](repeating: false, count: 4)
                for start in 0...(size - 11) {
                    let window = Array(line[start..<start + 11])
                    if window == finder + light || window == light + finder { score += 40 }
                }
            }
            for y in 0..<(size - 1) {
                for x in 0..<(size - 1) {
                    let colour = dark[y][x]
                    if dark[y][x + 1] == colour && dark[y + 1][x] == colour && dark[y + 1][x + 1] == colour {
                        score += 3
                    }
                }
            }
            // 10 for each whole 5 % the dark share is away from 50 %.
            let darkCount = dark.reduce(0) { $0 + $1.filter { $0 }.count }
            score += abs(darkCount * 100 - size * size * 50) / (size * size * 5) * 10
            return score
        }
    }
}
