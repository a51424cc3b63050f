import Badges
import Breathing
import Domain
import Subscriptions

/// Keys made from a value: each family is a function over the type the value comes from — an
/// enum, a badge, a range of numbers — so it can only make keys `families` lists.
extension UIKey {
    /// `mode.<mode>`: a goal's kind.
    package static func mode(_ mode: Goal.Mode) -> UIKey { UIKey("mode.\(mode.rawValue)") }

    /// `frequency.<frequency>`: how often a savings plan asks for a deposit.
    package static func frequency(_ frequency: SavingsPlan.Frequency) -> UIKey {
        UIKey("frequency.\(frequency.rawValue)")
    }

    /// `status.<status>`: a wish goal against its plan.
    package static func status(_ status: GoalProgress.Status) -> UIKey { UIKey("status.\(status.rawValue)") }

    /// `cycle.<cycle>`: how often a subscription bills ("monthly").
    package static func cycle(_ cycle: Subscription.Cycle) -> UIKey { UIKey("cycle.\(cycle.rawValue)") }

    /// `cycle_unit.<cycle>`: what a price is per, after "/" ("month").
    package static func cycleUnit(_ cycle: Subscription.Cycle) -> UIKey { UIKey("cycle_unit.\(cycle.rawValue)") }

    /// `subscriptions.level.<level>`: a risk level's name.
    package static func riskLevel(_ level: SubscriptionRisk.Level) -> UIKey {
        UIKey("subscriptions.level.\(level.rawValue)")
    }

    /// `subscriptions.risk_tag.<level>`: the tag a medium or high risk wears on its row; nil for a
    /// low one, which wears none.
    package static func riskTag(_ level: SubscriptionRisk.Level) -> UIKey? {
        level == .low ? nil : UIKey("subscriptions.risk_tag.\(level.rawValue)")
    }

    /// `breathing.time.<bucket>`: a time of day practice falls in.
    package static func timeOfDay(_ bucket: TimeOfDay) -> UIKey { UIKey("breathing.time.\(bucket.rawValue)") }

    /// `breathing.phase.<phase>`: the pacer's word for a phase.
    package static func phase(_ phase: BreathPhase) -> UIKey { UIKey("breathing.phase.\(phase.rawValue)") }

    /// `breathing.builtin.<id>`: a built-in pattern's name in the site's language; nil for your
    /// own pattern, whose name is shown as you wrote it.
    package static func builtInName(of pattern: BreathingPattern) -> UIKey? {
        BreathingPattern.builtIn.contains { $0.id == pattern.id } ? UIKey("breathing.builtin.\(pattern.id)") : nil
    }

    /// `breathing.builtin.calm-start`: the built-in program's name; nil for a program of your own.
    package static func builtInName(of program: BreathingProgram) -> UIKey? {
        program.id == BreathingProgram.calmStart.id ? UIKey("breathing.builtin.\(program.id)") : nil
    }

    /// `badge.<id>.name` and `badge.<id>.description`: a badge's words, for every badge of
    /// `BadgeDefinition.all`.
    package static func badgeName(_ badge: BadgeDefinition) -> UIKey { UIKey("badge.\(badge.id).name") }
    package static func badgeDescription(_ badge: BadgeDefinition) -> UIKey { UIKey("badge.\(badge.id).description") }

    /// `badges.category.<category>`: the engine a badge belongs to.
    package static func badgeCategory(_ category: BadgeDefinition.Category) -> UIKey {
        UIKey("badges.category.\(category.rawValue)")
    }

    /// `badges.unit.<unit>`: a locked badge's progress, "{current} / {target} min".
    package static func badgeUnit(_ unit: BadgeDefinition.Unit) -> UIKey { UIKey("badges.unit.\(unit.rawValue)") }

    /// `chart.month.1` … `chart.month.12`: a month's short name under a chart.
    package static func chartMonth(_ month: Int) -> UIKey { UIKey("chart.month", month, of: months) }

    /// `chart.weekday.1` … `chart.weekday.7`, Monday first: a weekday's short name in a chart.
    package static func chartWeekday(_ isoWeekday: Int) -> UIKey { UIKey("chart.weekday", isoWeekday, of: weekdays) }

    /// `weekday.1` … `weekday.7`, Monday first: a weekday's name in a date line.
    package static func weekday(_ isoWeekday: Int) -> UIKey { UIKey("weekday", isoWeekday, of: weekdays) }

    /// `jar.name.1` … `jar.name.4`: the name of a coin above silver, by its tier.
    package static func coinName(tier: Int) -> UIKey { UIKey("jar.name", tier, of: coinTiers) }

    /// `form.mood_1` … `form.mood_5`: a mood's choice in serve's session form.
    package static func mood(_ mood: Int) -> UIKey { UIKey("form.mood_\(mood)", mood, in: moods) }

    package static let months = 1...12
    package static let weekdays = 1...7
    package static let coinTiers = 1...4
    package static let moods = 1...5

    /// `<section>.<number>`, for a number of `range`.
    private init(_ section: String, _ number: Int, of range: ClosedRange<Int>) {
        self.init("\(section).\(number)", number, in: range)
    }

    private init(_ path: String, _ number: Int, in range: ClosedRange<Int>) {
        precondition(range.contains(number), "no string '\(path)': the tables have \(range)")
        self.init(path)
    }

    /// Every key the families can make.
    static var families: [UIKey] {
        var keys = Goal.Mode.allCases.map(mode) + SavingsPlan.Frequency.allCases.map(frequency)
        keys += GoalProgress.Status.allCases.map(status)
        keys += Subscription.Cycle.allCases.flatMap { [cycle($0), cycleUnit($0)] }
        keys += SubscriptionRisk.Level.allCases.map(riskLevel)
        keys += SubscriptionRisk.Level.allCases.compactMap(riskTag)
        keys += TimeOfDay.allCases.map(timeOfDay) + BreathPhase.allCases.map(phase)
        keys += BreathingPattern.builtIn.compactMap { builtInName(of: $0) }
        keys += [BreathingProgram.calmStart].compactMap { builtInName(of: $0) }
        keys += BadgeDefinition.all.flatMap { [badgeName($0), badgeDescription($0)] }
        keys += BadgeDefinition.Category.allCases.map(badgeCategory) + BadgeDefinition.Unit.allCases.map(badgeUnit)
        keys += months.map(chartMonth) + weekdays.flatMap { [chartWeekday($0), weekday($0)] }
        keys += coinTiers.map { coinName(tier: $0) } + moods.map(mood)
        return keys
    }
}

extension CountedKey {
    /// `breathing.guide.<phase>`: the pacer's text guide for one phase, "{seconds} seconds".
    package static func guide(_ phase: BreathPhase) -> CountedKey { CountedKey("breathing.guide.\(phase.rawValue)") }
}

extension UIKey {
    /// Every counted key the families can make.
    static var countedFamilies: [CountedKey] { BreathPhase.allCases.map(CountedKey.guide) }
}
