import Badges
import Basics
import Breathing
import Domain
import Figures
import Foundation
import Jar
import Subscriptions

/// `data.json`, schema 1 (DESIGN.md §5): every figure the site shows, for widgets and scripts.
///
/// Every key is always present; a figure whose engine has not run yet is `null`. Amounts are
/// strings with the currency's minor digits, ratios numbers, dates `YYYY-MM-DD`.
package struct DataJSON {
    package let data: DataSet
    package let figures: SiteFigures
    /// Goal id → its jar: what `jar` says each goal's jar holds.
    package let jars: [String: JarArtwork]

    package init(data: DataSet, figures: SiteFigures, jars: [String: JarArtwork]) {
        self.data = data
        self.figures = figures
        self.jars = jars
    }

    var today: CalendarDate { figures.today }

    package var text: String { document.serialized() }

    /// Without `[[person]]`s the household's keys are left out, not null, so the file stays
    /// byte-identical to a one-person site's (docs/departures.md).
    var household: Bool { !data.site.people.isEmpty }

    var document: JSONValue {
        var keys: [(String, JSONValue)] = [
            ("schema", .int(1)),
            ("today", .string(today.description)),
            (
                "site",
                .object([
                    ("title", .string(data.site.title)),
                    ("language", .string(data.site.language.rawValue)),
                    ("currency", .string(data.site.currency.code)),
                    ("timezone", .string(data.site.timezone)),
                ])
            ),
            (
                "quote",
                .object([
                    ("date", .string(today.description)),
                    ("day_of_year", .int(today.dayOfYear)),
                    ("subject_index", .optional(figures.quote) { .int($0.subjectIndex) }),
                    ("predicate_index", .optional(figures.quote) { .int($0.predicateIndex) }),
                    ("text", .optional(figures.quote) { .string($0.text) }),
                ])
            ),
            ("savings", savings),
            ("badges", .array(figures.badges.map(badge))),
            ("subscriptions", subscriptions),
            ("review", review),
            ("breathing", breathing),
        ]
        if household { keys.append(("household", householdFigures)) }
        return .object(keys)
    }

    /// DESIGN.md §5 `household`: each person's monthly cost, paid this month, owed and owing (before
    /// netting), deposited, sessions and streak; the month's settlement. Amounts in base.
    private var householdFigures: JSONValue {
        let base = data.site.currency
        let split = HouseholdSplit(report: figures.subscriptions, people: data.site.people, rates: data.rates)
        // One person's site (`build --person`): them alone, and the transfers from or to them.
        let me = data.site.person
        let people = split.people.filter { me == nil || $0.id == me }.map { person -> JSONValue in
            let practice = PersonPractice(person: person.id, data: data, today: today)
            return .object([
                ("id", .string(person.id)),
                ("name", .string(person.name)),
                ("monthly_cost", JSONValue.money(person.monthlyCost, base)),
                ("paid_this_month", JSONValue.money(person.paidThisMonth, base)),
                ("owed", JSONValue.money(person.owed, base)),
                ("owing", JSONValue.money(person.owing, base)),
                (
                    "deposited",
                    JSONValue.money(HouseholdSavings.deposited(by: person.id, data: data, today: today), base)
                ),
                ("sessions", .int(practice.sessions)),
                ("streak", .int(practice.streak.current)),
            ])
        }
        let transfers = split.transfers.filter { me == nil || $0.from == me || $0.to == me }.map {
            transfer -> JSONValue in
            .object([
                ("from", .string(transfer.from)), ("to", .string(transfer.to)),
                ("amount", JSONValue.money(transfer.amount, base)),
            ])
        }
        let month = "\(split.month.year.zeroPadded(4))-\(split.month.month.zeroPadded(2))"
        return .object([
            ("people", .array(people)),
            ("settlement", .object([("month", .string(month)), ("transfers", .array(transfers))])),
        ])
    }

    /// The current year up to today (DESIGN.md §5 `review`), amounts in the base currency.
    private var review: JSONValue {
        // The year's review, unless the year has nothing in it yet (`YearReview.all` leaves
        // those out).
        let review =
            figures.reviews.first { $0.year == today.year }
            ?? YearReview(year: today.year, data: data, figures: figures)
        let base = data.site.currency
        return .object([
            ("year", .int(review.year)),
            ("saved", JSONValue.money(review.saved, base)),
            ("deposits", .int(review.deposits)),
            ("goals_reached", .array(review.goalsReached.map { .string($0) })),
            ("spent", .optional(review.spent) { JSONValue.money($0, base) }),
            ("charges", .int(review.charges)),
            ("slain", .int(review.slain.count)),
            ("slain_monthly", JSONValue.money(review.slainMonthly, base)),
            ("sessions", .int(review.practice.totals.sessions)),
            ("minutes", .ratio(review.practice.totals.minutes)),
            ("longest_streak", .int(review.practice.longestStreak)),
            ("badges", .array(review.badges.map { .string($0.definition.id) })),
        ])
    }

    private var savings: JSONValue {
        let goals = figures.savings.entries.map { entry -> JSONValue in
            let goal = entry.goal
            let progress = entry.progress
            var keys: [(String, JSONValue)] = [
                ("id", .string(goal.id)),
                ("name", .string(goal.name)),
                ("mode", .string(goal.mode.rawValue)),
                ("currency", .string(goal.currency.code)),
                ("saved", JSONValue.money(progress.saved, goal.currency)),
                ("target", .optional(goal.target) { JSONValue.money($0, goal.currency) }),
                ("progress", .optional(progress.progress) { .ratio($0) }),
                ("deposits", .int(progress.deposits)),
                ("periods_done", .optional(progress.periodsDone) { .int($0) }),
                ("missed_periods", .optional(progress.missedPeriods) { .int($0) }),
                ("paused_periods", .optional(progress.pausedPeriods) { .int($0) }),
                ("next_due", .optional(progress.nextDue) { .string($0.description) }),
                ("overdue_days", .optional(progress.overdueDays) { .int($0) }),
                ("status", .optional(progress.status) { .string($0.rawValue) }),
                ("projected_completion", .optional(progress.projectedCompletion) { .string($0.description) }),
                ("projected_with_slain", .optional(figures.projectedWithSlain[goal.id]) { .string($0.description) }),
                ("reached_on", .optional(progress.reachedOn) { .string($0.description) }),
                ("jar", .optional(jars[goal.id]) { jar(of: $0, goal.currency) }),
                (
                    "projection",
                    .optional(progress.projection) { points in
                        .array(
                            points.map { point in
                                .object([
                                    ("year", .int(point.year)),
                                    ("contributed", JSONValue.money(point.contributed, goal.currency)),
                                    ("value", JSONValue.money(point.value, goal.currency)),
                                ])
                            })
                    }
                ),
            ]
            if household {
                let people = HouseholdSavings.people(of: goal, in: data.site)
                let sums = people.map {
                    ($0, JSONValue.money(HouseholdSavings.deposited(by: $0, in: goal, today: today), goal.currency))
                }
                keys.append(("by_person", .object(sums)))
            }
            return .object(keys)
        }
        return .object([
            ("total_saved", JSONValue.money(figures.savings.totalSaved, data.site.currency)),
            ("saved_this_month", JSONValue.money(figures.savings.savedThisMonth, data.site.currency)),
            ("goals", .array(goals)),
        ])
    }

    /// What a goal's jar holds, as its legend says it (DESIGN.md §5): each kind of coin in it, what
    /// one is worth and how many there are, the sand, and the total, which is what was saved.
    private func jar(of jar: JarArtwork, _ currency: Currency) -> JSONValue {
        let counts = jar.tierCounts
        let coins = counts.indices.filter { counts[$0] > 0 }.map { tier -> JSONValue in
            .object([
                ("kind", .string(JarArtwork.kindName(tier: tier))),
                ("worth", JSONValue.exactMoney(jar.coinValue * Decimal(CoinRule.units(ofTier: tier)), currency)),
                ("count", .int(counts[tier])),
            ])
        }
        return .object([
            ("coins", .array(coins)),
            ("sand", JSONValue.money(jar.sand, currency)),
            ("total", JSONValue.money(jar.worth, currency)),
        ])
    }

    private func badge(_ status: BadgeStatus) -> JSONValue {
        .object([
            ("id", .string(status.definition.id)),
            ("category", .string(status.definition.category.rawValue)),
            ("unlocked", .bool(status.unlockedOn != nil)),
            ("unlocked_on", .optional(status.unlockedOn) { .string($0.description) }),
            (
                "progress",
                .object([("current", .ratio(status.progress.current)), ("target", .ratio(status.progress.target))])
            ),
        ])
    }

    private var subscriptions: JSONValue {
        let report = figures.subscriptions
        let base = report.baseCurrency
        let people = data.site.people
        let items = report.items.map { item -> JSONValue in
            var keys: [(String, JSONValue)] = [
                ("id", .string(item.id)),
                ("name", .string(item.subscription.name)),
                ("catalog_id", .optional(item.catalogID) { .string($0) }),
                ("status", .string(item.status.rawValue)),
                ("cycle", .string(item.cycle.rawValue)),
                ("price", .optional(item.price) { JSONValue.money($0, item.currency) }),
                ("currency", .string(item.currency.code)),
                ("members", .int(item.subscription.members)),
                ("my_share", .optional(item.myShare) { JSONValue.money($0, item.currency) }),
                ("monthly_in_base", .optional(item.monthlyInBase) { JSONValue.money($0.shown, base) }),
                ("next_billing", .optional(item.nextBilling) { .string($0.description) }),
                ("days_until_billing", .optional(item.daysUntilBilling) { .int($0) }),
                ("risk", .optional(item.risk) { .string($0.level.rawValue) }),
                ("reminders", .array(item.reminders.map { .string($0.description) })),
                ("killed_on", .optional(item.killedOn) { .string($0.description) }),
                ("saved_to_date", .optional(item.savedToDate) { JSONValue.money($0.shown, base) }),
                ("spent_to_date", .optional(item.spentToDate) { JSONValue.money($0.shown, base) }),
                ("charges_paid", .optional(item.chargesPaid) { .int($0) }),
                ("price_change", .optional(item.priceChange) { .ratio($0) }),
                ("ends", .optional(item.contract) { .string($0.ends.description) }),
                ("notice_by", .optional(item.contract?.noticeBy) { .string($0.description) }),
                ("auto_renew", .optional(item.contract) { .bool($0.autoRenew) }),
            ]
            if household {
                let subscription = item.subscription
                keys.append(("paid_by", .optional(subscription.paidBy) { .string($0) }))
                let shares = JSONValue.optional(item.monthlyInBase) { monthly in
                    .object(
                        people.map { person in
                            let part = HouseholdSplit.part(
                                of: monthly.exact, for: person.id, subscription: subscription, people: people)
                            return (person.id, JSONValue.money(part, base))
                        })
                }
                keys.append(("shares", shares))
            }
            return .object(keys)
        }
        return .object([
            ("base_currency", .string(base.code)),
            ("monthly_total", JSONValue.money(report.monthlyTotal.shown, base)),
            ("yearly_total", JSONValue.money(report.yearlyTotal.shown, base)),
            ("spent_to_date", .optional(report.spentToDate) { JSONValue.money($0.shown, base) }),
            ("items", .array(items)),
            (
                "forecast",
                .array(
                    report.forecast.map { month in
                        .object([
                            ("month", .string("\(month.year.zeroPadded(4))-\(month.month.zeroPadded(2))")),
                            ("total", JSONValue.money(month.total.shown, base)),
                        ])
                    })
            ),
            (
                "slain",
                .object([
                    ("this_month", .int(report.slain.thisMonth)), ("this_year", .int(report.slain.thisYear)),
                    ("monthly_savings", JSONValue.money(report.slain.monthlySavings.shown, base)),
                    ("saved_to_date", JSONValue.money(report.slain.savedToDate.shown, base)),
                ])
            ),
        ])
    }

    private var breathing: JSONValue {
        let report = figures.breathing
        let records = Dictionary(report.patterns.map { ($0.pattern.id, $0.retention) }) { first, _ in first }
        let patterns = data.patterns.map { p -> JSONValue in
            let retention = p.isRetention
            let record = records[p.id] ?? nil
            return .object([
                ("id", .string(p.id)), ("kind", .string(p.kind.rawValue)), ("inhale", .ratio(p.inhale)),
                ("top_up", .ratio(p.topUp)), ("hold", .ratio(p.hold)), ("exhale", .ratio(p.exhale)),
                ("rest", .ratio(p.rest)), ("cycle_seconds", .ratio(p.cycleSeconds)),
                ("breaths", retention ? .int(p.breaths) : .null), ("recovery", retention ? .ratio(p.recovery) : .null),
                ("rounds", retention ? .int(p.rounds) : .null),
                (
                    "retention",
                    .optional(retention ? record : nil) { record in
                        .object([
                            ("longest_hold", .optional(record.longestHold) { .int($0) }),
                            (
                                "weekly_mean",
                                .array(
                                    record.weeks.map { week in
                                        .object([
                                            ("week", .string(week.week.description)),
                                            ("mean_hold", .number(week.mean.fixed(1))),
                                        ])
                                    })
                            ),
                        ])
                    }
                ),
            ])
        }
        let log = report.log.map { entry -> JSONValue in
            .object([
                ("at", .string(DataJSON.wallClock(entry.session.at))), ("pattern", .string(entry.session.pattern)),
                ("seconds", .ratio(entry.seconds)),
                ("holds", .optional(entry.session.holds) { .array($0.map { .int($0) }) }),
            ])
        }
        let programs = report.programs.map { progress -> JSONValue in
            .object([
                ("id", .string(progress.program.id)), ("start", .string(progress.start.description)),
                ("total_days", .int(progress.totalDays)), ("completed_days", .int(progress.completedDays)),
                ("current_day", .int(progress.currentDay)), ("completion_rate", .ratio(progress.completionRate)),
                ("finished_on", .optional(progress.finishedOn) { .string($0.description) }),
                (
                    "next_day",
                    .optional(progress.nextDay) { next in
                        .object([
                            ("day", .int(next.day)), ("pattern", .string(next.pattern)), ("cycles", .int(next.cycles)),
                        ])
                    }
                ),
            ])
        }
        return .object([
            ("sessions", .int(report.totals.sessions)),
            ("minutes", .ratio(report.totals.minutes)),
            ("current_streak", .int(report.streak.current)),
            ("longest_streak", .int(report.streak.longest)),
            ("strength", .optional(report.strength) { .ratio($0.ratio) }),
            ("paused_days", .int(report.pausedDays)),
            ("patterns", .array(patterns)),
            ("programs", .array(programs)),
            ("log", .array(log)),
        ])
    }

    /// `2026-11-28T22:30:00`: the wall-clock time as written, without its offset; a session
    /// written with a plain date is that date alone.
    static func wallClock(_ at: EventTime) -> String {
        guard let second = at.secondOfDay else { return at.date.description }
        return
            "\(at.date)T\((second / 3600).zeroPadded(2)):\((second / 60 % 60).zeroPadded(2)):\((second % 60).zeroPadded(2))"
    }
}
