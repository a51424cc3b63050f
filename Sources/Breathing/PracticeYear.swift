import Domain

/// One calendar year of practice, for the year in review (DESIGN.md §5 `review`): its sessions and
/// minutes, by month too, and the longest streak run inside the year (pauses bridging as they do
/// all year round). The current year counts up to today.
public struct PracticeYear: Sendable, Equatable {
    public var year: Int
    public var totals: PracticeTotals
    /// January first; months after today's are empty.
    public var byMonth: [PracticeTotals]
    public var longestStreak: Int

    public init(data: DataSet, year: Int, today: CalendarDate) {
        self.year = year
        let log = PracticeLog(data: data, through: today)
        let inYear = log.entries.filter { $0.session.at.date.year == year }
        totals = log.totals(inYear.lazy.map(\.measure))
        byMonth = (1...12).map { month in
            log.totals(inYear.lazy.filter { $0.session.at.date.month == month }.map(\.measure))
        }
        let last = min(today, CalendarDate(year: year, month: 12, day: 31) ?? today)
        let days = Set(inYear.map(\.session.at.date))
        longestStreak = PracticeStreak(days: days, today: last, pauses: data.practicePauses).longest
    }
}
