/// The keys of the breathing page, the pacer and the practice figures the Today screen shares.
extension UIKey {
    /// `[breathing]`.
    package enum Breathing: String, KeySection {
        case title, heatmap, less, more, minutes, paused, done
        case byWeek = "by_week"
        case byWeekDescription = "by_week_desc"
        case cycleOf = "cycle_of"
        case cycleLength = "cycle_length"
        case lengthMinutes = "length_minutes"
        case nextDayOf = "next_day_of"
        case noPractice = "no_practice"
        case pausedDay = "paused_day"
        case phasesOf = "phases_of"
        case tryPattern = "try_pattern"
        case holdsList = "holds_list"
        case retentionChart = "retention_chart"
        case retentionChartDescription = "retention_chart_desc"
        case weeklyMean = "weekly_mean"
        case weeklyLongest = "weekly_longest"
        case weekNumber = "week_number"
        case seconds
        case roundOf = "round_of"
        case breathOf = "breath_of"
        case roundsText = "rounds_text"
        case summary
        case summaryRounds = "summary_rounds"
        static let section = "breathing"
    }

    package static func breathing(_ key: Breathing) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[breathing]`, counted.
    package enum Breathing: String, KeySection {
        case sessions, days, day, week
        case sessionsLogged = "sessions_logged"
        case minutesLong = "minutes_long"
        case currentStreak = "current_streak"
        case longestStreak = "longest_streak"
        case pausedDays = "paused_days"
        case heatmapDescription = "heatmap_desc"
        case lengthCycles = "length_cycles"
        case nextCycles = "next_cycles"
        static let section = "breathing"
    }

    package static func breathing(_ key: Breathing) -> CountedKey { CountedKey(key) }
}
