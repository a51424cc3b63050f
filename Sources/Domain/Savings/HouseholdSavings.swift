import Foundation

/// Who put what into the jars of a household (DESIGN.md §3 "Household"): deposits with `by` count
/// toward that person as well as the household; those without are the household's alone.
public enum HouseholdSavings {
    /// A goal's people: its `people`, else everyone's (every `[[person]]`, in site.toml's order).
    public static func people(of goal: Goal, in site: SiteSettings) -> [String] {
        goal.people ?? site.people.map(\.id)
    }

    /// Σ `person`'s deposits in `goal` up to `today`, in the goal's currency, exact.
    public static func deposited(by person: String, in goal: Goal, today: CalendarDate) -> Decimal {
        goal.deposits.filter { $0.by == person && $0.at.date <= today }.reduce(0) { $0 + $1.amount }
    }

    /// Σ `person`'s deposits up to `today` over every goal, each goal's sum converted into the base
    /// currency at today's rates (as the savings total converts).
    public static func deposited(by person: String, data: DataSet, today: CalendarDate) -> Decimal {
        data.goals.reduce(0) { sum, goal in
            sum + deposited(by: person, in: goal, today: today) * (data.rates.rate(for: goal.currency) ?? 0)
        }
    }
}
