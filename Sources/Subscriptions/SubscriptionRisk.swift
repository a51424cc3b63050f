import Domain

/// How likely an active subscription is to cost money its owner has forgotten about
/// (DESIGN.md §3): a trial about to turn into a charge, or a plan nobody has looked at for months.
public struct SubscriptionRisk: Sendable, Equatable {
    public enum Level: String, Sendable, CaseIterable, Comparable {
        case low, medium, high

        public static func < (a: Level, b: Level) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Why, for the page: each case is a sentence of its own (`UIKey.RiskReason`) with its figures.
    public enum Reason: Sendable, Equatable {
        /// High: a trial whose next charge is 0…3 days away.
        case trialChargesSoon(days: Int)
        /// High: a contract's notice deadline is 0…14 days away; after it, the term renews.
        case noticeDue(days: Int)
        /// Medium: last reviewed (`last_touched`, else `started`) more than 6 months ago.
        case notReviewedSince(CalendarDate)
        /// Medium: neither `last_touched` nor `started` is known.
        case neverReviewed
        /// Low: reviewed within the last 6 months.
        case reviewedOn(CalendarDate)
    }

    public var level: Level
    public var reason: Reason

    public init(level: Level, reason: Reason) {
        self.level = level
        self.reason = reason
    }

    /// Days before a contract's notice deadline from which its risk is high.
    public static let noticeWindow = 14

    /// High when a trial charges in 0…3 days, or a renewing contract's notice deadline is 0…14 days
    /// away; else medium when the last review is more than six calendar months back — that is,
    /// `lastReviewed + 6 months` (anchor-day rule) is before today — or unknown; else low.
    /// - Parameter daysUntilNotice: days to the next notice deadline of a contract that renews by
    ///   itself; nil for any other.
    public static func assess(
        trial: Bool, daysUntilBilling: Int?, lastReviewed: CalendarDate?, today: CalendarDate,
        daysUntilNotice: Int? = nil
    ) -> SubscriptionRisk {
        if trial, let days = daysUntilBilling, (0...3).contains(days) {
            return SubscriptionRisk(level: .high, reason: .trialChargesSoon(days: days))
        }
        if let days = daysUntilNotice, (0...noticeWindow).contains(days) {
            return SubscriptionRisk(level: .high, reason: .noticeDue(days: days))
        }
        guard let lastReviewed else { return SubscriptionRisk(level: .medium, reason: .neverReviewed) }
        if lastReviewed.adding(months: 6) < today {
            return SubscriptionRisk(level: .medium, reason: .notReviewedSince(lastReviewed))
        }
        return SubscriptionRisk(level: .low, reason: .reviewedOn(lastReviewed))
    }
}
