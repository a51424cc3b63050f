import Breathing
import Domain
import Foundation
import Mustache
import Subscriptions
import UIKeys

/// The household on the pages (DESIGN.md §3 "Household"): each page that shows it has a
/// `household` value, null without `[[person]]`s, so a site of one person renders as before; the
/// markup is in `partials/household-*.mustache`. Amounts are those of data.json's `household`
/// (each figure rounded alone), so the pages and the file agree to the cent.
extension SiteRenderer {
    /// The split of the subscriptions among the people; nil without people.
    var householdSplit: HouseholdSplit? {
        data.site.people.isEmpty
            ? nil : HouseholdSplit(report: figures.subscriptions, people: data.site.people, rates: data.rates)
    }

    /// The people shown: everyone, or in one person's site (`build --person`) that person alone.
    private func shown(_ split: HouseholdSplit) -> [HouseholdSplit.PersonTotals] {
        split.people.filter { person in data.site.person.map { $0 == person.id } ?? true }
    }

    private func personName(_ id: String) -> String {
        data.site.people.first { $0.id == id }?.name ?? id
    }

    /// `November` or `11月`: the month a settlement is for.
    func settlementMonth(_ month: CalendarDate) -> String {
        switch data.site.language {
        case .zhHans: return "\(month.month)月"
        case .en:
            let names = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
            return names[month.month - 1]
        }
    }

    /// The month's transfers as sentences ("林 owes 小周 ¥42.50 for November"); in one person's
    /// site, those from or to them.
    private func settlementValues(_ split: HouseholdSplit) -> [String: MustacheValue] {
        let month = settlementMonth(split.month)
        let base = data.site.currency
        let transfers = split.transfers.filter { transfer in
            data.site.person.map { transfer.from == $0 || transfer.to == $0 } ?? true
        }
        return [
            "transfers": .list(
                transfers.map { transfer in
                    .object([
                        "text": .string(
                            string(
                                .household(.owes),
                                [
                                    "from": personName(transfer.from), "to": personName(transfer.to),
                                    "amount": format.money(transfer.amount, base), "month": month,
                                ]))
                    ])
                }),
            "has_transfers": .bool(!transfers.isEmpty),
            "settled": .string(string(.household(.settled), ["month": month])),
            "settlement_heading": .string(string(.household(.settlement), ["month": month])),
        ]
    }

    /// Today: each person's own figures (in one person's site, theirs) — their part of the
    /// subscriptions a month, paid this month, put in, practice streak — beside the household's.
    var householdToday: MustacheValue {
        guard let split = householdSplit else { return .null }
        let base = data.site.currency
        let people = shown(split).map { person -> MustacheValue in
            let practice = PersonPractice(person: person.id, data: data, today: today)
            return .object([
                "id": .string(person.id), "name": .string(person.name),
                "monthly_cost": .string(format.money(person.monthlyCost, base)),
                "paid": .string(format.money(person.paidThisMonth, base)),
                "deposited": .string(
                    format.money(HouseholdSavings.deposited(by: person.id, data: data, today: today), base)),
                "streak": .int(practice.streak.current),
            ])
        }
        var fields: [String: MustacheValue] = [
            "people": .list(people),
            "monthly_total": .string(format.money(figures.subscriptions.monthlyTotal.shown, base)),
            "paid_total": .string(format.money(split.people.reduce(0) { $0 + $1.paidThisMonth }, base)),
            "saved_total": .string(format.money(figures.savings.totalSaved, base)),
            "streak_total": .int(figures.breathing.streak.current),
        ]
        fields.merge(settlementValues(split)) { $1 }
        return .object(fields)
    }

    /// The subscriptions page: each person's monthly cost, paid, owed and owing; each active
    /// subscription's payer and shares; the month's settlement.
    var householdSubscriptions: MustacheValue {
        guard let split = householdSplit else { return .null }
        let base = data.site.currency
        let people = data.site.people
        let totals = shown(split).map { person -> MustacheValue in
            .object([
                "name": .string(person.name),
                "monthly_cost": .string(format.money(person.monthlyCost, base)),
                "paid": .string(format.money(person.paidThisMonth, base)),
                "owed": .string(format.money(person.owed, base)),
                "owing": .string(format.money(person.owing, base)),
            ])
        }
        let items = figures.subscriptions.items.filter { $0.status == .active }.map { item -> MustacheValue in
            let shares = people.compactMap { person -> String? in
                guard let monthly = item.monthlyInBase?.exact else { return nil }
                let part = HouseholdSplit.part(
                    of: monthly, for: person.id, subscription: item.subscription, people: people)
                return "\(person.name) \(format.money(part, base))"
            }
            return .object([
                "name": .string(item.subscription.name),
                "payer": item.subscription.paidBy.map { .string(personName($0)) } ?? .null,
                "shares": .string(shares.joined(separator: " · ")),
            ])
        }
        var fields: [String: MustacheValue] = ["people": .list(totals), "items": .list(items)]
        fields.merge(settlementValues(split)) { $1 }
        return .object(fields)
    }

    /// A goal's page: who put in what, each of the goal's people's sum and share of what was
    /// saved, and what no one is named for (the household's alone).
    func householdGoal(_ entry: SavingsReport.Entry) -> MustacheValue {
        guard !data.site.people.isEmpty else { return .null }
        let goal = entry.goal
        let saved = entry.progress.saved
        let share = { (amount: Decimal) -> MustacheValue in
            saved > 0 ? .string(format.percent(amount / saved)) : .null
        }
        let ids = HouseholdSavings.people(of: goal, in: data.site)
        let sums = ids.map { HouseholdSavings.deposited(by: $0, in: goal, today: today) }
        let rows = zip(ids, sums).map { id, sum -> MustacheValue in
            .object([
                "name": .string(personName(id)), "amount": .string(format.money(sum, goal.currency)),
                "share": share(sum),
            ])
        }
        let rest = saved - sums.reduce(0, +)
        return .object([
            "rows": .list(rows),
            "rest": rest != 0
                ? .object(["amount": .string(format.money(rest, goal.currency)), "share": share(rest)]) : .null,
        ])
    }
}
