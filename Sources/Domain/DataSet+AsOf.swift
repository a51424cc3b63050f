extension DataSet {
    /// The data as it stands at the end of `today` (DESIGN.md §3): deposits and practice sessions
    /// dated after it are left out, and a subscription killed after it is still active.
    ///
    /// This is the one place the rule is applied: the build hands every engine, the jars and the
    /// pages this data, so no figure, page, feed entry or badge counts what has not happened yet.
    public func asOf(_ today: CalendarDate) -> DataSet {
        var data = self
        for index in data.goals.indices where data.goals[index].deposits.contains(where: { $0.at.date > today }) {
            data.goals[index].deposits.removeAll { $0.at.date > today }
        }
        if data.sessions.contains(where: { $0.at.date > today }) {
            data.sessions.removeAll { $0.at.date > today }
        }
        for index in data.subscriptions.indices {
            if let killed = data.subscriptions[index].killed, killed > today {
                data.subscriptions[index].killed = nil
                data.subscriptions[index].killedAhead = killed
            }
        }
        return data
    }
}
