/// The keys of the year in review, and of the forms `sandjar serve` adds to its pages.
extension UIKey {
    /// `[review]`.
    package enum Review: String, KeySection {
        case title, heading, saved, spent, charged
        case headingSoFar = "heading_so_far"
        case savedReached = "saved_reached"
        case savedNone = "saved_none"
        case spentSlain = "spent_slain"
        case spentNone = "spent_none"
        case chargedSlain = "charged_slain"
        case slainOnly = "slain_only"
        case slainSaves = "slain_saves"
        case practised
        case practiceNone = "practice_none"
        case reachedNone = "reached_none"
        case slainNone = "slain_none"
        case priceRisesNone = "price_rises_none"
        case badgesNone = "badges_none"
        case longestStreakLine = "longest_streak_line"
        case savedChart = "saved_chart"
        case savedChartDescription = "saved_chart_desc"
        case spentChart = "spent_chart"
        case spentChartDescription = "spent_chart_desc"
        case minutesChart = "minutes_chart"
        case minutesChartDescription = "minutes_chart_desc"
        static let section = "review"
    }

    /// `[form]`: what Swift fills into serve's forms; the rest of their words are the templates'.
    package enum Form: String, KeySection {
        case unlocked, program, undone, refused
        case cycleCatalog = "cycle_catalog"
        case moodNone = "mood_none"
        case slayLabel = "slay_label"
        case removeLabel = "remove_label"
        case reviveLabel = "revive_label"
        case recentSessions = "recent_sessions"
        case againDeposit = "again_deposit"
        case againSession = "again_session"
        case againSubscription = "again_subscription"
        /// A subscription already active by its name, with no catalogue entry to name the service.
        case againSubscriptionName = "again_subscription_name"
        case againGoal = "again_goal"
        case endsOn = "ends_on"
        case doneDeposit = "done_deposit"
        case doneSession = "done_session"
        case doneSlay = "done_slay"
        case doneSlayLater = "done_slay_later"
        case doneRevive = "done_revive"
        case donePrice = "done_price"
        case doneSubscription = "done_subscription"
        case doneGoal = "done_goal"
        case doneRemoveDeposit = "done_remove_deposit"
        case doneRemoveSession = "done_remove_session"
        case doneEditDeposit = "done_edit_deposit"
        case doneEditSession = "done_edit_session"
        case doneImport = "done_import"
        /// "next due 1 Jan" after a deposit's words (issue 34).
        case doneNextDue = "done_next_due"
        case doneSand = "done_sand"
        /// A quick choice's label, for screen readers: "Put ¥150.00 in now".
        case quickDeposit = "quick_deposit"
        /// A slay's victory (issue 43): what is kept a year, large, and a month.
        case victoryYearly = "victory_yearly"
        case victoryMonthly = "victory_monthly"
        /// The victory's offer: the freed monthly amount into a goal, one tap, the note naming
        /// the slain service.
        case freedPrompt = "freed_prompt"
        case freedNote = "freed_note"
        case freedLabel = "freed_label"
        static let section = "form"
    }

    package static func review(_ key: Review) -> UIKey { UIKey(key) }
    package static func form(_ key: Form) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[review]`, counted.
    package enum Review: String, KeySection {
        case deposit, deposits, charge, charges, session, sessions, days, goals, minutes
        case slainCount = "slain_count"
        static let section = "review"
    }

    package static func review(_ key: Review) -> CountedKey { CountedKey(key) }

    /// `[form]`, counted.
    package enum Form: String, KeySection {
        /// "5 coins" after a deposit's words (issue 34).
        case doneCoins = "done_coins"
        static let section = "form"
    }

    package static func form(_ key: Form) -> CountedKey { CountedKey(key) }
}
