import Basics
import Charts
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import UIKeys

/// `goals/`: every goal's card; `goals/<id>/`: one page per goal with its deposits, plan and
/// projection, plus its jar artwork (`jar.svg`, `drop.svg`, the fall's frames) queued before it.
struct GoalPages: PageFamily {
    let showsJars = true

    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        let figures = renderer.figures
        renderer.page(
            "goals/index.html", template: "pages/goals", title: renderer.string(.goals(.title)), section: "goals",
            [
                "goals": .list(figures.savings.entries.map { .object(renderer.goalFields($0)) }),
                "has_goals": .bool(!figures.savings.entries.isEmpty),
                "grid": GridColumns.fields(figures.savings.entries.count, phone: [1], wide: [3, 2, 4]),
                "total_saved": .string(renderer.format.money(figures.savings.totalSaved, renderer.data.site.currency)),
                "goal_form": goalForm(renderer),
            ], into: &site)
        for entry in figures.savings.entries {
            if let jar = renderer.jar(of: entry.goal.id) {
                let folder = "goals/\(entry.goal.id)"
                site.add("\(folder)/jar.svg", jar.jarSVG)
                site.add("\(folder)/card.svg", GoalCard(entry: entry, jar: jar, renderer: renderer).svg)
                site.add("\(folder)/drop.svg", jar.dropSVG)
                if let timelapse = jar.timelapseSVG { site.add("\(folder)/timelapse.svg", timelapse) }
                for (index, frame) in jar.frames.enumerated() {
                    site.add("\(folder)/frames/\(JarArtwork.frameFileName(index + 1))", frame)
                }
            }
            let deposits = Self.depositPages(entry.goal.depositMonths)
            renderer.page(
                "goals/\(entry.goal.id)/index.html", template: "pages/goal", title: entry.goal.name,
                section: "goals", goalPage(entry, renderer, deposits: deposits), into: &site)
            for index in deposits.indices.dropFirst() {
                let position = renderer.string(
                    .pages(.position), ["page": "\(index + 1)", "count": "\(deposits.count)"])
                renderer.page(
                    Self.depositsPath(entry.goal.id, page: index), template: "pages/goal-deposits",
                    title: "\(entry.goal.name) · \(position)", section: "goals",
                    renderer.goalFields(entry).merging(depositFields(entry.goal, deposits, page: index, renderer)) {
                        $1
                    }, into: &site)
            }
        }
    }

    private func goalPage(
        _ entry: SavingsReport.Entry, _ renderer: SiteRenderer, deposits: [[ListedMonth]]
    ) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        let format = renderer.format
        var fields = renderer.goalFields(entry)
        if let jar = renderer.jar(of: goal.id) { fields["jar"] = jarPage(jar, goal, renderer) }
        fields.merge(depositFields(goal, deposits, page: 0, renderer)) { $1 }
        fields["note_html"] =
            goal.note.map { .string(renderer.markdown($0, unsafeHTML: renderer.data.site.unsafeHTML)) } ?? .null
        fields["plan"] =
            goal.plan.map { plan in
                .object([
                    "amount": .string(format.money(plan.amount, goal.currency)),
                    "frequency": .string(renderer.string(.frequency(plan.frequency))),
                    "start": renderer.dateValue(plan.start),
                    "periods": plan.periods.map { .int($0) } ?? .null,
                    "periods_text": plan.periods.map { .string(renderer.counted(.goals(.periods), $0)) } ?? .null,
                    "periods_done": progress.periodsDone.map { .int($0) } ?? .null,
                    "missed_periods": progress.missedPeriods.map { .int($0) } ?? .null,
                    "rate": plan.annualRate.map { .string(format.percent($0, digits: 1)) } ?? .null,
                    "paused": pausedText(progress.pausedPeriods, renderer),
                ])
            } ?? .null
        fields["pauses"] = .list(
            goal.pauses.map { pause in
                .object([
                    "from": renderer.dateValue(pause.from), "to": renderer.dateValue(pause.to),
                    "note": pause.note.map { .string($0) } ?? .null,
                ])
            })
        fields["has_pauses"] = .bool(!goal.pauses.isEmpty)
        fields["card"] = cardValue(entry, renderer)
        fields["projected_completion"] = renderer.dateValue(progress.projectedCompletion)
        fields["with_slain"] =
            renderer.slainSooner(entry).map { sooner in
                .object(["date": renderer.dateValue(sooner.date), "sooner": .string(sooner.text)])
            } ?? .null
        fields["projection"] = projectionValue(goal, progress.projection, renderer)
        // The plan's amount filled in (issue 34), and beside the form the amounts one tap puts in.
        let planned = goal.plan.map { NSDecimalNumber(decimal: $0.amount).stringValue } ?? ""
        let quick = Self.quickAmounts(goal, progress).enumerated().map { index, amount in
            quickForm(goal, amount: amount, index: index, renderer)
        }
        fields["deposit_form"] = renderer.form(
            .deposit, target: goal.id, defaults: ["amount": planned, "note": "", "at": ""],
            extra: ["currency": .string(goal.currency.code), "quick": .list(quick), "has_quick": .bool(!quick.isEmpty)])
        fields["count_up"] = countUp(entry, renderer)
        fields["household"] = renderer.householdGoal(entry)
        return fields
    }

    /// The amounts a tap puts in at once, at most three: the plan's, the last deposit's, twice
    /// the plan's; for a goal without a plan, a tenth and a twentieth of its target in round
    /// figures. Never one the goal's currency cannot hold, never the same twice.
    static func quickAmounts(_ goal: Goal, _ progress: GoalProgress) -> [Decimal] {
        let last = goal.depositsInTimeOrder.last?.amount
        var candidates: [Decimal?]
        if let plan = goal.plan {
            candidates = [plan.amount, last, plan.amount * 2]
        } else {
            let target = goal.target.map { max($0 - progress.saved, 0) }
            candidates = [last, target.flatMap { roundFigure($0 / 10) }, target.flatMap { roundFigure($0 / 4) }]
        }
        var amounts: [Decimal] = []
        for case let amount? in candidates where amount > 0 && !amounts.contains(amount) {
            amounts.append(amount)
        }
        return Array(amounts.prefix(3))
    }

    /// `value` to one significant digit (180 → 200, 1,234 → 1,000); nil under 1.
    static func roundFigure(_ value: Decimal) -> Decimal? {
        guard value >= 1 else { return nil }
        var unit = Decimal(1)
        while unit * 10 <= value { unit *= 10 }
        var rounded = Decimal()
        var share = value / unit
        NSDecimalRound(&rounded, &share, 0, .plain)
        return rounded * unit
    }

    /// One quick choice: a form of one button that puts `amount` in.
    private func quickForm(_ goal: Goal, amount: Decimal, index: Int, _ renderer: SiteRenderer) -> MustacheValue {
        let text = renderer.format.money(amount, goal.currency)
        let form = renderer.form(
            .deposit, target: goal.id, defaults: ["amount": NSDecimalNumber(decimal: amount).stringValue],
            extra: [
                "id": .string("form-quick-\(goal.id)-\(index + 1)"), "button": .string("+\(text)"),
                "label": .string(renderer.string(.form(.quickDeposit), ["amount": text])),
                // Sent back with a message, the form it came from says it; a chip stays a chip.
                "error": .null, "confirm": .bool(false),
            ])
        return form
    }

    /// On the page a deposit lands on (serve), the saved total counts up from before the deposit
    /// while its coins fall: where it starts and how long the fall lasts. Null otherwise.
    private func countUp(_ entry: SavingsReport.Entry, _ renderer: SiteRenderer) -> MustacheValue {
        guard let notice = renderer.forms?.notice, notice.kind == .deposit, !notice.undone,
            notice.values["goal"] == entry.goal.id,
            let amount = notice.values["amount"].flatMap(Decimal.init(exactly:)),
            let jar = renderer.jar(of: entry.goal.id), !jar.frames.isEmpty
        else { return .null }
        let before = entry.progress.saved - amount
        return .object([
            "from": .string(renderer.format.money(before, entry.goal.currency)),
            "milliseconds": .int(jar.frames.count * 1000 / 30),
        ])
    }

    /// "2 periods paused"; null when no period of the plan fell in a pause.
    private func pausedText(_ periods: Int?, _ renderer: SiteRenderer) -> MustacheValue {
        guard let periods, periods > 0 else { return .null }
        return .string(renderer.counted(.goals(.pausedPeriods), periods))
    }

    /// What the goal page says of `card.svg`: the picture, and the Markdown that embeds it (by its
    /// full address when site.toml has a `base_url`).
    private func cardValue(_ entry: SavingsReport.Entry, _ renderer: SiteRenderer) -> MustacheValue {
        guard let jar = renderer.jar(of: entry.goal.id) else { return .null }
        let address = renderer.data.site.baseURL.map { "\($0)goals/\(entry.goal.id)/card.svg" } ?? "card.svg"
        let alt = GoalCard(entry: entry, jar: jar, renderer: renderer).title
        let markdownAlt = alt.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
        return .object(["alt": .string(alt), "markdown": .string("![\(markdownAlt)](\(address))")])
    }

    /// serve's "start a new jar" form on `goals/`.
    private func goalForm(_ renderer: SiteRenderer) -> MustacheValue {
        renderer.form(
            .goal,
            defaults: [
                "name": "", "mode": "wish", "target": "", "currency": "", "icon": "", "plan_amount": "",
                "frequency": "monthly",
            ],
            choices: [
                "mode": Goal.Mode.allCases.map { ($0.rawValue, renderer.string(.mode($0))) },
                "frequency": SavingsPlan.Frequency.allCases.map {
                    ($0.rawValue, renderer.string(.frequency($0)))
                },
            ],
            extra: ["currency": .string(renderer.data.site.currency.code)])
    }

    /// The goal page's jar: the latest deposit falling in, played by drop.svg, one picture that is
    /// never blank between frames (issue 25; jar.svg alone under reduced motion), what each coin is
    /// worth, and the pile at every month's end.
    private func jarPage(_ jar: JarArtwork, _ goal: Goal, _ renderer: SiteRenderer) -> MustacheValue {
        let format = renderer.format
        // A coin's worth exactly, even a fraction of the smallest unit: the legend must add up.
        let money = { (units: Int) in format.exactMoney(jar.coinValue * Decimal(units), goal.currency) }
        // The kinds of coin the jar holds, and only those (issue 34: a gold coin the legend names
        // must be in the jar); the plain coin always. A jar without gold says how gold comes.
        let counts = jar.tierCounts
        let tiers = counts.isEmpty ? [0] : counts.indices.filter { $0 == 0 || counts[$0] > 0 }
        var legend = tiers.map { tier -> MustacheValue in
            let count = tier < counts.count ? counts[tier] : 0
            let value = money(CoinRule.units(ofTier: tier))
            let text =
                tier == 0
                ? renderer.string(.jar(.plain), ["value": value])
                : renderer.string(
                    .jar(.tier),
                    [
                        "name": renderer.string(.coinName(tier: min(tier, 4))),
                        "coins": String(CoinRule.units(ofTier: tier)), "value": value,
                    ])
            return .object([
                "tier": .int(min(tier, 3)), "text": .string(text),
                "count": count > 0 ? .string(renderer.string(.jar(.count), ["count": String(count)])) : .null,
            ])
        }
        // Sand, worth less than one coin (issue 39): its worth, and how far toward the next coin.
        if jar.sand > 0 {
            var (ratio, share) = (jar.sand / jar.coinValue, Decimal())
            NSDecimalRound(&share, &ratio, 2, .down)  // 99.9 % of a coin is 99 %, never 100 %
            let percent = share > 0 ? format.percent(share) : "<1%"
            let value = format.money(jar.sand, goal.currency)
            let text = renderer.string(.jar(.sand), ["value": value, "percent": percent])
            legend.append(.object(["tier": .string("sand"), "text": .string(text), "count": .null]))
        }
        // Saved by the end of each month: one pass over the deposits, then a running total.
        let depositMonths = goal.depositMonths
        let monthsWithDeposits = Set(depositMonths.map(\.index))
        // A month each, except that two or more months in a row without deposits, whose jars are
        // all alike, are one picture ("May 2019 – Aug 2026"): years without saving are no wall
        // of identical jars.
        var items: [(first: MonthPile, last: MonthPile)] = []
        for month in jar.months {
            if !monthsWithDeposits.contains(month.index), let previous = items.last,
                !monthsWithDeposits.contains(previous.last.index), previous.last.index + 1 == month.index
            {
                items[items.count - 1].last = month
            } else {
                items.append((month, month))
            }
        }
        var saved = Decimal(0)
        var counted = 0
        let months = items.map { item -> MustacheValue in
            let (first, month) = item
            while counted < depositMonths.count, depositMonths[counted].index <= month.index {
                saved += depositMonths[counted].total
                counted += 1
            }
            let text = format.money(saved, goal.currency)
            let label = renderer.format.month(month.year, month.month)
            let from = renderer.format.month(first.year, first.month)
            let alt =
                first.index == month.index
                ? renderer.string(.jar(.timelapseAlt), ["month": label, "saved": text])
                : renderer.string(.jar(.timelapseQuietAlt), ["from": from, "to": label, "saved": text])
            return .object([
                "view": .string(month.viewID), "label": .string(label), "saved": .string(text),
                "month": renderer.monthValue(first.year, first.month),
                "until": first.index == month.index ? .null : renderer.monthValue(month.year, month.month),
                "reached": .bool(month.reached), "alt": .string(alt),
            ])
        }
        return .object(
            renderer.jarFields(jar, goal: goal).merging([
                // drop.svg plays the fall when there is one; the caption links it, to open on its own.
                "has_fall": .bool(!jar.frames.isEmpty),
                "legend": .list(legend),
                "worth": .string(renderer.string(.jar(.worth), ["value": format.money(jar.worth, goal.currency)])),
                "merge_rule": counts.count < 2 ? .string(renderer.string(.jar(.mergeRule))) : .null,
                "wish": .bool(goal.mode == .wish),
                "months": .list(months),
                "has_months": .bool(months.count > 1),
                "months_since": monthsSince(jar, renderer),
                "grid": GridColumns.fields(months.count, phone: [4, 3, 5], wide: [8, 7, 6, 9]),
            ]) { _, new in new })
    }

    /// "The latest 120 months; this jar has been filling since March 2001": when the timelapse
    /// leaves out the oldest months (`JarArtwork.timelapseLimit`); null otherwise.
    private func monthsSince(_ jar: JarArtwork, _ renderer: SiteRenderer) -> MustacheValue {
        guard jar.monthsBefore > 0, let shown = jar.months.first else { return .null }
        let first = shown.index - jar.monthsBefore
        let since = renderer.format.month(first / 12, first % 12 + 1)
        return .string(
            renderer.string(.jar(.timelapseSince), ["count": String(jar.months.count), "month": since]))
    }

    /// The compound curve as an inline SVG chart and the same figures as a table.
    private func projectionValue(
        _ goal: Goal, _ points: [ProjectionPoint]?, _ renderer: SiteRenderer
    ) -> MustacheValue {
        guard let points, !points.isEmpty else { return .null }
        let format = renderer.format
        let axisLabel = AxisLabel(language: renderer.data.site.language)
        let horizon = Double(points.count)
        let step = max(1, (points.count + 9) / 10)
        var series: [LineChart.Series] = [
            .init(
                name: renderer.string(.goals(.value)), style: "value",
                points: [.init(x: 0, value: 0)] + points.map { .init(x: Double($0.year), value: $0.value) }),
            .init(
                name: renderer.string(.goals(.contributed)), style: "contributed",
                points: [.init(x: 0, value: 0)] + points.map { .init(x: Double($0.year), value: $0.contributed) }),
        ]
        var marker: LineChart.Marker?
        if let plan = goal.plan, plan.start <= renderer.today {
            let now = GoalPages.years(from: plan.start, to: renderer.today)
            let saved = GoalPages.savedSteps(goal.deposits, start: plan.start, today: renderer.today)
            series.append(
                .init(
                    name: renderer.string(.chart(.saved)), style: "saved", points: saved,
                    endLabel: format.money(saved.last?.value ?? 0, goal.currency)))
            marker = LineChart.Marker(x: now, label: renderer.string(.chart(.today)))
        }
        let chart = LineChart(
            title: renderer.string(.goals(.projection)),
            description: renderer.string(
                .goals(.projectionDescription),
                [
                    "years": String(points.count), "contributed": format.money(points.last!.contributed, goal.currency),
                    "value": format.money(points.last!.value, goal.currency),
                ]),
            xDomain: 0...max(horizon, marker?.x ?? 0),
            xTicks: stride(from: 0, through: points.count, by: step).map { .init(x: Double($0), label: String($0)) },
            xAxisTitle: renderer.string(.chart(.yearsSinceStart)),
            yLabel: { axisLabel.money($0, goal.currency) },
            marker: marker, series: series)
        return .object([
            "svg": .string(chart.svg),
            "rows": .list(
                points.map { point in
                    .object([
                        "year": .int(point.year),
                        "contributed": .string(format.money(point.contributed, goal.currency)),
                        "value": .string(format.money(point.value, goal.currency)),
                    ])
                }),
        ])
    }

    /// Where `date` falls in years since `start`: whole years to the last anniversary, then the
    /// fraction of the year after it, so every anniversary lands exactly on its tick.
    static func years(from start: CalendarDate, to date: CalendarDate) -> Double {
        guard date > start else { return 0 }
        var whole = date.year - start.year
        if start.adding(months: 12 * whole) > date { whole -= 1 }
        let from = start.adding(months: 12 * whole)
        let next = start.adding(months: 12 * (whole + 1))
        return Double(whole) + Double(from.days(to: date)) / Double(from.days(to: next))
    }

    /// The running total saved as a step line from the plan's start to today: flat between
    /// deposits, rising on each deposit's day. Deposits before the start count from the start;
    /// there are none after today (the pages get the data as of today, `DataSet.asOf`).
    static func savedSteps(_ deposits: [Deposit], start: CalendarDate, today: CalendarDate) -> [LineChart.Point] {
        var total: Decimal = 0
        var points = [LineChart.Point(x: 0, value: 0)]
        let byDay = Dictionary(grouping: deposits) { max($0.at.date, start) }
        for day in byDay.keys.sorted() {
            let x = years(from: start, to: day)
            points.append(.init(x: x, value: total))
            total += byDay[day]!.reduce(Decimal(0)) { $0 + $1.amount }
            points.append(.init(x: x, value: total))
        }
        points.append(.init(x: years(from: start, to: today), value: total))
        return points
    }
}
