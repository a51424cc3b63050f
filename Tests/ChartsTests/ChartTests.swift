import Breathing
import Domain
import TestSupport
import XCTest

@testable import Charts

/// The charts' arithmetic and labels: 1-2-5 ticks fit to the data, 万/亿 in Chinese and k/M in
/// English, the saved-so-far line and today on the plan curve, the heatmap's calendar labels.
final class ChartTests: XCTestCase {
    private func d(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }
    private let cny = Currency(code: "CNY")!

    func testTicksAreOneTwoFiveAndFitTheData() {
        let savings = ValueAxis(fitting: 74_012.55)
        XCTAssertEqual(savings.step, 20_000)
        XCTAssertEqual(savings.top, 80_000)
        XCTAssertEqual(savings.ticks, [0, 20_000, 40_000, 60_000, 80_000])
        // The old ceiling gave 250k in quarters (62.5k, 187.5k); now 50k steps.
        XCTAssertEqual(ValueAxis(fitting: 201_000).ticks, [0, 50_000, 100_000, 150_000, 200_000, 250_000])
        XCTAssertEqual(ValueAxis(fitting: 60_000).top, 60_000)
        XCTAssertEqual(ValueAxis(fitting: 7).ticks, [0, 2, 4, 6, 8])
        XCTAssertEqual(ValueAxis(fitting: 0.3).step, 0.1, accuracy: 1e-12)
        XCTAssertEqual(ValueAxis(fitting: 0).ticks, [0, 1])
        XCTAssertEqual(ValueAxis(fitting: 95, intervals: 4).ticks, [0, 50, 100])
        for step in [1.0, 2, 5, 10, 20, 50, 0.2, 5000] {
            XCTAssertEqual(ValueAxis.niceStep(step), step, accuracy: step * 1e-12)
        }
    }

    func testLabelsUseWanAndYiInChineseAndKAndMInEnglish() {
        let en = AxisLabel(language: .en)
        let zh = AxisLabel(language: .zhHans)
        XCTAssertEqual(en.number(0), "0")
        XCTAssertEqual(en.number(500), "500")
        XCTAssertEqual(en.number(20_000), "20k")
        XCTAssertEqual(en.number(1_500_000), "1.5M")
        XCTAssertEqual(en.number(2_000_000_000), "2B")
        XCTAssertEqual(zh.number(5000), "5000")
        XCTAssertEqual(zh.number(20_000), "2万")
        XCTAssertEqual(zh.number(15_000), "1.5万")
        XCTAssertEqual(zh.number(1_250_000), "125万")
        XCTAssertEqual(zh.number(300_000_000), "3亿")
        XCTAssertEqual(en.money(80_000, cny), "CN¥80k")
        XCTAssertEqual(zh.money(80_000, cny), "¥8万")
        XCTAssertEqual(en.money(20_000, Currency(code: "CHF")!), "CHF 20k")
        XCTAssertEqual(zh.money(-5000, cny), "-¥5000")
    }

    private func curve(_ language: SiteSettings.Language) -> String {
        let label = AxisLabel(language: language)
        return LineChart(
            title: "t", description: "d", xDomain: 0...10,
            xTicks: (0...10).map { .init(x: Double($0), label: "\($0)") },
            xAxisTitle: "Years", yLabel: { label.money($0, self.cny) }, marker: .init(x: 1, label: "Today"),
            series: [
                .init(name: "Value", style: "value", points: [.init(x: 0, value: 0), .init(x: 10, value: 74_012)]),
                .init(
                    name: "Saved", style: "saved", points: [.init(x: 0, value: 0), .init(x: 1, value: 5500)],
                    endLabel: "5,500"),
            ]
        ).svg
    }

    func testLegendOfTheGoalCurveFitsAtThePhonesType() {
        let names = ["Value with growth", "Put in", "Saved so far"]
        let chart = LineChart(
            title: "t", description: "d", xDomain: 0...1, xTicks: [], xAxisTitle: "", yLabel: { _ in "" },
            marker: nil, series: names.map { .init(name: $0, style: "value", points: []) })
        // 8, then 30 + 1.5 × 8.5 × letters + 16 for each: 17, 6 and 12 letters.
        XCTAssertEqual(chart.legendStops, [8, 270.75, 393.25, 592.25])
        XCTAssertLessThanOrEqual(chart.legendStops.last! - 16, LineChart.width)
    }

    func testCurveEndsAtTheNextNiceTickWithCurrencyAndToday() {
        let en = curve(.en)
        let zh = curve(.zhHans)
        XCTAssertTrue(en.contains(">CN¥80k</text>"))
        XCTAssertFalse(en.contains("CN¥100k"))
        XCTAssertTrue(zh.contains(">¥8万</text>"))
        XCTAssertTrue(zh.contains(">¥2万</text>"))
        XCTAssertFalse(zh.contains("k<"))
        // Today at one year of ten: 100 + 520 / 10.
        XCTAssertTrue(en.contains("<line class=\"today\" x1=\"152.00\""))
        XCTAssertTrue(en.contains(">Today</text>"))
        XCTAssertTrue(en.contains("<polyline class=\"series-saved\""))
        XCTAssertTrue(en.contains(">Years</text>"))
        XCTAssertTrue(en.contains("<circle class=\"dot-saved\" cx=\"152.00\""))
        XCTAssertTrue(en.contains(">5,500</text>"))
        XCTAssertEqual(en, curve(.en))
    }

    private func heatmap(today: String, practised: [String]) -> PracticeHeatmap {
        let site = SiteSettings(
            title: "t", language: .en, locale: nil, currency: cny, timezone: "UTC", baseURL: nil, unsafeHTML: false)
        let data = DataSet(
            site: site, goals: [], subscriptions: [], sessions: [], patterns: BreathingPattern.builtIn,
            programs: [.calmStart], enrollments: [], rates: ExchangeRates(base: cny, asOf: nil, rates: [:]))
        var map = BreathingReport(data: data, today: d(today)).heatmap
        for (w, week) in map.weeks.enumerated() {
            for (i, day) in week.enumerated() where practised.contains(day.date.description) {
                map.weeks[w][i].sessions = 1
                map.weeks[w][i].seconds = 600
                map.weeks[w][i].level = 3
            }
        }
        return map
    }

    private func chart(_ map: PracticeHeatmap) -> HeatmapChart {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return HeatmapChart(
            heatmap: map, title: "t", description: "d", dayLabel: { $0.date.description },
            monthName: { months[$0 - 1] }, weekdayName: { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][$0 - 1] },
            less: "Less", more: "More")
    }

    func testHeatmapStartsAtTheFirstPracticeWeekWithMonthsAndWeekdays() {
        // Practice began Wed 2026-06-10; its week starts Mon 2026-06-08. Today is Tue 2026-12-01.
        let heat = chart(heatmap(today: "2026-12-01", practised: ["2026-06-10", "2026-12-01"]))
        XCTAssertEqual(heat.firstDay, d("2026-06-08"))
        XCTAssertEqual(heat.weeks.count, 26)
        // Jun is named on the first column (July's first week is 3 columns on); then each month.
        XCTAssertEqual(heat.monthLabels.map(\.month), [6, 7, 8, 9, 10, 11, 12])
        XCTAssertEqual(heat.monthLabels.map(\.column), [0, 3, 7, 12, 16, 20, 25])
        let svg = heat.svg
        XCTAssertTrue(svg.contains(">Mon</text>") && svg.contains(">Wed</text>") && svg.contains(">Fri</text>"))
        XCTAssertFalse(svg.contains(">Tue</text>"))
        XCTAssertTrue(svg.contains("width=\"450\" height=\"149\""))
        // Today outlined, and only today.
        XCTAssertEqual(svg.components(separatedBy: " today\"").count, 2)
        XCTAssertTrue(svg.contains("<rect class=\"h3 today\" x=\"411\" y=\"35\""))
        // The legend's squares are the grid's squares.
        XCTAssertTrue(
            svg.contains("<rect class=\"h4\" x=\"") && svg.contains("width=\"12\" height=\"12\"/>"))
        XCTAssertFalse(svg.contains("future"))
    }

    func testHeatmapWithoutPracticeShowsSeventeenWeeksAndAtMostFiftyThree() {
        XCTAssertEqual(chart(heatmap(today: "2026-12-01", practised: [])).weeks.count, 17)
        XCTAssertEqual(chart(heatmap(today: "2026-12-01", practised: ["2026-11-09"])).weeks.count, 17)
        XCTAssertEqual(chart(heatmap(today: "2026-12-01", practised: ["2025-12-01"])).weeks.count, 53)
    }

    /// Issue 25: a habit under four weeks old is drawn from its first week, not behind sixteen
    /// empty ones; the legend still fits.
    func testAYoungHabitStartsAtItsFirstSession() {
        let one = chart(heatmap(today: "2026-12-01", practised: ["2026-11-30"]))
        XCTAssertEqual(one.weeks.count, 1)
        XCTAssertEqual(one.firstDay, d("2026-11-30"))
        XCTAssertEqual(chart(heatmap(today: "2026-12-01", practised: ["2026-11-18"])).weeks.count, 3)
        XCTAssertEqual(chart(heatmap(today: "2026-12-01", practised: ["2026-11-12"])).weeks.count, 17, "four weeks")
        // The grid is 36 + 15 + 24 = 75 wide; "Less", five squares and "More" need more.
        let svg = one.svg
        XCTAssertTrue(svg.contains("width=\"167.5\" height=\"149\""), svg)
        XCTAssertFalse(svg.contains("x=\"-"), "nothing drawn left of the picture")
    }

    /// The phone's calendar: the latest weeks only, under its own ids.
    func testThePhoneCalendarKeepsTheLatestWeeks() {
        var phone = chart(heatmap(today: "2026-12-01", practised: ["2026-06-10", "2026-12-01"]))
        phone.maxWeeks = 17
        phone.id = "heatmap-phone"
        XCTAssertEqual(phone.weeks.count, 17)
        XCTAssertEqual(phone.firstDay, d("2026-08-10"))
        XCTAssertEqual(phone.size.width, 36 + 17 * 15 + 24)
        XCTAssertTrue(phone.svg.contains("aria-labelledby=\"heatmap-phone-title heatmap-phone-desc\""))
        XCTAssertTrue(phone.svg.contains("<rect class=\"h3 today\""))
    }

    func testWeeklyColumnsFitTheirTicksAndKeepTheLastMonthInside() {
        let chart = ColumnChart(
            id: "w", title: "t", description: "d",
            columns: [.init(tick: "Nov", label: "a", value: 0), .init(tick: "", label: "b", value: dec("52.5"))]
                + Array(repeating: .init(tick: "", label: "c", value: 1), count: 17)
                + [.init(tick: "Dec", label: "d", value: 12)],
            yLabel: { AxisLabel(language: .en).number($0) + " min" })
        XCTAssertEqual(chart.axis.ticks, [0, 20, 40, 60])
        // "60 min" at the phone's type: 6 × 8.5 × 1.5, and 12 to spare.
        XCTAssertEqual(chart.left, 88.5)
        let svg = chart.svg
        XCTAssertTrue(svg.contains(">60 min</text>"))
        // No column for a week without practice; one titled column for each of the other 19.
        XCTAssertEqual(svg.components(separatedBy: "<rect class=\"mark\"").count, 20)
        XCTAssertFalse(svg.contains("<title>a</title>"))
        // The last column's "Dec", centred at 88.5 + 19.5 × 27.175 = 618.41, ends at 618.41 + 3 × 8.5
        // × 1.5 ÷ 2 = 637.54, inside the 640 edge; a longer name there ends at the edge instead.
        XCTAssertTrue(svg.contains("x=\"618.41\" text-anchor=\"middle\" y=\"212.00\">Dec</text>"))
        var long = chart
        long.columns[19].tick = "December"
        XCTAssertTrue(long.svg.contains("x=\"640.00\" text-anchor=\"end\" y=\"212.00\">December</text>"))
        // Centred under the first column: 88.5 + (640 − 88.5 − 8) ÷ 20 ÷ 2.
        XCTAssertTrue(svg.contains("x=\"102.09\" text-anchor=\"middle\" y=\"212.00\">Nov</text>"))
    }

    func testBarsShareOneColourAndLeaveRoomForTheirLongestLabel() {
        let chart = BarChart(
            id: "c", title: "t", description: "d",
            bars: [
                .init(label: "Cloud storage", valueText: "CN¥199.00", value: 199),
                .init(label: "影视", valueText: "CN¥15.00", value: 15),
            ])
        // 13 Latin letters at 8.5 × 1.5, and 9 characters of the longest value the same way.
        XCTAssertEqual(chart.labelWidth, 13 * 8.5 * 1.5 + 12)
        XCTAssertEqual(chart.valueWidth, 9 * 8.5 * 1.5 + 12)
        let svg = chart.svg
        XCTAssertEqual(svg.components(separatedBy: "<rect class=\"mark\"").count, 3)
        XCTAssertFalse(svg.contains("bar-"))
        // The longest bar ends where the longest value still fits.
        XCTAssertTrue(svg.contains("width=\"\(String(format: "%.2f", 640 - chart.labelWidth - chart.valueWidth))\""))
    }
}
