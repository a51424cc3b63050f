import Domain
import Foundation

/// Writes a valid synthetic data folder for benchmarks and scale tests.
///
/// At scale 1: 10 goals over 3 years of near-daily deposits (about 10,000), 100 subscriptions,
/// 3 years of practice (about 1,500 sessions) and 500 Markdown pages of about 4 KB; scale N
/// multiplies every count. The same scale always gives the same bytes: a seeded generator, no
/// clock.
public struct FixtureGenerator {
    public let scale: Int
    /// The last day any event falls on; builds of the fixture use it as `--today`.
    public static let lastDay = CalendarDate(year: 2026, month: 11, day: 28)!

    public init(scale: Int) {
        self.scale = max(1, scale)
    }

    /// Relative path → file text.
    public func files() -> [String: String] {
        var files: [String: String] = [:]
        files["site.toml"] = """
            title = "Fixture at scale \(scale)"
            language = "en"
            currency = "USD"
            timezone = "UTC"
            base_url = "https://example.org/fixture/"

            """
        files["rates.toml"] = "base = \"USD\"\nas_of = 2026-11-28\n\n[rates]\nEUR = 1.08\nJPY = 0.0067\n"
        files["breathing.toml"] = """
            [[pattern]]
            id = "triangle"
            name = "Triangle"
            inhale = 4
            hold = 4
            exhale = 4

            [[enrollment]]
            program = "calm-start"
            start = 2024-01-01

            """
        var random = FixtureRandom(seed: UInt64(scale))
        for index in 0..<(10 * scale) { files["goals/goal-\(index + 1).toml"] = goal(index, &random) }
        for file in 0..<(scale * 4) {
            files["subscriptions/batch-\(file + 1).toml"] = subscriptions(file, count: 25, &random)
        }
        for (name, text) in practice(&random) { files["practice/\(name).toml"] = text }
        for index in 0..<(500 * scale) { files["pages/page-\(index + 1).md"] = page(index, &random) }
        return files
    }

    private var firstDay: CalendarDate { FixtureGenerator.lastDay.adding(days: -(3 * 365)) }

    private func goal(_ index: Int, _ random: inout FixtureRandom) -> String {
        let free = index % 3 == 2
        let start = firstDay.adding(days: index)
        var text = "name = \"Goal \(index + 1)\"\nmode = \"\(free ? "free" : "wish")\"\n"
        if !free { text += "target = \(50_000 + 1000 * index)\n" }
        text += "created = \(start)\n\n[plan]\namount = \(free ? 20 : 30)\nfrequency = \"daily\"\nstart = \(start)\n"
        if free { text += "annual_rate = 0.05\n" } else { text += "periods = 1200\n" }
        var day = start
        while day <= FixtureGenerator.lastDay {
            if random.next(100) < 92 {
                let cents = 500 + random.next(4500)
                let hour = random.next(24)
                let minute = random.next(60)
                text +=
                    "\n[[deposit]]\nat = \(day)T\(two(hour)):\(two(minute)):00\namount = \(cents / 100).\(two(cents % 100))\n"
                if random.next(10) == 0 { text += "note = \"note \(random.next(1000))\"\n" }
            }
            day = day.adding(days: 1)
        }
        return text
    }

    private func subscriptions(_ file: Int, count: Int, _ random: inout FixtureRandom) -> String {
        let names = ["Netflix", "Spotify", "iCloud+", "YouTube Premium", "Disney+", "Notion", "Dropbox", "1Password"]
        let cycles = ["weekly", "monthly", "quarterly", "semiannual", "yearly"]
        let currencies = ["USD", "EUR", "JPY"]
        var text = ""
        for index in 0..<count {
            let number = file * count + index + 1
            let currency = currencies[random.next(currencies.count)]
            let price = currency == "JPY" ? "\(500 + random.next(3000))" : "\(3 + random.next(40)).99"
            let started = firstDay.adding(days: random.next(900))
            text += "[[subscription]]\nname = \"\(names[number % names.count]) \(number)\"\ncatalog = false\n"
            text += "price = \(price)\ncurrency = \"\(currency)\"\ncycle = \"\(cycles[random.next(cycles.count)])\"\n"
            text +=
                "started = \(started)\nnext_billing = \(FixtureGenerator.lastDay.adding(days: 1 + random.next(60)))\n"
            if random.next(5) == 0 { text += "trial = true\n" }
            if random.next(8) == 0 { text += "killed = \(started.adding(days: 30 + random.next(60)))\n" }
            text += "\n"
        }
        return text
    }

    private func practice(_ random: inout FixtureRandom) -> [String: String] {
        var months: [String: String] = [:]
        let patterns = ["4-7-8", "box", "equal", "coherent", "triangle"]
        var day = firstDay
        while day <= FixtureGenerator.lastDay {
            // About 1.37 sessions a day per scale unit: one on most days, a second on half of them.
            var count = 0
            for _ in 0..<scale { count += (random.next(100) < 87 ? 1 : 0) + (random.next(100) < 50 ? 1 : 0) }
            for _ in 0..<count {
                let name = "\(day.year)-\(two(day.month))"
                var entry = "[[session]]\nat = \(day)T\(two(6 + random.next(16))):\(two(random.next(60))):00\n"
                entry += "pattern = \"\(patterns[random.next(patterns.count)])\"\n"
                entry += random.next(2) == 0 ? "cycles = \(3 + random.next(8))\n" : "minutes = \(2 + random.next(9))\n"
                if random.next(3) == 0 {
                    entry += "mood_before = \(1 + random.next(3))\nmood_after = \(3 + random.next(3))\n"
                }
                months[name, default: ""] += entry + "\n"
            }
            day = day.adding(days: 1)
        }
        return months
    }

    private func page(_ index: Int, _ random: inout FixtureRandom) -> String {
        let words = [
            "jar", "coin", "patience", "breath", "habit", "small", "steps", "saving", "quiet", "morning",
            "promise", "future", "slow", "kind", "enough", "today",
        ]
        var text = "+++\ntitle = \"Page \(index + 1)\"\ndate = \(firstDay.adding(days: index % 1000))\n+++\n"
        text += "# Page \(index + 1)\n\n"
        while text.utf8.count < 4000 {
            var sentence: [String] = []
            for _ in 0..<(8 + random.next(10)) { sentence.append(words[random.next(words.count)]) }
            let line = sentence.joined(separator: " ")
            switch random.next(6) {
            case 0: text += "## \(line.prefix(30))\n\n"
            case 1: text += "- \(line)\n- *\(line.prefix(20))*\n\n"
            case 2: text += "> \(line)\n\n"
            default:
                text +=
                    "\(line.prefix(1).uppercased())\(line.dropFirst()) with `code` and [a link](https://example.org/\(index)).\n\n"
            }
        }
        return text
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// SplitMix64: small, fast and the same on every machine.
struct FixtureRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func nextBits() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound.
    mutating func next(_ bound: Int) -> Int { Int(nextBits() % UInt64(bound)) }
}
