import Domain

/// A goal as the jar sees it: its deposits in the jar's order, each as the coins it drops, and a
/// key for every prefix of that list.
///
/// The jar's order is by time, as written on the wall clock (deposits written in the same minute
/// keep their order in the file); "the latest deposit" is the last one. The key after n deposits
/// is an FNV-1a chain over the format, the goal id and the coins of each of those deposits: the
/// exact inputs of the simulation, so a cached pile is reused only when a replay would rebuild it.
public struct JarInputs: Sendable {
    public let goalID: String
    public let rule: CoinRule
    /// `coins[i]`: the tiers dropped by the i-th deposit.
    public let coins: [[Int]]
    /// `months[i]`: the month of the i-th deposit on its wall clock, as year × 12 + month − 1.
    public let months: [Int]
    /// `keys[n]`: the key after the first n deposits (`keys.count == coins.count + 1`).
    public let keys: [String]

    public init(goal: Goal) {
        let rule = CoinRule(goal: goal)
        goalID = goal.id
        self.rule = rule
        let ordered = goal.deposits.enumerated().sorted { a, b in
            if a.element.at < b.element.at { return true }
            if b.element.at < a.element.at { return false }
            return a.offset < b.offset
        }
        // How many coins a deposit drops depends on the room left in the jar, which follows from
        // the coins before it: each drop adds its coins and `JarMerge` takes nine away per merge.
        var pile = 0
        var coins: [[Int]] = []
        var months: [Int] = []
        for (_, deposit) in ordered {
            let tiers = rule.coins(for: deposit.amount, pile: pile)
            let merges = JarMerge.mergesNeeded(pile: pile, incoming: tiers.count)
            pile += tiers.count - (JarMerge.groupSize - 1) * merges
            coins.append(tiers)
            months.append(deposit.at.date.year * 12 + deposit.at.date.month - 1)
        }
        self.coins = coins
        self.months = months
        var hash = FNV1a.hash("sandjar-jar/\(JarSnapshot.currentFormat)/\(goal.id)/")
        var keys = [JarInputs.hex(hash)]
        for tiers in coins {
            hash = FNV1a.hash(tiers.map(String.init).joined(separator: ",") + ";", into: hash)
            keys.append(JarInputs.hex(hash))
        }
        self.keys = keys
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
