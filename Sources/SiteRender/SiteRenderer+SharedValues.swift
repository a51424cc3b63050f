import Badges
import Basics
import Domain
import Foundation
import Jar
import Mustache
import SiteData
import Subscriptions

/// Values the dashboard shows alongside a section's own pages; they live on `SiteRenderer` so
/// both pages build them the same way.
extension SiteRenderer {
    /// A date as `partials/date` writes it: one `<time>` whose year (`lead` in Chinese, `trail` in
    /// English) is a span a phone hides when it is today's year (`this_year`). `text` is the whole
    /// date, for attributes; `iso` the `datetime`, the day unless `datetime` gives a moment.
    /// No date is `.null`, so a template's `{{#date}}` section leaves it out.
    func dateValue(_ date: CalendarDate?, datetime: String? = nil) -> MustacheValue {
        guard let date else { return .null }
        let parts = format.dateParts(date)
        return .object([
            "iso": .string(datetime ?? date.description),
            "text": .string(parts.lead + parts.main + parts.trail),
            "lead": .string(parts.lead), "main": .string(parts.main), "trail": .string(parts.trail),
            "this_year": .bool(date.year == today.year),
        ])
    }

    /// A calendar month as `partials/date` writes it: `Oct 2026` or `2026年10月`, its year a span
    /// a phone hides in today's year, so a narrow column says `Oct` or `10月` on one line.
    func monthValue(_ year: Int, _ month: Int) -> MustacheValue {
        let name = format.month(year, month)
        let lead = data.site.language == .zhHans ? "\(year)年" : ""
        let trail = data.site.language == .zhHans ? "" : " \(year)"
        return .object([
            "iso": .string("\(year.zeroPadded(4))-\(month.zeroPadded(2))"), "text": .string(name),
            "lead": .string(lead), "main": .string(String(name.dropFirst(lead.count).dropLast(trail.count))),
            "trail": .string(trail), "this_year": .bool(year == today.year),
        ])
    }

    /// What a goal card shows, on the dashboard, the goals list and the goal's own page.
    func goalFields(_ entry: SavingsReport.Entry) -> [String: MustacheValue] {
        let goal = entry.goal
        let progress = entry.progress
        let percent = progress.progress.map { min($0, 1) * 100 }
        return [
            "id": .string(goal.id),
            "name": .string(goal.name),
            "display_name": .string(Self.unbroken(goal.name)),
            "icon": goal.icon.map { .string($0) } ?? .null,
            "mode": .string(string(.mode(goal.mode))),
            "saved": .string(format.money(progress.saved, goal.currency)),
            "target": goal.target.map { .string(format.money($0, goal.currency)) } ?? .null,
            "progress": progress.progress.map { .string(format.percent($0)) } ?? .null,
            "progress_value": percent.map { .string($0.fixed(1)) } ?? .null,
            "reached_on": dateValue(progress.reachedOn),
            "status": progress.status.map { .string(string(.status($0))) } ?? .null,
            "status_class": .string(progress.status?.rawValue ?? "none"),
            "next_due": dateValue(progress.nextDue),
            "overdue": overdueText(progress.overdueDays).map { .string($0) } ?? .null,
            "deposit_count": .int(progress.deposits),
            "deposits_label": .string(unit(.goals(.deposits), for: progress.deposits)),
            "jar": jar(of: goal.id).map { .object(jarFields($0, goal: goal)) } ?? .null,
        ]
    }

    /// A name as a heading shows it: a hyphen between two letters or digits is a non-breaking one
    /// (U+2011), so "WH-1000XM6" never breaks across lines (issue 25). Only for display: ids,
    /// titles and data keep the name as written.
    static func unbroken(_ name: String) -> String {
        var out = ""
        let characters = Array(name)
        let word = { (c: Character) in c.isLetter || c.isNumber }
        for (index, character) in characters.enumerated() {
            let joins =
                character == "-" && index > 0 && index + 1 < characters.count
                && word(characters[index - 1]) && word(characters[index + 1])
            out.append(joins ? "\u{2011}" : character)
        }
        return out
    }

    /// A sentence as HTML whose `kept` values (a name, a date) never break inside (issue 43): each
    /// in a no-wrap span, since a no-break space alone does not stop Chinese breaking between
    /// characters. The rest is escaped as `{{…}}` would escape it.
    func sentenceHTML(_ key: UIKey, _ values: [String: String], kept: Set<String>) -> String {
        var marked = values
        for name in kept { marked[name] = "\u{E000}\(name)\u{E001}" }
        var html = Self.escapedHTML(string(key, marked))
        for name in kept {
            let value = Self.escapedHTML(Self.unbroken(values[name] ?? ""))
            html = html.replacingOccurrences(
                of: "\u{E000}\(name)\u{E001}", with: "<span class=\"nowrap\">\(value)</span>")
        }
        return html
    }

    static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The locked badges, the closest to being earned first (issue 25): by the share of the way
    /// done, the wall's order between equals.
    func lockedBadgesByProgress() -> [BadgeStatus] {
        func share(_ status: BadgeStatus) -> Decimal {
            status.progress.target > 0 ? min(status.progress.current / status.progress.target, 1) : 0
        }
        return figures.badges.enumerated().filter { $0.element.unlockedOn == nil }
            .sorted { a, b in
                let (x, y) = (share(a.element), share(b.element))
                return x != y ? x > y : a.offset < b.offset
            }
            .map(\.element)
    }

    /// The `count` locked badges closest to being earned: the "next up" strip.
    func nextBadges(_ count: Int) -> [BadgeStatus] {
        Array(lockedBadgesByProgress().prefix(count))
    }

    /// "overdue by 16 days" when the next deposit's day has passed; nil when it has not.
    func overdueText(_ days: Int?) -> String? {
        guard let days, days > 0 else { return nil }
        return counted(.goals(.overdue), days, ["days": String(days)])
    }

    /// A goal's jar, the one place the pages read the jars from (`SiteRenderer.jars`, handed to the
    /// renderer as a value of their own).
    func jar(of goal: String) -> JarArtwork? {
        jars[goal]
    }

    /// What every page showing a jar says about it: its alt text. The goal page adds the rest.
    func jarFields(_ jar: JarArtwork, goal: Goal) -> [String: MustacheValue] {
        let value = format.exactMoney(jar.coinValue, goal.currency)
        return ["alt": .string(counted(.goals(.jarAlt), jar.coinCount, ["value": value]))]
    }

    /// When a wish goal would be reached with the slain subscriptions' monthly savings added,
    /// and how many days sooner that is; nil unless it is sooner than its projection.
    func slainSooner(_ entry: SavingsReport.Entry) -> (date: CalendarDate, planned: CalendarDate, text: String)? {
        guard let planned = entry.progress.projectedCompletion, let date = figures.projectedWithSlain[entry.goal.id],
            date < planned
        else { return nil }
        return (date, planned, counted(.goals(.sooner), date.days(to: planned)))
    }

    /// A badge as the wall and the dashboard show it: its medal, texts, and for a locked one how
    /// far along it is. `newest` marks the badges earned on the latest day any badge was earned.
    func badgeValue(_ status: BadgeStatus) -> MustacheValue {
        let definition = status.definition
        let newest = status.unlockedOn != nil && status.unlockedOn == figures.badges.compactMap(\.unlockedOn).max()
        let ratio = status.progress.target > 0 ? status.progress.current / status.progress.target : 0
        let text = badgeText(status)
        let progress = string(
            .badgeUnit(definition.unit),
            [
                "current": badgeFigure(status.progress.current, definition.unit),
                "target": badgeFigure(status.progress.target, definition.unit),
            ])
        return .object([
            "id": .string(definition.id),
            "name": .string(text.name),
            "description": .string(text.description),
            "category": .string(string(.badgeCategory(definition.category))),
            "medal": .string(
                BadgeMedal.svg(
                    id: definition.id, category: definition.category,
                    progress: status.unlockedOn == nil ? min(ratio, 1) : nil)),
            "newest": .bool(newest),
            "unlocked_on": dateValue(status.unlockedOn),
            "progress_value": .string((min(ratio, 1) * 100).fixed(1)),
            "progress_text": .string(progress),
        ])
    }

    /// A badge's name and description from the string tables (`badge.<id>`), the description's
    /// `{target}` written in the badge's unit: "Save CN¥1,000.00 in total."
    func badgeText(_ status: BadgeStatus) -> (name: String, description: String) {
        let badge = status.definition
        let target = badgeFigure(status.progress.target, badge.unit)
        return (string(.badgeName(badge)), string(.badgeDescription(badge), ["target": target]))
    }

    /// A badge's figure as its unit reads: money in the base currency, minutes as the breathing
    /// page writes them, whole numbers otherwise.
    private func badgeFigure(_ value: Decimal, _ unit: BadgeDefinition.Unit) -> String {
        switch unit {
        case .money, .moneyPerMonth: return format.money(value, data.site.currency)
        case .minutes: return minutes(value)
        case .count, .days: return value.fixed(0)
        }
    }

    func quoteValue(_ quote: DailyQuote?, on day: CalendarDate) -> MustacheValue {
        guard let quote else { return .null }
        return .object(["text": .string(quote.text), "date": dateValue(day), "iso": .string(day.description)])
    }

    /// What the dashboard and the subscriptions page share: totals, high-risk alerts, what renews next.
    ///
    /// `billingAfter`: leave out the alerts and renewals charging within that many days (the
    /// dashboard's today strip shows those, once). `alertsOnTop`: the alerts follow the page's title,
    /// so their heading is a section's (h2), not a subsection's (h3) as on the dashboard.
    func subscriptionSummary(billingAfter days: Int? = nil, alertsOnTop: Bool = false) -> [String: MustacheValue] {
        let report = figures.subscriptions
        let base = report.baseCurrency
        let later = { (item: SubscriptionItem) in days.map { (item.daysUntilBilling ?? .max) > $0 } ?? true }
        let alerts = report.alerts.filter(later)
        let next = report.upcoming.filter(later).prefix(3)
        let active = report.items.filter { $0.status == .active }.count
        return [
            "monthly_total": .string(format.money(report.monthlyTotal.shown, base)),
            "yearly_total": .string(format.money(report.yearlyTotal.shown, base)),
            "active_count": .int(active),
            "active_count_label": .string(unit(.subscriptions(.activeCount), for: active)),
            "alerts": .list(alerts.map(subscriptionValue)),
            "has_alerts": .bool(!alerts.isEmpty),
            "alerts_on_top": .bool(alertsOnTop),
            "upcoming": .list(next.map(subscriptionValue)),
            "has_upcoming": .bool(!next.isEmpty),
            "costliest": costliestMonth(),
        ]
    }

    /// Whether the next 12 months' charges say nothing a sentence would not: every month after
    /// this one charges the same, and the rest of this one no more (issue 25: twelve equal bars).
    var forecastIsFlat: Bool {
        let forecast = figures.subscriptions.forecast
        guard let first = forecast.first else { return true }
        let later = forecast.dropFirst()
        guard let month = later.first?.total.exact else { return true }
        return later.allSatisfy { $0.total.exact == month } && first.total.exact <= month
    }

    /// `date` as a sentence writes it: without its year when it is in today's year.
    func shortDate(_ date: CalendarDate) -> String {
        date.year == today.year ? format.dateParts(date).main : format.date(date)
    }

    /// "Most expensive month ahead: Jan 2027, ¥1,101.50"; null when no month stands out (a flat
    /// forecast's first full month only outweighs the rest of this one).
    private func costliestMonth() -> MustacheValue {
        let report = figures.subscriptions
        guard let month = report.costliestMonth, !forecastIsFlat else { return .null }
        return .string(
            string(
                .subscriptions(.costliest),
                [
                    "month": format.month(month.year, month.month),
                    "total": format.money(month.total.shown, report.baseCurrency),
                ]))
    }

    /// A subscription as its row shows it (issue 25): the price per cycle ("¥21.00 / month"),
    /// what it costs a month in the base currency only when that says something new, the shared
    /// part only when it differs from the price, the risk only when medium or high.
    /// A price that went up, as the subscriptions page and the year in review list it: the name,
    /// and "US$22.99 → US$24.99 (+8.7%), from 12 Jan 2026".
    func priceRiseValue(
        _ item: SubscriptionItem, before: Decimal, now: Decimal, change: Decimal, since: CalendarDate
    ) -> MustacheValue {
        .object([
            "name": .string(item.subscription.name),
            "text": .string(
                string(
                    .subscriptions(.priceRise),
                    [
                        "before": format.money(before, item.currency), "now": format.money(now, item.currency),
                        "percent": format.percent(change, digits: 1), "date": format.date(since),
                    ])),
        ])
    }

    func subscriptionValue(_ item: SubscriptionItem) -> MustacheValue {
        let base = figures.subscriptions.baseCurrency
        let reminders = item.reminders.enumerated().map { index, day -> MustacheValue in
            .object(["date": dateValue(day), "separator": .string(index == 0 ? "" : ", ")])
        }
        // A medium or high risk wears a tag on its row, a low one none.
        let riskTag = item.risk.flatMap { UIKey.riskTag($0.level) }
        return .object([
            "initial": .string(item.subscription.name.first.map { String($0).uppercased() } ?? "?"),
            "per": .string(string(.cycleUnit(item.cycle))),
            "share_differs": .bool(item.myShare != nil && item.myShare != item.price),
            "monthly_note": .bool(item.cycle != .monthly || item.currency != base),
            "show_risk": .bool(riskTag != nil),
            "risk_tag": riskTag.map { .string(string($0)) } ?? .null,
            "id": .string(item.id),
            "name": .string(item.subscription.name),
            "icon": item.icon.map { .string($0) } ?? .null,
            "price": item.price.map { .string(format.money($0, item.currency)) } ?? .null,
            "cycle": .string(string(.cycle(item.cycle))),
            "members": .int(item.subscription.members),
            "shared": .bool(item.subscription.members > 1),
            "my_share": item.myShare.map { .string(format.money($0, item.currency)) } ?? .null,
            "monthly": item.monthlyInBase.map { .string(format.money($0.shown, base)) } ?? .null,
            "next_billing": dateValue(item.nextBilling),
            "days": item.daysUntilBilling.map { .int($0) } ?? .null,
            "reminders": .list(reminders),
            "has_reminders": .bool(!item.reminders.isEmpty),
            // A renewal's row names only the next reminder (issue 43); calendar.ics has them all.
            "next_reminder": dateValue(item.reminders.first { $0 >= today }),
            "trial": .bool(item.inTrial),
            "risk": item.risk.map { .string(string(.riskLevel($0.level))) } ?? .null,
            "risk_class": .string(item.risk?.level.rawValue ?? "none"),
            "reason": item.risk.map { .string(riskReason($0)) } ?? .null,
            "unsubscribe": item.unsubscribe.map { .string($0) } ?? .null,
            "killed_on": dateValue(item.killedOn),
            "saved_to_date": item.savedToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "avoided": .int(item.avoidedCharges),
            // Slain, with no charge avoided yet: say what it keeps a month, not "0.00 saved".
            "fresh": .bool(item.avoidedCharges == 0 && item.killedOn != nil),
            "avoided_text": .string(counted(.subscriptions(.avoidedCount), item.avoidedCharges)),
            "spent": item.spentToDate.map { .string(format.money($0.shown, base)) } ?? .null,
            "charges_paid": item.chargesPaid.map { .string(counted(.subscriptions(.chargesPaid), $0)) } ?? .null,
            "contract": contractValue(item),
        ])
    }

    /// A contract's end and notice deadline, in words, for its row; null without a contract.
    private func contractValue(_ item: SubscriptionItem) -> MustacheValue {
        guard let contract = item.contract else { return .null }
        let date = format.date(contract.ends)
        let ends =
            contract.isOver
            ? string(.subscriptions(.endedOn), ["date": date])
            : string(.subscriptions(contract.autoRenew ? .contractRenews : .contractEnds), ["date": date])
        return .object([
            "ends": .string(ends),
            "notice_by": contract.noticeBy.map { .string(string(.subscriptions(.noticeBy), ["date": format.date($0)])) }
                ?? .null,
        ])
    }

    private func riskReason(_ risk: SubscriptionRisk) -> String {
        switch risk.reason {
        case .trialChargesSoon(let days): return string(.riskReason(.trialChargesSoon), ["when": relativeDay(days)])
        case .notReviewedSince(let date): return string(.riskReason(.notReviewedSince), ["date": format.date(date)])
        case .reviewedOn(let date): return string(.riskReason(.reviewedOn), ["date": format.date(date)])
        case .neverReviewed: return string(.riskReason(.neverReviewed))
        case .noticeDue(let days): return string(.riskReason(.noticeDue), ["when": relativeDay(days)])
        }
    }

    /// The figures the dashboard and the breathing page share: totals, streaks, strength, and the
    /// practice calendar twice, when the two differ: every week shown (`heatmap_svg`) and the
    /// latest `HeatmapChart.minimumWeeks` (`heatmap_phone_svg`), which fits a phone's width. With no
    /// session yet there is no calendar, only the invitation to a first one (`first_practice`).
    func breathingSummary() -> [String: MustacheValue] {
        let report = figures.breathing
        var heatmap = HeatmapChart(
            heatmap: report.heatmap, title: string(.breathing(.heatmap)), description: "",
            dayLabel: { day in
                guard day.isRestDay, let pause = day.pause else {
                    return counted(
                        .breathing(.day), day.sessions,
                        ["date": format.date(day.date), "minutes": minutes(day.minutes)])
                }
                let rest = string(.breathing(.pausedDay), ["date": format.date(day.date)])
                return pause.note.map { "\(rest) · \($0)" } ?? rest
            },
            monthName: { string(.chartMonth($0)) }, weekdayName: { string(.chartWeekday($0)) },
            less: string(.breathing(.less)), more: string(.breathing(.more)), paused: string(.breathing(.paused)))
        heatmap.description = counted(
            .breathing(.heatmapDescription), report.totals.sessions,
            ["from": format.date(heatmap.firstDay), "to": format.date(today)])
        var phone = heatmap
        phone.maxWeeks = HeatmapChart.minimumWeeks
        phone.id = "heatmap-phone"
        phone.dayTitles = false
        phone.description = counted(
            .breathing(.heatmapDescription), report.totals.sessions,
            ["from": format.date(phone.firstDay), "to": format.date(today)])
        let practised = report.totals.sessions > 0
        let shownPauses = data.practicePauses.filter { $0.to >= heatmap.firstDay && $0.from <= today }
        let totalMinutes = minutes(report.totals.minutes)
        return [
            "session_count": .int(report.totals.sessions),
            "sessions_label": .string(unit(.breathing(.sessions), for: report.totals.sessions)),
            "minutes": .string(totalMinutes),
            "minutes_label": .string(unit(.breathing(.minutesLong), for: totalMinutes == "1" ? 1 : 0)),
            "current_streak": .int(report.streak.current),
            "current_streak_label": .string(unit(.breathing(.currentStreak), for: report.streak.current)),
            "longest_streak": .int(report.streak.longest),
            "longest_streak_label": .string(unit(.breathing(.longestStreak), for: report.streak.longest)),
            "streak_waits": .bool(!report.streak.practisedToday && report.streak.current > 0),
            "strength": report.strength.map { .string("\($0.percent)%") } ?? .null,
            "strength_value": report.strength.map { .int($0.percent) } ?? .null,
            "paused_days": report.pausedDays > 0 ? .int(report.pausedDays) : .null,
            "paused_days_label": .string(unit(.breathing(.pausedDays), for: report.pausedDays)),
            "has_pauses": .bool(!shownPauses.isEmpty),
            "pauses": .list(
                shownPauses.map { pause in
                    .object([
                        "from": dateValue(pause.from), "to": dateValue(pause.to),
                        "note": pause.note.map { .string($0) } ?? .null,
                    ])
                }),
            "heatmap_svg": practised ? .string(heatmap.svg) : .null,
            "heatmap_phone_svg": practised && phone.weeks.count < heatmap.weeks.count ? .string(phone.svg) : .null,
            "first_practice": practised ? .null : firstPractice(),
        ]
    }

    /// The invitation a calendar without a session shows: a first minute of the pattern a
    /// program prescribes next, or of box breathing.
    private func firstPractice() -> MustacheValue {
        let prescribed = figures.breathing.programs.compactMap(\.nextDay?.pattern).first
        let pattern =
            data.patterns.first { $0.id == prescribed } ?? data.patterns.first { $0.id == "box" } ?? data.patterns.first
        guard let pattern else { return .object(["text": .string(string(.breathing(.noPractice))), "href": .null]) }
        return .object([
            "text": .string(string(.breathing(.noPractice))),
            "href": .string("breathing/\(pattern.id)/"),
            "link": .string(string(.breathing(.tryPattern), ["pattern": patternName(pattern)])),
        ])
    }

    /// A built-in pattern's name in the site's language; your own as you wrote it.
    func patternName(_ pattern: BreathingPattern) -> String {
        UIKey.builtInName(of: pattern).map(string) ?? pattern.name
    }

    /// `Holds 62 · 75 · 91 s`: a retention session's holds as the person logged them.
    func holdsText(_ holds: [Int]) -> String {
        string(.breathing(.holdsList), ["holds": holds.map(String.init).joined(separator: " · ")])
    }

    func minutes(_ value: Decimal) -> String {
        var text = value.fixed(1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
