import Domain
import Foundation
import Subscriptions
import XCTest

/// A household's shares, owes and settlement (DESIGN.md §3 "Household"), checked by hand and,
/// over random households, against a second, simple method: whole cents, pairwise sums of what
/// each owes each payer, then netting, and the fewest transfers found by trying every way to split
/// the people into groups.
final class HouseholdSplitTests: XCTestCase {
    private typealias F = SubscriptionFixture
    private let people = [Person(id: "lin", name: "林"), Person(id: "zhou", name: "小周"), Person(id: "wang", name: "王")]

    private func sub(
        _ name: String, price: String, started: String, next: String, members: Int = 1, paidBy: String?,
        shares: [String: Int]? = nil, currency: Currency = F.cny, cycle: Subscription.Cycle = .monthly
    ) -> Subscription {
        var s = F.sub(
            name, price: price, currency: currency, cycle: cycle, started: started, next: next, members: members)
        s.paidBy = paidBy
        s.shares = shares?.mapValues { Decimal($0) }
        return s
    }

    /// Worked by hand, CNY, today 2026-11-20, three people in the order lin, zhou, wang:
    ///
    /// - Netflix ¥90 on the 5th, paid by lin, equal shares: charged Nov 5, ¥30 each; zhou and
    ///   wang each owe lin ¥30.
    /// - Music ¥20 on the 10th, members 2 (one outsider), paid by zhou, shares 50/25/25: the
    ///   household's part is ¥10: lin ¥5, zhou ¥2.50, wang ¥2.50; lin owes zhou ¥5, wang ¥2.50.
    /// - Cloud ¥10 on the 25th, paid by wang: not charged yet this month, so nothing owed; its
    ///   monthly cost is ¥10 ÷ 3 each all the same.
    /// - Phone ¥10 on the 1st, paid by wang, equal shares: 1000 fen ÷ 3 = 333 r 1 each; the
    ///   left-over fen goes to the earliest of the tied, lin: lin 3.34, zhou 3.33, wang 3.33;
    ///   lin owes wang ¥3.34, zhou owes wang ¥3.33.
    ///
    /// owed: lin 30 + 30 = 60, zhou 5 + 2.50 = 7.50, wang 3.34 + 3.33 = 6.67.
    /// owing: lin 5 + 3.34 = 8.34, zhou 30 + 3.33 = 33.33, wang 30 + 2.50 = 32.50.
    /// balance: lin +51.66, zhou −25.83, wang −25.83 (sum 0). No two of them sum to zero, so one
    /// group of three: two transfers, zhou → lin ¥25.83 and wang → lin ¥25.83.
    /// paid this month: lin 90, zhou 20, wang 10 (Cloud not yet).
    /// monthly cost: lin 30 + 5 + 10/3 + 10/3 = 41.666…, zhou 30 + 2.5 + 20/3 = 39.1666…, wang the
    /// same as zhou; together 120 = 90 + 10 + 10 + 10.
    func testThreePeopleWorkedByHand() {
        let subs = [
            sub("Netflix", price: "90", started: "2026-01-05", next: "2026-12-05", paidBy: "lin"),
            sub(
                "Music", price: "20", started: "2026-01-10", next: "2026-12-10", members: 2, paidBy: "zhou",
                shares: ["lin": 50, "zhou": 25, "wang": 25]),
            sub("Cloud", price: "10", started: "2026-01-25", next: "2026-11-25", paidBy: "wang"),
            sub("Phone", price: "10", started: "2026-01-01", next: "2026-12-01", paidBy: "wang"),
        ]
        let split = HouseholdSplit(report: F.report(subs, today: "2026-11-20"), people: people, rates: F.rates)
        XCTAssertEqual(split.month, d("2026-11-01"))
        XCTAssertEqual(split.people.map(\.owed), [dec("60"), dec("7.50"), dec("6.67")])
        XCTAssertEqual(split.people.map(\.owing), [dec("8.34"), dec("33.33"), dec("32.50")])
        XCTAssertEqual(split.people.map(\.paidThisMonth), [dec("90"), dec("20"), dec("10")])
        XCTAssertEqual(
            split.owes.map { "\($0.from)→\($0.to) \($0.amount)" },
            ["lin→zhou 5", "lin→wang 3.34", "zhou→lin 30", "zhou→wang 3.33", "wang→lin 30", "wang→zhou 2.5"])
        XCTAssertEqual(
            split.transfers,
            [
                Transfer(from: "zhou", to: "lin", amount: dec("25.83")),
                Transfer(from: "wang", to: "lin", amount: dec("25.83")),
            ])
        let cost = split.people.map { $0.monthlyCost.rounded(scale: 6) }
        XCTAssertEqual(cost, [dec("41.666667"), dec("39.166667"), dec("39.166667")])
    }

    func testSettlementNeverCrossesAndUsesZeroSumGroups() {
        // a +5, b −5, c +7, d −7: two pairs, two transfers (a greedy pass over the whole would
        // take three).
        let t = Settlement.transfers(
            [("a", 5), ("c", 7), ("b", -5), ("d", -7)].map { (id: $0.0, balance: Decimal($0.1)) })
        XCTAssertEqual(t, [Transfer(from: "b", to: "a", amount: 5), Transfer(from: "d", to: "c", amount: 7)])
        XCTAssertEqual(Settlement.transfers([(id: "a", balance: 0), (id: "b", balance: 0)]), [])
        // Everyone square but one pair.
        XCTAssertEqual(
            Settlement.transfers([
                (id: "a", balance: dec("0.01")), (id: "b", balance: 0), (id: "c", balance: dec("-0.01")),
            ]),
            [Transfer(from: "c", to: "a", amount: dec("0.01"))])
    }

    func testWithoutPaidByNothingIsOwedButCostsAreShared() {
        let subs = [sub("Netflix", price: "90", started: "2026-01-05", next: "2026-12-05", paidBy: nil)]
        let split = HouseholdSplit(report: F.report(subs, today: "2026-11-20"), people: people, rates: F.rates)
        XCTAssertEqual(split.owes, [])
        XCTAssertEqual(split.transfers, [])
        XCTAssertEqual(split.people.map(\.paidThisMonth), [0, 0, 0])
        XCTAssertEqual(split.people.map(\.monthlyCost), [30, 30, 30])
    }

    // MARK: - Random households against a second method

    func testRandomHouseholdsAgreeWithPairwiseSumsAndBruteForce() {
        var random = Generator(seed: 0x5EED_4545)
        var settled = 0
        for round in 0..<300 {
            let n = Int.random(in: 2...6, using: &random)
            let folk = (0..<n).map { Person(id: "p\($0)", name: "P\($0)") }
            let today = CalendarDate(
                year: 2026, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
            var subs: [Subscription] = []
            for k in 0..<Int.random(in: 0...7, using: &random) {
                subs.append(randomSubscription(k, people: folk, today: today, using: &random))
            }
            let report = F.report(subs, today: today.description)
            let split = HouseholdSplit(report: report, people: folk, rates: F.rates)
            let context =
                "round \(round): \(subs.map { "\($0.name) \($0.price!) \($0.currency!.code) \($0.cycle!) next \($0.nextBilling!) m\($0.members) by \($0.paidBy ?? "-") \($0.shares ?? [:])" }) today \(today)"

            // Second method, in whole fen: each payer's charges this month stepped back from
            // next_billing, each person's part by integer division and the largest remainders.
            var owes = [[Int]](repeating: [Int](repeating: 0, count: n), count: n)  // [debtor][payer]
            var paid = [Decimal](repeating: 0, count: n)
            var cost = [Decimal](repeating: 0, count: n)
            for s in subs {
                let rate = F.rates.rate(for: s.currency!)!
                let monthly = s.price! * rate * (s.cycle == .weekly ? Decimal(52) / 12 : 1) / Decimal(s.members)
                for i in 0..<n { cost[i] += monthly * percent(s, i, n) / 100 }
                guard let payer = s.paidBy.flatMap({ id in folk.firstIndex { $0.id == id } }) else { continue }
                let charges = chargesThisMonth(s, today: today)
                guard charges > 0 else { continue }
                let whole = s.price! * rate * Decimal(charges)
                paid[payer] += whole
                let household = roundedFen(whole, dividedBy: s.members)
                let fen = self.split(household, s, n)
                for i in 0..<n where i != payer { owes[i][payer] += fen[i] }
            }
            for i in 0..<n {
                XCTAssertEqual(split.people[i].paidThisMonth, paid[i], context)
                XCTAssertLessThan(abs(split.people[i].monthlyCost - cost[i]), dec("0.000000001"), context)
                let owed = (0..<n).map { owes[$0][i] }.reduce(0, +)
                let owing = owes[i].reduce(0, +)
                XCTAssertEqual(split.people[i].owed, Decimal(owed) / 100, context)
                XCTAssertEqual(split.people[i].owing, Decimal(owing) / 100, context)
            }
            var pairs: [String] = []
            for i in 0..<n {
                for j in 0..<n where owes[i][j] != 0 { pairs.append("p\(i)→p\(j) \(Decimal(owes[i][j]) / 100)") }
            }
            XCTAssertEqual(split.owes.map { "\($0.from)→\($0.to) \($0.amount)" }, pairs, context)

            // Netting, then the settlement: it clears every balance, never both ways, each from a
            // debtor to a creditor, and as few as the brute force finds.
            let balance = (0..<n).map { i in (0..<n).map { owes[$0][i] - owes[i][$0] }.reduce(0, +) }
            var left = Dictionary(uniqueKeysWithValues: (0..<n).map { ("p\($0)", Decimal(balance[$0]) / 100) })
            for t in split.transfers {
                XCTAssertGreaterThan(t.amount, 0, context)
                XCTAssertLessThan(left[t.from]!, 0, "\(t) from one who owes: \(context)")
                XCTAssertGreaterThan(left[t.to]!, 0, "\(t) to one who is owed: \(context)")
                XCTAssertFalse(split.transfers.contains { $0.from == t.to && $0.to == t.from }, context)
                left[t.from]! += t.amount
                left[t.to]! -= t.amount
            }
            XCTAssertTrue(left.values.allSatisfy { $0 == 0 }, "every balance cleared: \(left) \(context)")
            XCTAssertEqual(split.transfers.count, fewestTransfers(balance.filter { $0 != 0 }), context)
            if split.transfers.count > 1 { settled += 1 }
        }
        XCTAssertGreaterThan(settled, 50, "the households are not all trivial")
    }

    func testRandomBalancesSettleInTheBruteForceMinimum() {
        var random = Generator(seed: 77)
        for _ in 0..<400 {
            let n = Int.random(in: 2...7, using: &random)
            // Small amounts so that zero-sum groups are common.
            var balance = (0..<(n - 1)).map { _ in Int.random(in: -4...4, using: &random) }
            balance.append(-balance.reduce(0, +))
            let t = Settlement.transfers(balance.enumerated().map { (id: "p\($0)", balance: Decimal($1)) })
            var left = balance.map { Decimal($0) }
            for x in t {
                let a = Int(x.from.dropFirst())!
                let b = Int(x.to.dropFirst())!
                XCTAssertTrue(left[a] < 0 && left[b] > 0, "\(balance) \(t)")
                left[a] += x.amount
                left[b] -= x.amount
            }
            XCTAssertEqual(left, [Decimal](repeating: 0, count: n), "\(balance) \(t)")
            XCTAssertEqual(t.count, fewestTransfers(balance.filter { $0 != 0 }), "\(balance) \(t)")
        }
    }

    // MARK: - The second method

    /// The fewest transfers by brute force: every partition of the people into blocks, the most
    /// blocks each summing to zero; k people in g such blocks need k − g.
    private func fewestTransfers(_ balances: [Int]) -> Int {
        func most(_ rest: [Int]) -> Int {
            guard let first = rest.first else { return 0 }
            var best = Int.min
            let others = Array(rest.dropFirst())
            // Every block holding `first`: `first` plus any subset of the others summing to zero.
            for mask in 0..<(1 << others.count) {
                let block = others.indices.filter { mask & (1 << $0) != 0 }
                guard first + block.map({ others[$0] }).reduce(0, +) == 0 else { continue }
                let remaining = others.indices.filter { mask & (1 << $0) == 0 }.map { others[$0] }
                best = max(best, 1 + most(remaining))
            }
            return best
        }
        return balances.count - (balances.isEmpty ? 0 : most(balances))
    }

    private func percent(_ s: Subscription, _ i: Int, _ n: Int) -> Decimal {
        s.shares.map { $0["p\(i)"] ?? 0 } ?? Decimal(100) / Decimal(n)
    }

    /// A part per person in whole fen: the floor of fen × percent ÷ 100 (or fen ÷ n), the fen
    /// left over one each to the largest remainders, ties to the earlier person.
    private func split(_ fen: Int, _ s: Subscription, _ n: Int) -> [Int] {
        var parts: [Int]
        var remainders: [Int]
        if let shares = s.shares {
            let pct = (0..<n).map { NSDecimalNumber(decimal: shares["p\($0)"] ?? 0).intValue }
            parts = pct.map { fen * $0 / 100 }
            remainders = pct.map { fen * $0 % 100 }
        } else {
            parts = Array(repeating: fen / n, count: n)
            remainders = Array(repeating: fen % n, count: n)
        }
        let order = (0..<n).sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for k in 0..<(fen - parts.reduce(0, +)) { parts[order[k]] += 1 }
        return parts
    }

    /// whole ÷ members in fen, half away from zero, by integer arithmetic on ten-thousandths.
    private func roundedFen(_ whole: Decimal, dividedBy members: Int) -> Int {
        let tenThousandths = NSDecimalNumber(decimal: whole * 10_000).intValue
        return (2 * tenThousandths + 100 * members) / (200 * members)
    }

    /// Charges in today's month up to today: billing dates stepped back from next_billing (after
    /// today), kept when on or after `started` and in the month.
    private func chargesThisMonth(_ s: Subscription, today: CalendarDate) -> Int {
        let monthStart = CalendarDate(year: today.year, month: today.month, day: 1)!
        var count = 0
        var k = 1
        while true {
            let date =
                s.cycle == .weekly ? s.nextBilling!.adding(days: -7 * k) : s.nextBilling!.adding(months: -k)
            k += 1
            if date < monthStart || date < s.started! { break }
            if date <= today { count += 1 }
        }
        return count
    }

    private func randomSubscription(
        _ k: Int, people: [Person], today: CalendarDate, using random: inout Generator
    ) -> Subscription {
        let cycle: Subscription.Cycle = Bool.random(using: &random) ? .monthly : .weekly
        // Anchor days up to 28, so that stepping back by months never clamps.
        let next =
            cycle == .monthly
            ? CalendarDate(year: today.year, month: today.month, day: Int.random(in: 1...28, using: &random))!
                .adding(months: today.day >= 28 ? 1 : Int.random(in: 0...1, using: &random))
            : today.adding(days: Int.random(in: 1...7, using: &random))
        let nextAfterToday = next > today ? next : next.adding(months: 1)
        let started = today.adding(days: -Int.random(in: 0...400, using: &random))
        var shares: [String: Int]?
        if Bool.random(using: &random) {
            var left = 100
            var table: [String: Int] = [:]
            for person in people.dropLast() {
                let share = Int.random(in: 0...left, using: &random)
                table[person.id] = share
                left -= share
            }
            table[people.last!.id] = left
            shares = table
        }
        let currency = [F.cny, F.usd, F.eur].randomElement(using: &random)!
        let price = Decimal(Int.random(in: 1...20_000, using: &random)) / 100
        return sub(
            "S\(k)", price: "\(price)", started: started.description, next: nextAfterToday.description,
            members: Int.random(in: 1...4, using: &random),
            paidBy: Bool.random(using: &random) ? nil : people.randomElement(using: &random)!.id,
            shares: shares, currency: currency, cycle: cycle)
    }
}

/// SplitMix64: the same households on every run.
private struct Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
