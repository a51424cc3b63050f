import Foundation
import SiteData
import TestSupport
import XCTest

@testable import SiteBuilder

/// A household on the pages (DESIGN.md §3, §6): Today, the subscriptions page and a goal's page.
/// The figures shown are checked against a second, simple computation written here — whole
/// fractions, each person's part of each charge, the pairwise sums of who owes whom, then the
/// netting — never against the engine's code; over random households and by hand.
final class HouseholdPagesTests: XCTestCase {
    // MARK: - A second computation

    /// An exact fraction, enough for prices in cents, members and percent.
    struct Fraction: Equatable {
        var num: Int
        var den: Int

        init(_ num: Int, _ den: Int = 1) {
            let g = Self.gcd(abs(num), den)
            self.num = num / max(g, 1)
            self.den = den / max(g, 1)
        }

        static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        static func + (a: Fraction, b: Fraction) -> Fraction { Fraction(a.num * b.den + b.num * a.den, a.den * b.den) }
        static func * (a: Fraction, b: Fraction) -> Fraction { Fraction(a.num * b.num, a.den * b.den) }

        /// Rounded half up to a whole number (the values are never negative).
        var halfUp: Int { (2 * num + den) / (2 * den) }
    }

    struct Sub {
        var priceCents: Int
        var members: Int
        var payer: Int?
        /// Percent per person, or nil: equal.
        var shares: [Int]?
        /// The day of November it was charged, or nil: not this month.
        var chargedOn: Int?
    }

    /// Person `p`'s fraction (of 1) of a subscription's household part.
    static func fraction(_ sub: Sub, _ p: Int, people: Int) -> Fraction {
        sub.shares.map { Fraction($0[p], 100) } ?? Fraction(1, people)
    }

    struct Expected {
        var monthlyCents: [Int]
        var paidCents: [Int]
        var owedCents: [Int]
        var owingCents: [Int]
        /// owes[a][b]: what a owes b, pairwise.
        var owes: [[Int]]
    }

    static func expected(_ subs: [Sub], people n: Int) -> Expected {
        var monthly = [Fraction](repeating: Fraction(0), count: n)
        var paid = [Int](repeating: 0, count: n)
        var owes = [[Int]](repeating: [Int](repeating: 0, count: n), count: n)
        for sub in subs {
            let part = Fraction(sub.priceCents, sub.members)
            for p in 0..<n { monthly[p] = monthly[p] + part * fraction(sub, p, people: n) }
            guard sub.chargedOn != nil, let payer = sub.payer else { continue }
            paid[payer] += sub.priceCents
            // The household's part of the charge in whole cents, then shared out by the largest
            // remainder: each floor first, the cents left to the largest remainders, the
            // earliest person first among equal ones.
            let household = part.halfUp
            let exact = (0..<n).map { Fraction(household) * fraction(sub, $0, people: n) }
            var cents = exact.map { $0.num / $0.den }
            let left = household - cents.reduce(0, +)
            let order = (0..<n).sorted { a, b in
                let ra = Fraction(exact[a].num % exact[a].den, exact[a].den)
                let rb = Fraction(exact[b].num % exact[b].den, exact[b].den)
                let (x, y) = (ra.num * rb.den, rb.num * ra.den)
                return x != y ? x > y : a < b
            }
            for p in order.prefix(left) { cents[p] += 1 }
            for p in 0..<n where p != payer { owes[p][payer] += cents[p] }
        }
        return Expected(
            monthlyCents: monthly.map(\.halfUp), paidCents: paid,
            owedCents: (0..<n).map { b in (0..<n).reduce(0) { $0 + owes[$1][b] } },
            owingCents: (0..<n).map { a in owes[a].reduce(0, +) }, owes: owes)
    }

    /// The fewest transfers that clear `balances`, by trying every way to cut the people with a
    /// balance into groups that each sum to zero: k people in g such groups need k − g.
    static func fewestTransfers(_ balances: [Int]) -> Int {
        let open = balances.filter { $0 != 0 }
        func most(_ rest: [Int]) -> Int {
            guard let first = rest.first else { return 0 }
            let others = Array(rest.dropFirst())
            var best = 0
            // Every group holding `first`: first and a subset of the others summing to −first.
            for mask in 0..<(1 << others.count) {
                let chosen = others.indices.filter { mask & (1 << $0) != 0 }
                guard first + chosen.reduce(0, { $0 + others[$1] }) == 0 else { continue }
                let remaining = others.indices.filter { mask & (1 << $0) == 0 }.map { others[$0] }
                best = max(best, 1 + most(remaining))
            }
            return best
        }
        return open.count - most(open)
    }

    // MARK: - Reading the pages

    static func dollars(_ cents: Int) -> String {
        "$\(cents / 100).\(String(format: "%02d", cents % 100))"
    }

    static func cents(_ shown: String) -> Int? {
        let digits = shown.replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: "")
        let parts = digits.split(separator: ".")
        guard parts.count == 2, let whole = Int(parts[0]), let part = Int(parts[1]) else { return nil }
        return whole * 100 + part
    }

    /// The rows of the household section of a page: the row's heading → its cells' text.
    static func rows(_ html: String) -> [String: [String]] {
        guard let start = html.range(of: "<section class=\"household\""),
            let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return [:] }
        let section = String(html[start.lowerBound..<end.upperBound])
        var rows: [String: [String]] = [:]
        for row in section.components(separatedBy: "<tr").dropFirst() {
            guard let th = row.range(of: "<th scope=\"row\">"), let close = row.range(of: "</th>") else { continue }
            let name = String(row[th.upperBound..<close.lowerBound])
            let cells = row.components(separatedBy: "<td").dropFirst().compactMap { cell -> String? in
                guard let open = cell.firstIndex(of: ">"), let stop = cell.range(of: "</td>") else { return nil }
                return String(cell[cell.index(after: open)..<stop.lowerBound])
            }
            rows[name] = cells
        }
        return rows
    }

    /// Today's line per person: the name → its figures (a month, paid, put in, streak).
    static func lines(_ html: String) -> [String: [String]] {
        let pattern = try! NSRegularExpression(
            pattern: "<li(?: data-person=\"[a-z0-9-]+\")?><strong>([^<]+)</strong>(.*)</li>")
        var lines: [String: [String]] = [:]
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let name = String(html[Range(match.range(at: 1), in: html)!])
            let rest = String(html[Range(match.range(at: 2), in: html)!])
            // Each figure is a pair: its label, then the figure itself.
            lines[name] = rest.components(separatedBy: "<span class=\"pair\">").dropFirst().map {
                let figure = $0.components(separatedBy: "</span> ").dropFirst().first ?? ""
                return String(figure.prefix { $0 != " " && $0 != "<" })
            }
        }
        return lines
    }

    /// "A owes B $1.23 for November" sentences of a page: (from, to, cents).
    static func transfers(_ html: String) -> [(from: String, to: String, cents: Int)] {
        let pattern = try! NSRegularExpression(pattern: "<li>(\\S+) owes (\\S+) (\\$[0-9.,]+) for November</li>")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            let group = { (i: Int) in String(html[Range(match.range(at: i), in: html)!]) }
            return cents(group(3)).map { (group(1), group(2), $0) }
        }
    }

    // MARK: - Random households

    func testRandomHouseholdsPagesAgreeWithPairwiseSumsThenNetting() throws {
        var random = SplitMix64(seed: 45)
        for round in 0..<24 {
            let n = Int.random(in: 2...4, using: &random)
            let names = (0..<n).map { "P\($0)" }
            var site = "title = \"Home\"\nlanguage = \"en\"\nlocale = \"en-US\"\ntimezone = \"America/New_York\"\n"
            for p in 0..<n { site += "\n[[person]]\nid = \"p\(p)\"\nname = \"\(names[p])\"\n" }
            var subs: [Sub] = []
            var toml = ""
            for s in 0..<Int.random(in: 1...6, using: &random) {
                var sub = Sub(
                    priceCents: Int.random(in: 1...9999, using: &random),
                    members: Int.random(in: 1...3, using: &random),
                    payer: Bool.random(using: &random) || s == 0 ? Int.random(in: 0..<n, using: &random) : nil,
                    shares: nil, chargedOn: nil)
                if Bool.random(using: &random) {
                    var shares = [Int](repeating: 0, count: n)
                    for _ in 0..<100 { shares[Int.random(in: 0..<n, using: &random)] += 1 }
                    if Int.random(in: 0..<4, using: &random) == 0 { shares = shares.indices.map { $0 == 0 ? 100 : 0 } }
                    sub.shares = shares
                }
                // Billed next on Dec 1…28 (so charged on that day of November) or on Nov 30 (not yet).
                let day = Int.random(in: 0...28, using: &random)
                sub.chargedOn = day == 0 ? nil : day
                let next = day == 0 ? "2026-11-30" : "2026-12-\(String(format: "%02d", day))"
                toml += "[[subscription]]\nname = \"S\(s)\"\ncatalog = false\n"
                toml += "price = \(sub.priceCents / 100).\(String(format: "%02d", sub.priceCents % 100))\n"
                toml += "cycle = \"monthly\"\nstarted = 2026-01-01\nnext_billing = \(next)\nmembers = \(sub.members)\n"
                if let payer = sub.payer { toml += "paid_by = \"p\(payer)\"\n" }
                if let shares = sub.shares {
                    toml +=
                        "shares = { " + shares.indices.map { "p\($0) = \(shares[$0])" }.joined(separator: ", ") + " }\n"
                }
                toml += "\n"
                subs.append(sub)
            }
            let built = try TestSupport.baseSite(files: ["site.toml": site, "subscriptions/main.toml": toml])
            let expected = Self.expected(subs, people: n)
            let page = try XCTUnwrap(built.text("subscriptions/index.html"))
            let rows = Self.rows(page)
            for p in 0..<n {
                let cells = try XCTUnwrap(rows[names[p]], "round \(round): no row for \(names[p])")
                XCTAssertEqual(
                    cells.map { Self.cents($0) ?? -1 },
                    [expected.monthlyCents[p], expected.paidCents[p], expected.owedCents[p], expected.owingCents[p]],
                    "round \(round) \(names[p]): monthly, paid, owed, owing\n\(toml)")
            }
            // The settlement: each transfer from one who owes on balance to one who is owed, the
            // transfers clearing every balance, and no more of them than the fewest possible.
            let balances = (0..<n).map { expected.owedCents[$0] - expected.owingCents[$0] }
            let shown = Self.transfers(page)
            var left = balances
            for transfer in shown {
                let (from, to) = (
                    try XCTUnwrap(names.firstIndex(of: transfer.from)), try XCTUnwrap(names.firstIndex(of: transfer.to))
                )
                XCTAssertLessThan(balances[from], 0, "round \(round): \(transfer.from) pays but is owed")
                XCTAssertGreaterThan(balances[to], 0, "round \(round): \(transfer.to) is paid but owes")
                XCTAssertGreaterThan(transfer.cents, 0)
                left[from] += transfer.cents
                left[to] -= transfer.cents
            }
            XCTAssertEqual(left, [Int](repeating: 0, count: n), "round \(round): the transfers clear every balance")
            XCTAssertEqual(shown.count, Self.fewestTransfers(balances), "round \(round): the fewest transfers\n\(toml)")
            if shown.isEmpty { XCTAssertTrue(page.contains("Nothing to settle for November."), "round \(round)") }
            // Today shows the same per person, and leads with it.
            let today = try XCTUnwrap(built.text("index.html"))
            let todayRows = Self.lines(today)
            for p in 0..<n {
                XCTAssertEqual(
                    todayRows[names[p]]?.prefix(2).map { Self.cents($0) ?? -1 },
                    [expected.monthlyCents[p], expected.paidCents[p]], "round \(round) Today \(names[p])")
            }
            XCTAssertEqual(Self.transfers(today).count, shown.count)
            let main = try XCTUnwrap(today.range(of: "<div class=\"today-main\">"))
            XCTAssertTrue(today[main.upperBound...].hasPrefix("\n<section class=\"household\""), "Today leads with it")
        }
    }

    // MARK: - By hand

    /// The three-person household of `HouseholdDataJSONTests`, worked by hand there: the pages
    /// show its figures.
    func testTheThreePersonHouseholdWorkedByHandOnThePages() throws {
        let site = try TestSupport.baseSite(files: HouseholdFixture.files)
        let subscriptions = try XCTUnwrap(site.text("subscriptions/index.html"))
        let rows = Self.rows(subscriptions)
        XCTAssertEqual(rows["林"], ["$12.58", "$15.00", "$10.00", "$7.59"])
        XCTAssertEqual(rows["小周"], ["$12.58", "$17.00", "$4.25", "$8.33"])
        XCTAssertEqual(rows["王"], ["$8.33", "$10.00", "$6.67", "$5.00"])
        XCTAssertEqual(rows["Netflix"], ["林", "林 $5.00 · 小周 $5.00 · 王 $5.00"])
        XCTAssertEqual(rows["Spotify"], ["小周", "林 $4.25 · 小周 $4.25 · 王 $0.00"])
        XCTAssertEqual(rows["Phone"], ["王", "林 $3.33 · 小周 $3.33 · 王 $3.33"])
        XCTAssertNil(rows["Old"], "a slain one has no shares")
        XCTAssertTrue(subscriptions.contains("<li>小周 owes 林 $2.41 for November</li>"), subscriptions)
        XCTAssertTrue(subscriptions.contains("<li>小周 owes 王 $1.67 for November</li>"))
        XCTAssertTrue(subscriptions.contains("<h3>Settlement for November</h3>"))

        let today = Self.lines(try XCTUnwrap(site.text("index.html")))
        XCTAssertEqual(today["林"], ["$12.58", "$15.00", "$60.25", "3"])
        XCTAssertEqual(today["小周"], ["$12.58", "$17.00", "$50.00", "0"])
        XCTAssertEqual(today["王"], ["$8.33", "$10.00", "$100.00", "0"])
        // The household: $33.50 a month (15 + 8.50 + 10), $42 paid, $220.25 saved, a 3-day streak.
        XCTAssertEqual(today["All"], ["$33.50", "$42.00", "$220.25", "3"])

        // The bike: zhou $50 of $120.25 (41.6 %), lin $60.25 (50.1 %), $10 named for no one (8.3 %).
        let bike = Self.rows(try XCTUnwrap(site.text("goals/bike/index.html")))
        XCTAssertEqual(bike["小周"], ["$50.00", "42%"])
        XCTAssertEqual(bike["林"], ["$60.25", "50%"])
        XCTAssertEqual(bike["Not named"], ["$10.00", "8%"])
        XCTAssertNil(bike["王"], "the bike is zhou's and lin's")
        let car = Self.rows(try XCTUnwrap(site.text("goals/car/index.html")))
        XCTAssertEqual(car["王"], ["$100.00", "100%"])
        XCTAssertEqual(car["林"], ["$0.00", "0%"])
        XCTAssertNil(car["Not named"])
    }

    func testChineseWords() throws {
        var files = HouseholdFixture.files
        files["site.toml"] = files["site.toml"]!.replacingOccurrences(
            of: "language = \"en\"", with: "language = \"zh-Hans\"")
        let site = try TestSupport.baseSite(language: "zh-Hans", files: files)
        let page = try XCTUnwrap(site.text("subscriptions/index.html"))
        XCTAssertTrue(page.contains("<h3>11月结算</h3>"), page)
        XCTAssertTrue(page.contains("<li>小周 应付给 林 "), page)
        XCTAssertTrue(page.contains("2.41（11月）</li>"), page)
    }

    func testWithoutPeopleNoPageHasAHouseholdSection() throws {
        let site = try TestSupport.baseSite()
        for path in ["index.html", "subscriptions/index.html", "goals/bike/index.html"] {
            XCTAssertFalse(try XCTUnwrap(site.text(path)).contains("household"), path)
        }
    }
}

/// The three-person household worked by hand in `HouseholdDataJSONTests`.
enum HouseholdFixture {
    static let files: [String: String] = [
        "site.toml": """
        title = "Home"
        language = "en"
        locale = "en-US"
        timezone = "America/New_York"

        [[person]]
        id = "lin"
        name = "林"
        [[person]]
        id = "zhou"
        name = "小周"
        [[person]]
        id = "wang"
        name = "王"

        """,
        "subscriptions/main.toml": """
        [[subscription]]
        name = "Netflix"
        catalog = false
        price = 15
        cycle = "monthly"
        started = 2026-01-05
        next_billing = 2026-12-05
        paid_by = "lin"

        [[subscription]]
        name = "Spotify"
        catalog = false
        price = 17
        cycle = "monthly"
        members = 2
        started = 2026-02-20
        next_billing = 2026-12-20
        paid_by = "zhou"
        shares = { lin = 50, zhou = 50, wang = 0 }

        [[subscription]]
        name = "Phone"
        catalog = false
        price = 10
        cycle = "monthly"
        started = 2026-01-01
        next_billing = 2026-12-01
        paid_by = "wang"

        [[subscription]]
        name = "Old"
        catalog = false
        price = 20
        cycle = "monthly"
        started = 2026-01-03
        killed = 2026-10-01
        paid_by = "lin"

        """,
        "goals/bike.toml": """
        name = "Bike"
        mode = "wish"
        target = 500
        people = ["zhou", "lin"]
        [[deposit]]
        at = 2026-09-01
        amount = 50
        by = "zhou"
        [[deposit]]
        at = 2026-10-01
        amount = 60.25
        by = "lin"
        [[deposit]]
        at = 2026-11-01
        amount = 10

        """,
        "goals/car.toml":
            "name = \"Car\"\nmode = \"wish\"\ntarget = 900\n[[deposit]]\nat = 2026-11-10\namount = 100\nby = \"wang\"\n",
        "practice/2026-11.toml": """
        [[session]]
        at = 2026-11-01T21:00:00
        pattern = "box"
        cycles = 4
        by = "zhou"
        [[session]]
        at = 2026-11-02T21:00:00
        pattern = "box"
        cycles = 4
        [[session]]
        at = 2026-11-27T21:00:00
        pattern = "box"
        cycles = 4
        by = "lin"
        [[session]]
        at = 2026-11-28T21:00:00
        pattern = "box"
        cycles = 4
        by = "lin"
        [[session]]
        at = 2026-11-29T07:00:00
        pattern = "box"
        cycles = 4
        by = "lin"

        """,
    ]
}
