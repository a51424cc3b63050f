/// The keys of the savings goals: their cards and pages, the jar, the projection chart.
extension UIKey {
    /// `[goals]`: the goals list, a goal's page and its card.
    package enum Goals: String, KeySection {
        case title, value, contributed, projection
        case cardOf = "card_of"
        case projectionDescription = "projection_desc"
        static let section = "goals"
    }

    /// `[jar]`: what a goal page says about its jar.
    package enum Jar: String, KeySection {
        case count, plain, reached, tier
        case timelapseAlt = "timelapse_alt"
        case timelapseSince = "timelapse_since"
        case timelapseQuietAlt = "timelapse_quiet_alt"
        case mergeRule = "merge_rule"
        case sand, worth
        static let section = "jar"
    }

    /// `[chart]`: the words every chart shares.
    package enum Chart: String, KeySection {
        case today, saved
        case yearsSinceStart = "years_since_start"
        static let section = "chart"
    }

    package static func goals(_ key: Goals) -> UIKey { UIKey(key) }
    package static func jar(_ key: Jar) -> UIKey { UIKey(key) }
    package static func chart(_ key: Chart) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[goals]`, counted.
    package enum Goals: String, KeySection {
        case deposits, overdue, periods, sooner
        case cardDeposits = "card_deposits"
        case jarAlt = "jar_alt"
        case pausedPeriods = "paused_periods"
        static let section = "goals"
    }

    package static func goals(_ key: Goals) -> CountedKey { CountedKey(key) }
}
