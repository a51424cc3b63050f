import Basics
import Domain
import Mustache
import SiteData
import UIKeys

/// `quotes/`: today's quote, large, and the last `recentDays` days before it, newest first, by
/// month (issue 25: never the days still to come); `quotes/<date>/`: one page per day of the
/// current year, so a day's quote has an address to share, with the day before and after as
/// large buttons (none into the days still to come from today or before it).
struct QuotePages: PageFamily {
    /// How many days before today `quotes/` lists.
    static let recentDays = 30

    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let today = renderer.today
        let format = renderer.format
        let first = CalendarDate(year: today.year, month: 1, day: 1)!
        let days = (0..<(CalendarDate.isLeap(today.year) ? 366 : 365)).map { first.adding(days: $0) }
        let lists = renderer.figures.quoteLists
        let recent = (1...Self.recentDays).map { today.adding(days: -$0) }.filter { $0.year == today.year }
        var months: [(year: Int, month: Int, days: [MustacheValue])] = []
        for day in recent {
            let row = MustacheValue.object([
                "iso": .string(day.description), "date": renderer.dateValue(day),
                "text": lists?.quote(dayOfYear: day.dayOfYear).map { .string($0.text) } ?? .null,
            ])
            if let last = months.last, last.month == day.month {
                months[months.count - 1].days.append(row)
            } else {
                months.append((day.year, day.month, [row]))
            }
        }
        let byMonth = MustacheValue.list(
            months.map { month in
                .object([
                    "label": .string(format.month(month.year, month.month)),
                    "iso": .string("\(month.year.zeroPadded(4))-\(month.month.zeroPadded(2))"),
                    "days": .list(month.days),
                ])
            })
        renderer.page(
            "quotes/index.html", template: "pages/quotes", title: renderer.string(.quotes(.title)), section: "quotes",
            [
                "quote": renderer.quoteValue(renderer.figures.quote, on: today), "months": byMonth,
                "has_recent": .bool(!recent.isEmpty),
            ], into: &site)
        for (index, day) in days.enumerated() {
            let previous = index > 0 ? days[index - 1] : nil
            // Today's page and those before it do not lead into the days still to come.
            let next = index + 1 < days.count && (days[index + 1] <= today || day > today) ? days[index + 1] : nil
            let heading =
                day == today
                ? renderer.string(.quotes(.title)) : renderer.string(.quotes(.dayTitle), ["date": format.date(day)])
            let quote = lists?.quote(dayOfYear: day.dayOfYear)
            renderer.page(
                "quotes/\(day)/index.html", template: "pages/quote", title: heading, section: "quotes",
                [
                    "heading": .string(heading),
                    "quote": renderer.quoteValue(quote, on: day),
                    "previous": pagerLink(previous, renderer), "next": pagerLink(next, renderer),
                ], dated: false, into: &site)
        }
    }

    /// The day before or after, linked under its date; none past either end of the year.
    private func pagerLink(_ day: CalendarDate?, _ renderer: SiteRenderer) -> MustacheValue {
        guard let day else { return .null }
        return .object(["iso": .string(day.description), "date": renderer.dateValue(day)])
    }
}
