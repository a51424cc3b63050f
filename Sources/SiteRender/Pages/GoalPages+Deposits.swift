import Basics
import Domain
import Foundation
import Mustache
import UIKeys

/// A goal's deposits, newest first, `depositsPerPage` to a page (issue 39): the newest on the
/// goal's page, the older ones on `goals/<id>/deposits/2/`, `3/`, …, so that no page grows with
/// the number of deposits (a goal of 120,000 deposits made a goal page of 25 MB).
extension GoalPages {
    /// Deposits one page lists: about 40 KB of them, so a goal page with its jar, timelapse and
    /// chart stays under the 100 KB a page may weigh.
    static let depositsPerPage = 200

    /// One month as a page lists it: the whole month, for its heading's count and subtotal, and
    /// those of its deposits this page shows, newest first. A month split between two pages is
    /// headed on both, with its whole count and subtotal.
    struct ListedMonth: Sendable {
        let whole: DepositMonth
        let shown: [Deposit]
    }

    /// The deposits in pages, months newest first; always at least one page, empty when the goal
    /// has no deposits.
    static func depositPages(_ months: [DepositMonth]) -> [[ListedMonth]] {
        var pages: [[ListedMonth]] = []
        var page: [ListedMonth] = []
        var room = depositsPerPage
        for month in months.reversed() {
            var left = Array(month.deposits.reversed())[...]
            while !left.isEmpty {
                let taken = left.prefix(room)
                page.append(ListedMonth(whole: month, shown: Array(taken)))
                left = left.dropFirst(taken.count)
                room -= taken.count
                if room == 0 {
                    pages.append(page)
                    page = []
                    room = depositsPerPage
                }
            }
        }
        if !page.isEmpty || pages.isEmpty { pages.append(page) }
        return pages
    }

    /// Where page `index` (from 0) of a goal's deposits is: the goal's own page first.
    static func depositsPath(_ goal: String, page index: Int) -> String {
        index == 0 ? "goals/\(goal)/index.html" : "goals/\(goal)/deposits/\(index + 1)/index.html"
    }

    /// The link from page `from` of the deposits to page `to`.
    static func depositsHref(from: Int, to: Int) -> String {
        switch (from, to) {
        case (0, _): "deposits/\(to + 1)/"
        case (_, 0): "../../"
        default: "../\(to + 1)/"
        }
    }

    /// What page `index` shows of the deposits: its months, and the links to the pages beside
    /// it (null when all fit on the goal's page).
    func depositFields(
        _ goal: Goal, _ pages: [[ListedMonth]], page index: Int, _ renderer: SiteRenderer
    ) -> [String: MustacheValue] {
        let format = renderer.format
        let months = pages[index].map { listed -> MustacheValue in
            let group = listed.whole
            let count = group.deposits.count
            return .object([
                "label": .string(format.month(group.year, group.month)),
                "iso": .string("\(group.year.zeroPadded(4))-\(group.month.zeroPadded(2))"),
                "subtotal": .string(format.money(group.total, goal.currency)),
                "count_text": .string("\(count) \(renderer.unit(.goals(.deposits), for: count))"),
                "deposits": .list(
                    listed.shown.map { deposit in
                        .object([
                            "date": renderer.dateValue(deposit.at.date, datetime: deposit.at.description),
                            "amount": .string(format.money(deposit.amount, goal.currency)),
                            "note": deposit.note.map { .string($0) } ?? .null,
                            "forms": renderer.entryForms(deposit, of: goal),
                        ])
                    }),
            ])
        }
        let pager: MustacheValue =
            pages.count < 2
            ? .null
            : .object([
                "newer": index == 0 ? .null : .object(["href": .string(Self.depositsHref(from: index, to: index - 1))]),
                "older": index + 1 == pages.count
                    ? .null : .object(["href": .string(Self.depositsHref(from: index, to: index + 1))]),
                "position": .string(
                    renderer.string(.pages(.position), ["page": "\(index + 1)", "count": "\(pages.count)"])),
            ])
        return ["deposit_months": .list(months), "deposit_pager": pager]
    }
}
