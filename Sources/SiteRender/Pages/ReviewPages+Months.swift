import Basics
import Charts
import Domain
import Figures
import Foundation
import Mustache
import SiteData
import UIKeys

/// A year in review by month: what was saved, what the subscriptions charged and how long was
/// practised, each as a column chart and a folded table with a row per month that has any.
extension ReviewPages {
    func monthFields(_ review: YearReview, _ renderer: SiteRenderer) -> [String: MustacheValue] {
        let format = renderer.format
        let base = renderer.data.site.currency
        let axisLabel = AxisLabel(language: renderer.data.site.language)
        let months = Array(1...review.lastMonth)
        let names = months.map { format.month(review.year, $0) }
        func chart(
            _ id: String, _ title: UIKey.Review, _ description: UIKey.Review, _ values: [Decimal],
            label: (Int) -> String, yLabel: @escaping (Double) -> String
        ) -> String {
            ColumnChart(
                id: "\(id)-\(review.year)", title: renderer.string(.review(title)),
                description: renderer.string(.review(description), ["year": String(review.year)]),
                columns: months.map { month in
                    .init(
                        tick: renderer.string(.chartMonth(month)), label: label(month), value: values[month - 1],
                        minor: month % 2 == 0)
                },
                yLabel: yLabel
            ).svg
        }
        let spent = review.chargesByMonth.map { $0.spent ?? 0 }
        func row(_ month: Int) -> MustacheValue {
            let charges = review.chargesByMonth[month - 1]
            let practice = review.practice.byMonth[month - 1]
            return .object([
                "month": .string(names[month - 1]),
                "iso": .string("\(review.year.zeroPadded(4))-\(month.zeroPadded(2))"),
                "saved": .string(format.money(review.savedByMonth[month - 1], base)),
                "charges": .int(charges.count),
                "spent": charges.spent.map { .string(format.money($0, base)) } ?? .string("—"),
                "sessions": .int(practice.sessions),
                "minutes": .string(renderer.minutes(practice.minutes)),
            ])
        }
        let minutes = review.practice.byMonth.map(\.minutes)
        return [
            "saved_chart": .string(
                chart(
                    "saved", .savedChart, .savedChartDescription, review.savedByMonth,
                    label: { "\(names[$0 - 1]): \(format.money(review.savedByMonth[$0 - 1], base))" }
                ) {
                    axisLabel.money($0, base)
                }),
            "spent_chart": .string(
                chart(
                    "spent", .spentChart, .spentChartDescription, spent,
                    label: { "\(names[$0 - 1]): \(format.money(spent[$0 - 1], base))" }
                ) {
                    axisLabel.money($0, base)
                }),
            "minutes_chart": .string(
                chart(
                    "minutes", .minutesChart, .minutesChartDescription, minutes,
                    label: { practiceLabel(review, month: $0, name: names[$0 - 1], renderer) }
                ) {
                    axisLabel.number($0)
                }),
            // Each table lists only the months with something in them (issue 34: no rows of $0.00).
            "saved_months": .list(months.filter { review.savedByMonth[$0 - 1] != 0 }.map(row)),
            "spent_months": .list(months.filter { review.chargesByMonth[$0 - 1].count > 0 }.map(row)),
            "practice_months": .list(months.filter { review.practice.byMonth[$0 - 1].sessions > 0 }.map(row)),
        ]
    }

    /// "Mar 2026: 12 sessions, 96 min", as the practice charts say a day or a week.
    private func practiceLabel(_ review: YearReview, month: Int, name: String, _ renderer: SiteRenderer) -> String {
        let totals = review.practice.byMonth[month - 1]
        return renderer.counted(
            .breathing(.day), totals.sessions, ["date": name, "minutes": renderer.minutes(totals.minutes)])
    }
}
