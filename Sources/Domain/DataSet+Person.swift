/// One person's site of a household (DESIGN.md §3 "Household", `build --person ID`).
extension DataSet {
    /// What `person` sees: their goals (those naming them, or everyone's) and their practice (the
    /// sessions they logged with `by`); the household's subscriptions, every person's share and
    /// the settlement between them stay, so each figure is the household's own. Nothing of another
    /// person's own goals is left. `site.person` says whose site it is.
    public func seen(by person: String) -> DataSet {
        var data = self
        data.site.person = person
        data.goals = goals.filter { $0.people?.contains(person) ?? true }
        data.sessions = sessions.filter { $0.by == person }
        return data
    }
}
