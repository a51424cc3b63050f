import Basics
import Domain
import Foundation

/// A goal as the jar sees it: its deposits in the jar's order, each as the coins it drops and the
/// month it falls in, and a key for every prefix of that list.
///
/// The jar's order is by time, as written on the wall clock (deposits written in the same minute
/// keep their order in the file); "the latest deposit" is the last one. The key after n deposits
/// is an FNV-1a chain over the format, the goal id and the coins and month of each of those
/// deposits: the exact inputs of the simulation (`JarReplay`), so a cached pile is reused only
/// when a replay would rebuild it.
public struct JarInputs: Sendable {
    public let goalID: String
    public let rule: CoinRule
    /// `coins[i]`: the tiers dropped by the i-th deposit.
    public let coins: [[Int]]
    /// `months[i]`: the month of the i-th deposit on its wall clock (`CalendarDate.monthIndex`).
    public let months: [Int]
    /// `keys[n]`: the key after the first n deposits (`keys.count == coins.count + 1`).
    public let keys: [String]
    /// `saved[n]`: what the first n deposits saved, exactly (`saved.count == coins.count + 1`).
    public let saved: [Decimal]
    /// `units[n]`: the whole coins' worth of `saved[n]` (`CoinRule.units(upTo:)`).
    public let units: [Int]

    /// The sand after the first n deposits: what they saved beyond their coins (`CoinRule`).
    public func sand(after n: Int) -> Decimal {
        units[n] < CoinRule.maximumUnits ? saved[n] - Decimal(units[n]) * rule.coinValue : 0
    }

    public init(goal: Goal) {
        let rule = CoinRule(goal: goal)
        goalID = goal.id
        self.rule = rule
        // How many coins a deposit drops depends on the room left in the jar it would fall into as
        // the latest deposit: the earlier months poured (`JarReplay`), then the deposits of its own
        // month before it poured onto them. A pour keeps its coins but trades nine away per merge.
        var monthStart = 0
        var thisMonth = 0
        var coins: [[Int]] = []
        var months: [Int] = []
        var saved: [Decimal] = [0]
        var units = [0]
        for deposit in goal.depositsInTimeOrder {
            let month = deposit.at.date.monthIndex
            if let last = months.last, last != month {
                monthStart = JarInputs.pileAfterPour(monthStart, incoming: thisMonth)
                thisMonth = 0
            }
            // Each total is divided once: a deposit drops what it adds to the whole coins before it.
            saved.append(saved[saved.count - 1] + deposit.amount)
            units.append(rule.units(upTo: saved[saved.count - 1]))
            let tiers = CoinRule.coins(
                forUnits: units[units.count - 1] - units[units.count - 2],
                pile: JarInputs.pileAfterPour(monthStart, incoming: thisMonth))
            thisMonth += tiers.count
            coins.append(tiers)
            months.append(month)
        }
        self.coins = coins
        self.months = months
        self.saved = saved
        self.units = units
        var hash = FNV1a.hash("sandjar-jar/\(JarSnapshot.currentFormat)/\(goal.id)/")
        var keys = [JarInputs.hex(hash)]
        for (tiers, month) in zip(coins, months) {
            hash = FNV1a.hash(tiers.map(String.init).joined(separator: ",") + "@\(month);", into: hash)
            keys.append(JarInputs.hex(hash))
        }
        self.keys = keys
    }

    /// How many coins a pile of `pile` holds once `incoming` coins are poured onto it: all of them,
    /// less nine for each merge that makes them fit (`JarMerge`).
    static func pileAfterPour(_ pile: Int, incoming: Int) -> Int {
        pile + incoming - (JarMerge.groupSize - 1) * JarMerge.mergesNeeded(pile: pile, incoming: incoming)
    }

    /// How many deposits the months before the latest deposit's month hold, each month's end
    /// (`[31, 59]` for deposits through January and February and a latest one in March).
    var monthEnds: [Int] {
        guard months.count > 1 else { return [] }
        return (1..<months.count).filter { months[$0] != months[$0 - 1] }
    }

    private static func hex(_ value: UInt64) -> String {
        value.zeroPadded(16, radix: 16)
    }
}
