import Basics
import DataEdit
import Foundation
import SiteBuilder
import SiteData
import SiteServer

/// The forms: each checked and written through the entry the editing commands use, then the site
/// caught up with the write before the browser is sent on.
extension LocalApp {
    /// What one form did.
    enum Outcome {
        /// Written: what to say on the page it lands on (`WriteKind.page`), and a fragment of it.
        case written(fragment: String?, notice: ServeNotice, journalID: Int)
        case refused(EditError)
    }

    /// Checks the form's fields, writes it, and answers: 303 to the page that shows the change,
    /// or the form's page again with why nothing was written (422, 409).
    /// - Parameter remembered: the person the browser's cookie names, who writes a deposit or a
    ///   session sent without a choice of its own (a one-tap amount) when they are one of the site's
    ///   people; a choice sent is checked as every field is (an unknown one is a 422).
    func submit(_ kind: WriteKind.Form, _ fields: FormFields, remembered: String? = nil) -> WebResponse {
        guard let build = site.current else {
            return .text(503, "503 Service Unavailable: the site did not build; fix the data, and it builds again")
        }
        var fields = fields
        if kind == .deposit || kind == .session, fields["by"] == nil, let remembered,
            DataLoader.isValidID(remembered), build.people.contains(remembered)
        {
            fields = FormFields(values: fields.values.merging(["by": remembered]) { own, _ in own })
        }
        guard let language = languageFolder(fields["lang"] ?? "", in: build) else {
            return .text(400, "400 Bad Request: no such language folder")
        }
        let target = targetField(kind).flatMap { fields[$0] }
        if let target, !LocalApp.isTarget(target, of: kind) {
            return .text(400, "400 Bad Request: the form's \(targetField(kind) ?? "") is not an id")
        }
        let page = answerPage(kind, target: target, fields: fields, language: language, in: build)
        for (name, value) in fields.values.sorted(by: { $0.key < $1.key }) where name != "token" {
            if let control = LocalApp.controlCharacter(in: value) {
                let error = EditError("the field '\(name)' holds a control character (\(control)); type it without one")
                return answer(422, kind, target: target, fields, error: error, page: page, in: build)
            }
        }
        if kind == .deposit, let slain = fields["slain"],
            let error = LocalApp.freedRefusal(slain: slain, goal: target, amount: fields["amount"], in: build)
        {
            return answer(422, kind, target: target, fields, error: error, page: page, in: build)
        }
        let before = build.unlockedBadges
        switch perform(kind, fields, target: target) {
        case .refused(let error):
            let status = error.kind == .invalid ? 422 : 409
            return answer(status, kind, target: target, fields, error: error, page: page, in: build)
        case .written(let fragment, var notice, let journalID):
            let goal = notice.values["goal"].flatMap { DataLoader.isValidID($0) ? $0 : nil }
            let shown = notice.kind.page(goal: goal, undone: notice.undone)
            let number = site.wrote(nil, journalID: nil)
            site.catchUp(with: number)
            let after = site.current?.unlockedBadges ?? before
            notice.unlocked = after.subtracting(before).sorted()
            _ = site.wrote(notice, journalID: journalID)
            let prefix = "/" + (language.isEmpty ? "" : language + "/")
            // Who wrote it is remembered by this browser: the id alone, checked as it was written.
            let by = kind == .deposit || kind == .session ? fields.given("by") : nil
            let cookie = by.map {
                "\(LocalApp.personCookie)=\($0); Path=/; Max-Age=\(LocalApp.cookieSeconds * 12); HttpOnly; SameSite=Strict"
            }
            return .seeOther(
                prefix + shown + "?done=\(journalID)" + (fragment.map { "#" + $0 } ?? ""),
                headers: cookie.map { [.init("Set-Cookie", $0)] } ?? [])
        }
    }

    /// Why a victory's one tap (issue 43: the freed monthly amount of a slain subscription into a
    /// goal) cannot be written as sent: the subscription not slain, a goal the victory would not
    /// offer, or an amount other than the one it frees. Nil when it is what the victory offered;
    /// the deposit is then checked and written as any other.
    static func freedRefusal(slain: String, goal: String?, amount: String?, in build: ServedBuild) -> EditError? {
        guard DataLoader.isValidID(slain), let goal,
            let freed = build.freedMonthly(subscription: slain, goal: goal)
        else {
            return EditError("the field 'slain' names no slain subscription whose monthly amount can go into this goal")
        }
        let sent = try? AmountLiteral(amount ?? "")
        guard let sent, sent.value == freed else {
            let shown = NSDecimalNumber(decimal: freed).stringValue
            return EditError(
                "the field 'amount' (\(amount ?? "")) is not what \(slain) frees a month (\(shown)); nothing was written"
            )
        }
        return nil
    }

    /// The 422 or 409 answer: the page with the form refilled and the message (and, for a write
    /// that asks first, a form that sends `confirm=1`), its links resolved from the page's own
    /// place (the browser's address is the form's).
    private func answer(
        _ status: Int, _ kind: WriteKind.Form, target: String?, _ fields: FormFields, error: EditError, page: String,
        in build: ServedBuild
    ) -> WebResponse {
        let message = LocalApp.pageText(error)
        var values = fields.values
        values["token"] = nil
        let pending = PendingForm(
            kind: kind, target: target, values: values, message: message, confirm: error.kind == .askFirst,
            atTop: kind == .undo || error.kind == .changed, question: error.details)
        guard var forms = site.forms else { return .text(500, "500 Internal Server Error: no forms") }
        forms.pending = pending
        let rendered: [UInt8]?
        do {
            rendered = try build.page(page, forms: forms)
        } catch {
            return unrendered(error)
        }
        guard let html = rendered else { return .text(status, message) }
        let folder = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : ""
        return .html(status, LocalApp.withBase("/" + folder, html))
    }

    /// What a page says of a refusal: the located finding and the message, without the
    /// command line's `sandjar:` in front.
    static func pageText(_ error: EditError) -> String {
        [error.diagnostic?.description, error.message.isEmpty ? nil : error.message].compactMap { $0 }
            .joined(separator: "\n")
    }

    /// Adds `<base href>` after `<head>`, so the page's relative links work from `/_sandjar/…`.
    static func withBase(_ base: String, _ html: [UInt8]) -> [UInt8] {
        let head = Array("<head>".utf8)
        guard let start = html.indices.first(where: { html[$0...].starts(with: head) }) else { return html }
        let escaped = base.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        return Array(html[..<(start + head.count)]) + Array("\n<base href=\"\(escaped)\">".utf8)
            + Array(html[(start + head.count)...])
    }

    /// The page a form lives on, for its 422 or 409: the goal's or pacer's own page when the site
    /// has it.
    private func answerPage(
        _ kind: WriteKind.Form, target: String?, fields: FormFields, language: String, in build: ServedBuild
    ) -> String {
        let prefix = language.isEmpty ? "" : language + "/"
        guard let write = kind.write(entry: fields["entry"]) else { return prefix + "index.html" }
        let goal: String?
        var own: String?
        switch write {
        case .deposit: goal = target
        case .editDeposit, .removeDeposit: goal = fields["goal"].flatMap { DataLoader.isValidID($0) ? $0 : nil }
        case .session:
            goal = nil
            // The pacer's page, where the form is.
            own = target.map { "breathing/\($0)/" }
        case .goal, .slay, .subscription, .revive, .price, .editSession, .removeSession, .importSubscriptions,
            .importPractice:
            goal = nil
        }
        // The form's own page when the site has it, else the page its write lands on, else that
        // page's family.
        let candidates = [own, write.page(goal: goal), write.page(goal: nil)].compactMap { $0 }.map {
            prefix + $0 + "index.html"
        }
        return candidates.first { build.files.contains($0) } ?? candidates.last!
    }

    /// Runs the entry the form stands for; `target` is already known to be well-formed.
    private func perform(_ kind: WriteKind.Form, _ fields: FormFields, target: String?) -> Outcome {
        let editor = self.editor
        let theme = site.options.theme
        let clock = now()
        let confirmed = fields["confirm"] == "1"
        do throws(EditError) {
            switch kind {
            case .deposit:
                guard let goal = target else { throw EditError("the form names no goal") }
                let entry = try DepositEntry(
                    amount: fields["amount"] ?? "", at: fields.given("at"), note: fields.given("note"),
                    by: fields.given("by"), wording: .form)
                let added = try entry.add(
                    to: goal, in: editor, now: clock, askFirst: !confirmed,
                    byName: false)
                var warnings: [String] = []
                if let today = added.todayBeforeIt {
                    warnings.append(LocalApp.later(added.day, today: today.description))
                }
                if let why = added.tooEarly { warnings.append("\(added.day) is \(why): is the year right?") }
                let notice = ServeNotice(
                    kind: .deposit, values: ["goal": added.goal, "amount": added.amount.text],
                    undoID: added.journalID, warnings: warnings)
                return .written(
                    fragment: nil, notice: notice,
                    journalID: added.journalID)
            case .session:
                guard let pattern = target else { throw EditError("the form names no pattern") }
                let entry = try SessionEntry(
                    pattern: pattern, cycles: fields.given("cycles"), minutes: fields.given("minutes"),
                    holds: fields.given("holds"), program: fields.given("program"), at: fields.given("at"),
                    moodBefore: fields.given("mood_before"), moodAfter: fields.given("mood_after"),
                    by: fields.given("by"), wording: .form)
                let added = try entry.add(in: editor, now: clock, askFirst: !confirmed)
                var warnings: [String] = []
                if let today = added.todayBeforeIt {
                    warnings.append(LocalApp.later(added.day, today: today.description))
                }
                let notice = ServeNotice(
                    kind: .session, values: added.length.values.merging(["pattern": pattern]) { own, _ in own },
                    undoID: added.journalID, warnings: warnings)
                return .written(fragment: nil, notice: notice, journalID: added.journalID)
            case .slay:
                guard let id = target else { throw EditError("the form names no subscription") }
                let slain = try SlayEntry(name: id, on: fields.given("on"), wording: .form).apply(
                    in: editor, now: clock, theme: theme, byID: true)
                let notice = ServeNotice(
                    kind: .slay, values: ["id": id, "name": slain.name, "date": slain.on.description],
                    undoID: slain.journalID)
                // A slay today lands on its victory, the top of the page (issue 43); one ahead on
                // its row, which says when it ends.
                let later = slain.todayBeforeIt != nil
                return .written(
                    fragment: later ? id : nil, notice: notice,
                    journalID: slain.journalID)
            case .subscription:
                let entry = try SubscriptionEntry(
                    name: fields["name"] ?? "", price: fields.given("price"), currency: fields.given("currency"),
                    cycle: fields.given("cycle"), nextBilling: fields.given("next_billing"),
                    trial: fields.given("trial") != nil, members: fields.given("members"),
                    category: fields.given("category"))
                let added = try entry.add(in: editor, now: clock, theme: theme, askFirst: !confirmed)
                let notice = ServeNotice(kind: .subscription, values: ["name": added.name], undoID: added.journalID)
                return .written(
                    fragment: "all-heading", notice: notice,
                    journalID: added.journalID)
            case .goal:
                let entry = try GoalEntry(
                    id: fields["id"] ?? "", name: fields["name"] ?? "", mode: fields["mode"] ?? "",
                    target: fields.given("target"), currency: fields.given("currency"), icon: fields.given("icon"),
                    planAmount: fields.given("plan_amount"), frequency: fields.given("frequency"))
                let added = try entry.add(in: editor, now: clock, askFirst: !confirmed)
                let notice = ServeNotice(kind: .goal, values: ["goal": added.id], undoID: added.journalID)
                return .written(
                    fragment: nil, notice: notice,
                    journalID: added.journalID)
            case .edit:
                return try edit(fields, in: editor)
            case .remove:
                return try remove(fields, in: editor)
            case .revive:
                guard let id = target else { throw EditError("the form names no subscription") }
                let revived = try ReviveEntry(name: id).apply(
                    in: editor, theme: theme, byID: true)
                let notice = ServeNotice(
                    kind: .revive, values: ["id": id, "name": revived.name], undoID: revived.journalID)
                return .written(fragment: id, notice: notice, journalID: revived.journalID)
            case .price:
                guard let id = target else { throw EditError("the form names no subscription") }
                let changed = try PriceEntry(
                    name: id, price: fields["price"] ?? "", from: fields.given("from"), wording: .form
                ).apply(in: editor, now: clock, theme: theme, byID: true)
                let notice = ServeNotice(
                    kind: .price,
                    values: [
                        "id": id, "name": changed.name, "amount": fields["price"] ?? "",
                        "date": changed.from.description,
                    ], undoID: changed.journalID)
                return .written(fragment: id, notice: notice, journalID: changed.journalID)
            case .undo:
                return try undo(target, in: editor, now: clock)
            }
        } catch {
            return .refused(error)
        }
    }

    private func edit(_ fields: FormFields, in editor: DataFileEditor) throws(EditError) -> Outcome {
        let (at, fingerprint) = try entryNames(fields)
        let edited: EditEntry.Edited
        let notice: ServeNotice
        if fields["entry"] == "deposit" {
            let goal = try goalField(fields)
            let entry = try EditEntry.deposit(
                goal: goal, at: at, fingerprint: fingerprint, amount: fields["amount"] ?? "",
                note: fields.given("note"), newAt: fields.given("new_at"))
            edited = try entry.apply(in: editor)
            notice = ServeNotice(
                kind: .editDeposit, values: ["goal": goal, "amount": fields["amount"] ?? ""],
                undoID: edited.journalID)
            return .written(
                fragment: "deposits-heading", notice: notice,
                journalID: edited.journalID)
        }
        let entry = try EditEntry.session(
            at: at, fingerprint: fingerprint, cycles: fields.given("cycles"), minutes: fields.given("minutes"),
            holds: fields.given("holds"), moodBefore: fields.given("mood_before"),
            moodAfter: fields.given("mood_after"),
            newAt: fields.given("new_at"))
        edited = try entry.apply(in: editor)
        var values: [String: String] = ["at": at]
        if case .session(let length, _, _) = entry.change { values.merge(length.values) { own, _ in own } }
        notice = ServeNotice(kind: .editSession, values: values, undoID: edited.journalID)
        return .written(fragment: "sessions", notice: notice, journalID: edited.journalID)
    }

    private func remove(_ fields: FormFields, in editor: DataFileEditor) throws(EditError) -> Outcome {
        let (at, fingerprint) = try entryNames(fields)
        if fields["entry"] == "deposit" {
            let goal = try goalField(fields)
            let removed = try RemoveEntry(.deposit(goal: goal), at: at, fingerprint: fingerprint, wording: .form)
                .apply(in: editor, byName: false)
            let notice = ServeNotice(kind: .removeDeposit, values: removed.values, undoID: removed.journalID)
            return .written(
                fragment: "deposits-heading", notice: notice,
                journalID: removed.journalID)
        }
        let removed = try RemoveEntry(.session, at: at, fingerprint: fingerprint, wording: .form)
            .apply(in: editor)
        let notice = ServeNotice(kind: .removeSession, values: removed.values, undoID: removed.journalID)
        return .written(fragment: "sessions", notice: notice, journalID: removed.journalID)
    }

    private func undo(_ target: String?, in editor: DataFileEditor, now: Date) throws(EditError) -> Outcome {
        guard let target, let id = Int(target) else { throw EditError("the form names no write to undo") }
        let undone = try UndoEntry.undo(in: editor, id: id, now: now)
        let action = undone.entry.action
        var notice =
            site.markUndone(id)
            ?? ServeNotice(kind: action.kind, values: action.values)
        notice.undone = true
        notice.undoID = nil
        notice.warnings = []
        notice.unlocked = []
        return .written(fragment: nil, notice: notice, journalID: id)
    }

    /// An edited or removed entry's time as written and its fingerprint.
    private func entryNames(_ fields: FormFields) throws(EditError) -> (at: String, fingerprint: String) {
        guard let at = fields.given("at"), let fingerprint = fields["fingerprint"],
            fingerprint.count == 16, fingerprint.allSatisfy(\.isHexDigit),
            fields["entry"] == "deposit" || fields["entry"] == "session"
        else { throw EditError("the form does not name an entry; reload the page and try again") }
        return (at, fingerprint)
    }

    private func goalField(_ fields: FormFields) throws(EditError) -> String {
        guard let goal = fields["goal"], DataLoader.isValidID(goal) else {
            throw EditError("the form names no goal; reload the page and try again")
        }
        return goal
    }

    /// "2026-12-24 is after today (2026-12-02): it is written, and counts from that day."
    static func later(_ day: String, today: String) -> String {
        "\(day) is after today (\(today)): it is written, and counts from that day."
    }

    /// The field that names what a form is about; none for a new subscription or goal, or for an
    /// entry (named by several fields).
    private func targetField(_ kind: WriteKind.Form) -> String? {
        switch kind {
        case .deposit: return "goal"
        case .session: return "pattern"
        case .slay, .revive, .price, .undo: return "id"
        case .edit, .remove: return "fingerprint"
        case .subscription, .goal: return nil
        }
    }

    /// "" for a one-language site; a language folder (`en`, `zh-hans`) that the served site has.
    private func languageFolder(_ given: String, in build: ServedBuild) -> String? {
        if given.isEmpty { return "" }
        guard given.count <= 16, given.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }),
            build.files.contains("\(given)/index.html")
        else { return nil }
        return given
    }

    /// Whether `text` can be what a form of `kind` names: an id by the one id rule, a journal
    /// entry's number, an entry's fingerprint.
    static func isTarget(_ text: String, of kind: WriteKind.Form) -> Bool {
        switch kind {
        case .undo: return (1...10).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
        case .edit, .remove: return text.count == 16 && text.allSatisfy { $0.isASCII && $0.isHexDigit }
        case .deposit, .session, .slay, .subscription, .goal, .revive, .price: return DataLoader.isValidID(text)
        }
    }

    /// The first control character of a field, described: the rule the command line keeps too
    /// (`ControlCharacters.refusedInTypedText`, DESIGN.md §6).
    static func controlCharacter(in text: String) -> String? {
        ControlCharacters.refusedInTypedText(text)
    }
}
