import Domain
import Foundation
import Mustache
import SiteData
import Subscriptions
import UIKeys

/// The corrections on served pages (DESIGN.md §6, "Every entry can be corrected"): Edit and Remove
/// on each listed deposit and session, named by its time and the fingerprint of what the page
/// shows, so an entry that changed since is never overwritten unseen. Each row carries only an
/// Edit link (`?edit=<fingerprint>`); the page asked for with it has that entry's forms.
extension SiteRenderer {
    /// Edit and Remove for one deposit of `goal`; null on a built site.
    func entryForms(_ deposit: Deposit, of goal: Goal) -> MustacheValue {
        guard forms != nil else { return .null }
        let fingerprint = EntryFingerprint.of(deposit)
        guard isEditing(fingerprint) else { return editLink(fingerprint) }
        let amount = format.money(deposit.amount, goal.currency)
        let hidden: [String: MustacheValue] = [
            "entry": .string("deposit"), "goal": .string(goal.id), "at": .string(deposit.at.description),
            "fingerprint": .string(fingerprint), "deposit": .bool(true), "session": .bool(false),
            "currency": .string(goal.currency.code),
        ]
        let edit = form(
            .edit, target: fingerprint,
            defaults: [
                "amount": NSDecimalNumber(decimal: deposit.amount).stringValue, "note": deposit.note ?? "",
                "new_at": "",
                "cycles": "", "minutes": "", "holds": "", "mood_before": "", "mood_after": "",
            ], extra: hidden)
        let what = "\(amount) · \(format.date(deposit.at.date))"
        return entryForms(edit: edit, fingerprint: fingerprint, hidden: hidden, what: what)
    }

    /// Edit and Remove for one practice session; null on a built site.
    func entryForms(_ session: PracticeSession) -> MustacheValue {
        guard forms != nil else { return .null }
        let fingerprint = EntryFingerprint.of(session)
        guard isEditing(fingerprint) else { return editLink(fingerprint) }
        var cycles = ""
        var minutes = ""
        var holds = ""
        switch session.length {
        case .cycles(let n): cycles = String(n)
        case .minutes(let m): minutes = NSDecimalNumber(decimal: m).stringValue
        case .holds(let h): holds = h.map(String.init).joined(separator: ",")
        }
        let hidden: [String: MustacheValue] = [
            "entry": .string("session"), "goal": .string(""), "at": .string(session.at.description),
            "fingerprint": .string(fingerprint), "deposit": .bool(false), "session": .bool(true),
            "by_cycles": .bool(!cycles.isEmpty), "by_holds": .bool(!holds.isEmpty), "currency": .string(""),
        ]
        let moods = [("", string(.form(.moodNone)))] + UIKey.moods.map { (String($0), string(.mood($0))) }
        let edit = form(
            .edit, target: fingerprint,
            defaults: [
                "amount": "", "note": "", "new_at": "", "cycles": cycles, "minutes": minutes, "holds": holds,
                "mood_before": session.moodBefore.map(String.init) ?? "",
                "mood_after": session.moodAfter.map(String.init) ?? "",
            ], choices: ["mood_before": moods, "mood_after": moods], extra: hidden)
        let pattern = data.patterns.first { $0.id == session.pattern }.map(patternName) ?? session.pattern
        return entryForms(
            edit: edit, fingerprint: fingerprint, hidden: hidden, what: "\(pattern) · \(format.date(session.at.date))")
    }

    private func entryForms(
        edit: MustacheValue, fingerprint: String, hidden: [String: MustacheValue], what: String
    ) -> MustacheValue {
        var extra = hidden
        extra["label"] = .string(string(.form(.removeLabel), ["what": what]))
        let remove = form(.remove, target: fingerprint, defaults: [:], extra: extra)
        return .object([
            "edit": edit, "remove": remove, "anchor": .string("e-\(fingerprint)"), "link": .null,
            "close": .string("./#e-\(fingerprint)"),
        ])
    }

    /// Whether the forms of an entry (its fingerprint) or a subscription (its id) are on this page:
    /// its Edit was tapped, or one of its forms is sent back with a message.
    func isEditing(_ fingerprint: String) -> Bool {
        forms?.editing == fingerprint || (forms?.pending.map { $0.target == fingerprint && !$0.atTop } ?? false)
    }

    /// The row's Edit: the same page asked for with this entry's forms, scrolled to it.
    private func editLink(_ fingerprint: String) -> MustacheValue {
        .object([
            "link": .string("?edit=\(fingerprint)#e-\(fingerprint)"), "anchor": .string("e-\(fingerprint)"),
            "edit": .null, "remove": .null, "close": .null,
        ])
    }

    /// The newest sessions, for serve's list of corrections (`practice/`); empty on a built site.
    func recentSessions(_ count: Int) -> MustacheValue {
        guard forms != nil else { return .list([]) }
        let newest = data.sessions.sorted { $0.at > $1.at }.prefix(count)
        return .list(
            newest.map { session in
                let pattern = data.patterns.first { $0.id == session.pattern }.map(patternName) ?? session.pattern
                let length: String
                switch session.length {
                case .cycles(let n): length = counted(.breathing(.lengthCycles), n)
                case .minutes(let m):
                    length = string(.breathing(.lengthMinutes), ["count": NSDecimalNumber(decimal: m).stringValue])
                case .holds(let h): length = holdsText(h)
                }
                return .object([
                    "date": dateValue(session.at.date, datetime: session.at.description),
                    "pattern": .string(pattern), "length": .string(length), "forms": entryForms(session),
                ])
            })
    }

    /// Revive for a slain subscription (or one whose kill lies ahead), Change price for an active
    /// one; null on a built site.
    func reviveForm(_ item: SubscriptionItem) -> MustacheValue {
        form(
            .revive, target: item.id, defaults: [:],
            extra: ["label": .string(string(.form(.reviveLabel), ["name": item.subscription.name]))])
    }

    func priceForm(_ item: SubscriptionItem) -> MustacheValue {
        form(
            .price, target: item.id, defaults: ["price": "", "from": today.description],
            extra: ["currency": .string(item.subscription.currency?.code ?? data.site.currency.code)])
    }
}
