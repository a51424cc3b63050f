import Domain
import Foundation

/// The statistics every badge condition reads: what has happened up to some moment.
///
/// Built by replaying events in time order (`BadgeReplay`), so after each event a badge can ask
/// "am I unlocked now?" and knows the day it first was.
public struct StatsSummary: Sendable, Equatable {
    // Savings
    public var deposits = 0
    /// In the base currency.
    public var totalDeposited: Decimal = 0
    /// Longest run of consecutive calendar days with at least one deposit.
    public var longestDepositStreak = 0
    public var goalsReached = 0
    public var goalsWithDeposits = 0
    /// Deposits made 22:00–04:59 and 05:00–08:59 on the wall clock (plain dates have no time).
    public var nightDeposits = 0
    public var earlyDeposits = 0
    /// Longest run of consecutive executed periods of any free goal.
    public var longestOnSchedule = 0
    /// Most deposited on one calendar day, in the base currency.
    public var biggestDay: Decimal = 0

    // Subscriptions
    public var subscriptionsKilled = 0
    public var trialsDodged = 0
    /// Monthly cost, in the base currency, of everything killed so far.
    public var killedMonthlySavings: Decimal = 0

    // Breathing
    public var sessions = 0
    public var longestPracticeStreak = 0
    public var programsCompleted = 0
    public var minutesPractised: Decimal = 0

    public init() {}
}
