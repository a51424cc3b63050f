import Domain
import Figures
import Foundation
import Jar
import Mustache
import SiteData
import UIKeys

/// What a served page says after a write (DESIGN.md §6): "Added ¥50.00 to New bike", in the site's
/// language, with the warnings the command line would have printed, the badges it unlocked, and
/// an Undo button.
extension SiteRenderer {
    /// The notice's template values, or null when there is none.
    var noticeValue: MustacheValue {
        guard let forms, let notice = forms.notice else { return .null }
        let said = noticeText(notice)
        let text = notice.undone ? string(.form(.undone), ["what": said]) : said
        // Each badge it unlocked on a line of its own, its medal revealed (issue 34).
        let badges = notice.unlocked.compactMap { id in
            figures.badges.first { $0.definition.id == id }.map { status -> MustacheValue in
                .object([
                    "name": .string(string(.badgeName(status.definition))),
                    "medal": .string(
                        BadgeMedal.svg(id: status.definition.id, category: status.definition.category, progress: nil)),
                ])
            }
        }
        var undo: MustacheValue = .null
        if let id = notice.undoID, !notice.undone {
            undo = form(.undo, target: String(id), defaults: [:])
        }
        return .object([
            "text": .string(text),
            "warnings": .list(notice.warnings.map(MustacheValue.string)),
            "has_warnings": .bool(!notice.warnings.isEmpty),
            "badges": .list(badges),
            "has_badges": .bool(!badges.isEmpty),
            "badges_label": .string(string(.form(.unlocked))),
            "undo": undo,
            "victory": notice.undone ? .null : victory(notice),
        ])
    }

    /// A slay as a win (issues 34, 43): the service struck through, what is kept a year in large
    /// and a month beside it, and the freed monthly amount offered to each open goal in one tap —
    /// a deposit whose note names the slain service. Null for any other write, and for a slay
    /// that lies ahead.
    private func victory(_ notice: ServeNotice) -> MustacheValue {
        guard notice.kind == .slay, let id = notice.values["id"],
            let item = figures.subscriptions.items.first(where: { $0.id == id }), item.status == .killed,
            let monthly = FreedMonthly.monthly(item, figures), let yearly = FreedMonthly.yearly(item, figures)
        else { return .null }
        let base = figures.subscriptions.baseCurrency
        let name = item.subscription.name
        let freed = FreedMonthly.goals(for: id, figures).map { offer -> MustacheValue in
            let amount = format.money(offer.amount, offer.goal.currency)
            return form(
                .deposit, target: offer.goal.id,
                defaults: [
                    "amount": NSDecimalNumber(decimal: offer.amount).stringValue,
                    "note": string(.form(.freedNote), ["name": name]),
                ],
                extra: [
                    "id": .string("form-freed-\(offer.goal.id)"), "slain": .string(id),
                    "icon": offer.goal.icon.map { .string($0) } ?? .null,
                    "goal": .string(Self.unbroken(offer.goal.name)),
                    "label": .string(string(.form(.freedLabel), ["amount": amount, "goal": offer.goal.name])),
                    "error": .null, "confirm": .bool(false),
                ])
        }
        return .object([
            "name": .string(Self.unbroken(name)),
            "yearly": .string(string(.form(.victoryYearly), ["yearly": format.money(yearly, base)])),
            "monthly": .string(string(.form(.victoryMonthly), ["monthly": format.money(monthly, base)])),
            "freed": .list(freed),
            "has_freed": .bool(!freed.isEmpty),
            "freed_prompt": .string(string(.form(.freedPrompt), ["monthly": format.money(monthly, base)])),
        ])
    }

    /// A form's "again?" in the page's language: what was written a moment ago, and whether to
    /// write it once more.
    func question(_ pending: PendingForm) -> String {
        var values = pending.question
        let key: UIKey.Form
        // What was written a moment ago, by the kind of the write (`EditError.details`).
        switch values["about"].flatMap(WriteKind.init(rawValue:)) {
        case .deposit: key = .againDeposit
        case .session: key = .againSession
        case .subscription: key = values["catalog"] == nil ? .againSubscriptionName : .againSubscription
        case .goal: key = .againGoal
        case nil, .slay, .revive, .price, .removeDeposit, .removeSession, .editDeposit, .editSession,
            .importSubscriptions, .importPractice:
            return pending.message
        }
        if let at = values["at"].flatMap({ EventTime(iso: $0) }) {
            values["time"] = (at.date == today ? "" : format.date(at.date) + " ") + (at.clockText ?? "")
        }
        if let note = values["note"], !note.isEmpty { values["note"] = " · \(note)" } else { values["note"] = "" }
        var filled = values
        if let goal = values["goal"].flatMap({ id in data.goals.first { $0.id == id } }),
            let amount = values["amount"].flatMap(Decimal.init(exactly:))
        {
            filled["amount"] = format.money(amount, goal.currency)
        }
        if let id = values["pattern"], let pattern = data.patterns.first(where: { $0.id == id }) {
            filled["pattern"] = patternName(pattern)
        }
        if let cycles = values["cycles"].flatMap(Int.init) {
            filled["length"] = counted(.breathing(.lengthCycles), cycles)
        } else if let minutes = values["minutes"] {
            filled["length"] = string(.breathing(.lengthMinutes), ["count": minutes])
        }
        if let catalog = values["catalog"], let entry = data.catalog.entries.first(where: { $0.id == catalog }) {
            filled["service"] = entry.name(in: data.site.language)
        }
        return string(.form(key), filled)
    }

    /// Why a form was refused, said at the top of the page when no form on it holds the message.
    var refusalValue: MustacheValue {
        guard let pending = forms?.pending, pending.atTop else { return .null }
        return .object(["message": .string(pending.message), "label": .string(string(.form(.refused)))])
    }

    /// The write in words, its ids turned into the names and amounts the pages show.
    func noticeText(_ notice: ServeNotice) -> String {
        var values = notice.values
        let goal = values["goal"].flatMap { id in data.goals.first { $0.id == id } }
        if let goal { values["goal"] = goal.name }
        let subscription = values["id"].flatMap { id in figures.subscriptions.items.first { $0.id == id } }
        let currency = goal?.currency ?? subscription?.subscription.currency ?? data.site.currency
        if let amount = values["amount"].flatMap(Decimal.init(exactly:)) {
            values["amount"] = format.money(amount, currency)
        }
        if let date = values["date"].flatMap(CalendarDate.init(iso:)) {
            values["date"] = format.date(date)
        } else if let at = values["at"], let date = CalendarDate(iso: String(at.prefix(10))) {
            values["date"] = format.date(date)
        }
        if let id = values["pattern"], let pattern = data.patterns.first(where: { $0.id == id }) {
            values["pattern"] = patternName(pattern)
        }
        if let cycles = values["cycles"].flatMap(Int.init) {
            values["length"] = counted(.breathing(.lengthCycles), cycles)
        } else if let minutes = values["minutes"] {
            values["length"] = string(.breathing(.lengthMinutes), ["count": minutes])
        } else if let holds = values["holds"] {
            values["length"] = holdsText(holds.split(separator: ",").compactMap { Int($0) })
        }
        let key: UIKey.Form
        // Every kind has its words: a new kind is not built until it is given some.
        switch notice.kind {
        case .deposit: key = .doneDeposit
        case .session: key = .doneSession
        case .slay:
            let later =
                values["date"] != nil && (notice.values["date"].flatMap(CalendarDate.init(iso:)) ?? today) > today
            key = later ? .doneSlayLater : .doneSlay
        case .revive: key = .doneRevive
        case .price: key = .donePrice
        case .subscription: key = .doneSubscription
        case .goal: key = .doneGoal
        case .removeDeposit: key = .doneRemoveDeposit
        case .removeSession: key = .doneRemoveSession
        case .editDeposit: key = .doneEditDeposit
        case .editSession: key = .doneEditSession
        case .importSubscriptions, .importPractice: key = .doneImport
        }
        let said = string(.form(key), values)
        guard notice.kind == .deposit, let goal, let amount = notice.values["amount"].flatMap(Decimal.init(exactly:))
        else { return said }
        return ([said] + depositAftermath(goal, amount: amount)).joined(separator: " · ")
    }

    /// What a deposit's words add (issue 34): how many coins it dropped, and when the plan's next
    /// deposit is due — "Added ¥150.00 to New bike · 5 coins · next due 1 Jan"; a deposit that made
    /// no coin says it dropped sand (issue 39).
    private func depositAftermath(_ goal: Goal, amount: Decimal) -> [String] {
        // The coins the write added to the jar's worth: the whole coins of the goal's saved total
        // with the deposit, less those without it (the figures already summed the deposits).
        let progress = figures.savings.entries.first { $0.goal.id == goal.id }?.progress
        let saved = progress?.saved ?? amount
        let coins = CoinRule(goal: goal).coins(adding: amount, to: saved - amount).count
        var parts = [coins == 0 ? string(.form(.doneSand)) : counted(.form(.doneCoins), coins)]
        if let due = progress?.nextDue, progress?.reachedOn == nil {
            parts.append(string(.form(.doneNextDue), ["date": shortDate(due)]))
        }
        return parts
    }
}
