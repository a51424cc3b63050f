/// The keys of a household's figures on Today, the subscriptions page and a goal's page
/// (DESIGN.md §3 "Household"); the labels the partials name as `t.household.*` are in the same
/// section.
extension UIKey {
    /// `[household]`, the sentences Swift fills in.
    package enum Household: String, KeySection {
        /// "{from} owes {to} {amount} for {month}".
        case owes
        /// "Nothing to settle for {month}."
        case settled
        /// "Settlement for {month}".
        case settlement
        static let section = "household"
    }

    package static func household(_ key: Household) -> UIKey { UIKey(key) }
}
