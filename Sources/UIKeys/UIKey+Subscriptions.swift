/// The keys of the subscriptions page and the rows the Today screen shares with it.
extension UIKey {
    /// `[subscriptions]`.
    package enum Subscriptions: String, KeySection {
        case title, average, forecast, costliest, uncategorised
        case byCategory = "by_category"
        case byCurrency = "by_currency"
        case chartDescription = "chart_desc"
        case forecastDescription = "forecast_desc"
        case forecastFlat = "forecast_flat"
        case forecastNone = "forecast_none"
        case slainInvite = "slain_invite"
        case slainNone = "slain_none"
        case buysIntro = "buys_intro"
        case priceRise = "price_rise"
        case contractEnds = "contract_ends"
        case contractRenews = "contract_renews"
        case noticeBy = "notice_by"
        case ended = "ended"
        case endedOn = "ended_on"
        static let section = "subscriptions"
    }

    /// `[subscriptions.risk]`: why a subscription is at risk, one case per `SubscriptionRisk.Reason`.
    package enum RiskReason: String, KeySection {
        case trialChargesSoon = "trial_charges_soon"
        case notReviewedSince = "not_reviewed_since"
        case neverReviewed = "never_reviewed"
        case reviewedOn = "reviewed_on"
        case noticeDue = "notice_due"
        static let section = "subscriptions.risk"
    }

    package static func subscriptions(_ key: Subscriptions) -> UIKey { UIKey(key) }
    package static func riskReason(_ key: RiskReason) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[subscriptions]`, counted.
    package enum Subscriptions: String, KeySection {
        case activeCount = "active_count"
        case avoidedCount = "avoided_count"
        case chargesPaid = "charges_paid"
        case forecastColumn = "forecast_column"
        static let section = "subscriptions"
    }

    package static func subscriptions(_ key: Subscriptions) -> CountedKey { CountedKey(key) }
}
