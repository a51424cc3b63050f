import Domain
import Foundation

/// One payment that settles a household's month: `from` pays `to` `amount` (DESIGN.md §3 "Household").
public struct Transfer: Sendable, Equatable, CustomStringConvertible {
    public var from: String
    public var to: String
    public var amount: Decimal

    public init(from: String, to: String, amount: Decimal) {
        self.from = from
        self.to = to
        self.amount = amount
    }

    public var description: String { "\(from)→\(to) \(amount)" }
}

/// The fewest transfers that clear every balance (owed − owing): each from one who owes on
/// balance to one who is owed, so never A→B and B→A.
///
/// With k people whose balance is not zero, the fewest transfers are k − g, where g is the largest
/// number of disjoint groups, each summing to zero, that those people can be split into: a group of
/// s people needs at least s − 1 transfers and s − 1 always suffice, and any settlement's
/// transfers link its people into groups that each sum to zero. g is found exactly, by dynamic
/// programming over the subsets of those people (`exactLimit` of them at most: 2^k subsets); each
/// group is then settled by pairing its debtors and creditors in the people's order: the first
/// debtor pays the first creditor the smaller of what the one owes and the other is owed, and
/// whichever is cleared gives way to the next. Beyond `exactLimit` people with a balance the same pairing runs over all
/// of them at once (at most k − 1 transfers, not always the fewest; docs/departures.md).
///
/// Balances are exact; the transfers clear them exactly (their amounts are differences of them).
public enum Settlement {
    /// The most people with a balance whose settlement is found exactly.
    public static let exactLimit = 16

    /// `balances` in the household's order (site.toml's); ties everywhere go to the earlier person.
    public static func transfers(_ balances: [(id: String, balance: Decimal)]) -> [Transfer] {
        let open = balances.filter { $0.balance != 0 }
        guard open.count > 1 else { return [] }
        guard open.count <= exactLimit else { return pair(open) }
        return groups(open.map(\.balance)).flatMap { members in pair(members.map { open[$0] }) }
    }

    /// The largest number of zero-sum groups the balances split into, as index lists in order.
    static func groups(_ balances: [Decimal]) -> [[Int]] {
        let n = balances.count
        let full = (1 << n) - 1
        var sum = [Decimal](repeating: 0, count: full + 1)
        // best[mask]: the most zero-sum groups `mask` splits into with nothing left over, counting
        // along a chain of masks each one person smaller (a zero-sum mask closes a group).
        var best = [Int](repeating: 0, count: full + 1)
        var from = [Int](repeating: -1, count: full + 1)
        for mask in 1...full {
            let low = mask.trailingZeroBitCount
            sum[mask] = sum[mask & (mask - 1)] + balances[low]
            var top = -1
            var choice = -1
            for i in 0..<n where mask & (1 << i) != 0 {
                let rest = best[mask & ~(1 << i)]
                if rest > top {
                    top = rest
                    choice = i
                }
            }
            best[mask] = top + (sum[mask] == 0 ? 1 : 0)
            from[mask] = choice
        }
        // Walk the chain back from everyone: the people between two zero-sum masks are a group.
        var groups: [[Int]] = []
        var mask = full
        var group: [Int] = []
        while mask != 0 {
            let i = from[mask]
            group.append(i)
            mask &= ~(1 << i)
            if sum[mask] == 0 {
                groups.append(group.sorted())
                group = []
            }
        }
        return groups
    }

    /// Debtors pay creditors in order, each transfer as much as both can take: at most
    /// (people − 1) transfers, each from a debtor to a creditor.
    static func pair(_ people: [(id: String, balance: Decimal)]) -> [Transfer] {
        var debtors = people.filter { $0.balance < 0 }.map { (id: $0.id, left: -$0.balance) }
        var creditors = people.filter { $0.balance > 0 }.map { (id: $0.id, left: $0.balance) }
        var transfers: [Transfer] = []
        var d = 0
        var c = 0
        while d < debtors.count, c < creditors.count {
            let amount = min(debtors[d].left, creditors[c].left)
            transfers.append(Transfer(from: debtors[d].id, to: creditors[c].id, amount: amount))
            debtors[d].left -= amount
            creditors[c].left -= amount
            if debtors[d].left == 0 { d += 1 }
            if creditors[c].left == 0 { c += 1 }
        }
        return transfers
    }
}
