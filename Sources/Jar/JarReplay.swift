/// The pile as a pure function of the deposits (DESIGN.md §7 "Fast"): the jar is simulated by
/// months, not deposit by deposit.
///
/// Each calendar month before the latest deposit's month is poured in one settle — its coins in
/// deposit order, from the mouth — onto the pile at the end of the month before. In the latest
/// deposit's month the deposits before it are poured likewise, and then the latest deposit falls
/// alone: that fall is the film. So the pile after the first n deposits (`pile(n)`) is the pour of
/// the deposits of deposit n − 1's month up to n onto the pile at the end of the month before; it
/// depends on those n deposits only, which is what lets a build continue from any cached pile
/// whose key (`JarInputs.keys[n]`) still matches, and give the same bytes as a build from nothing.
enum JarReplay {
    /// Pours deposits `state.deposits ..< end` (all in one month, `state` the pile before it)
    /// in one settle: the coins merge among themselves first and then the pile's topmost coins
    /// (`JarMerge`), just until they fit, and fall in rows from the mouth, unfilmed.
    static func pour(onto state: JarState, through end: Int, _ inputs: JarInputs) -> (
        state: JarState, outcome: CoinDrop.Outcome?
    ) {
        guard end > state.deposits else { return (state, nil) }
        let poured = JarMerge.pour(Array(inputs.coins[state.deposits..<end].joined()), onto: state.coins.count)
        let merge = JarMerge.plan(pile: state.coins, incoming: poured.tiers.count)
        var generator = SeededGenerator(goalID: inputs.goalID, pourThrough: end - 1)
        let outcome = CoinDrop.run(
            pile: state.coins, removed: merge.removed, tiers: merge.made + poured.tiers,
            generator: &generator, filming: false)
        let next = JarState(
            deposits: end, inputs: inputs.keys[end], coins: outcome.coins,
            merges: state.merges + poured.merges + merge.made.count)
        return (next, outcome)
    }

    /// Drops deposit number `state.deposits` alone (merging first if the jar is full): the latest
    /// deposit's fall, filmed when `filming`.
    static func drop(onto state: JarState, _ inputs: JarInputs, filming: Bool) -> (
        state: JarState, outcome: CoinDrop.Outcome
    ) {
        let index = state.deposits
        let tiers = inputs.coins[index]
        let merge = JarMerge.plan(pile: state.coins, incoming: tiers.count)
        var generator = SeededGenerator(goalID: inputs.goalID, depositIndex: index)
        let outcome = CoinDrop.run(
            pile: state.coins, removed: merge.removed, tiers: merge.made + tiers,
            generator: &generator, filming: filming)
        let next = JarState(
            deposits: index + 1, inputs: inputs.keys[index + 1], coins: outcome.coins,
            merges: state.merges + merge.made.count)
        return (next, outcome)
    }

    /// The piles a goal's jar is drawn from: the pile at the end of every month before the latest
    /// deposit's month (oldest first), and the pile the latest deposit falls onto. A pile in
    /// `known` (cached, keyed by its deposits) is taken as it is; the others are poured.
    static func piles(_ inputs: JarInputs, known: [Int: JarState]) -> (monthEnds: [JarState], before: JarState) {
        precondition(!inputs.coins.isEmpty, "a jar without deposits has no piles to pour")
        var state = JarState(deposits: 0, inputs: inputs.keys[0], coins: [], merges: 0)
        var monthEnds: [JarState] = []
        for end in inputs.monthEnds {
            state = known[end] ?? pour(onto: state, through: end, inputs).state
            monthEnds.append(state)
        }
        let latest = inputs.coins.count - 1
        let before = known[latest] ?? pour(onto: state, through: latest, inputs).state
        return (monthEnds, before)
    }
}
