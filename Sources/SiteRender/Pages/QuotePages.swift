import Domain
import Mustache

/// `quotes/`: today's quote and the whole year; `quotes/<date>/`: one page per day of the current
/// year, so a day's quote has an address to share.
struct QuotePages: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let today = renderer.today
        let format = renderer.format
        let first = CalendarDate(year: today.year, month: 1, day: 1)!
        let days = (0..<(CalendarDate.isLeap(today.year) ? 366 : 365)).map { first.adding(days: $0) }
        let lists = renderer.figures.quoteLists
        let year = days.map { day -> MustacheValue in
            let quote = lists?.quote(dayOfYear: day.dayOfYear)
            return .object([
                "iso": .string(day.description), "date": renderer.dateValue(day),
                "text": quote.map { .string($0.text) } ?? .null, "today": .bool(day == today),
            ])
        }
        renderer.page(
            "quotes/index.html", template: "pages/quotes", title: renderer.string("quotes.title"), section: "quotes",
            [
                "quote": renderer.quoteValue(renderer.figures.quote, on: today), "days": .list(year),
                "year": .int(today.year),
            ], into: &site)
        for (index, day) in days.enumerated() {
            let previous = index > 0 ? days[index - 1] : nil
            let next = index + 1 < days.count ? days[index + 1] : nil
            let heading =
                day == today
                ? renderer.string("quotes.title") : renderer.string("quotes.day_title", ["date": format.date(day)])
            renderer.page(
                "quotes/\(day)/index.html", template: "pages/quote", title: heading, section: "quotes",
                [
                    "heading": .string(heading),
                    "quote": renderer.quoteValue(lists?.quote(dayOfYear: day.dayOfYear), on: day),
                    "previous": pagerLink(previous, renderer), "next": pagerLink(next, renderer),
                ], into: &site)
        }
    }

    /// The day before or after, linked under its date; none past either end of the year.
    private func pagerLink(_ day: CalendarDate?, _ renderer: SiteRenderer) -> MustacheValue {
        guard let day else { return .null }
        return .object(["iso": .string(day.description), "date": renderer.dateValue(day)])
    }
}
