import Domain
import Foundation

/// The "slain" list: cancelled subscriptions and what cancelling them has saved.
public struct SlainSummary: Sendable, Equatable {
    /// Newest kill first (ties by id).
    public let items: [SubscriptionItem]
    /// Killed in today's calendar month, and in today's calendar year.
    public let thisMonth: Int
    public let thisYear: Int
    /// Sum of the killed items' monthly_in_base.
    public let monthlySavings: Apportioned
    /// Sum of the killed items' saved_to_date.
    public let savedToDate: Apportioned

    init(killed: [SubscriptionItem], today: CalendarDate, monthlySavings: Apportioned, savedToDate: Apportioned) {
        items = killed.sorted { a, b in
            let (x, y) = (a.killedOn!, b.killedOn!)
            return x != y ? x > y : a.id < b.id
        }
        thisYear = killed.filter { $0.killedOn!.year == today.year }.count
        thisMonth = killed.filter { $0.killedOn!.year == today.year && $0.killedOn!.month == today.month }.count
        self.monthlySavings = monthlySavings
        self.savedToDate = savedToDate
    }
}
