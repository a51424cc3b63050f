import DataEdit
import Foundation
import SiteRender
import SiteServer

/// The five forms: each checked and written through the entry the editing commands use.
extension LocalApp {
    /// What one form did: the page to send the browser to, or why nothing was written.
    enum Outcome {
        case written(page: String)
        case refused(EditError)
    }

    /// Writes the form `kind` sent (the caller holds the app's lock, so forms write one at a time).
    func write(_ kind: PendingForm.Kind, _ fields: FormFields) -> WebResponse {
        guard let site = attachedSite else { return .text(503, "503 Service Unavailable: the site is not built yet") }
        guard let language = languageFolder(fields["lang"] ?? "", in: site) else {
            return .text(400, "400 Bad Request: no such language folder")
        }
        let target = targetField(kind).flatMap { fields[$0] }
        if let target, !LocalApp.isID(target) {
            return .text(400, "400 Bad Request: the form's \(targetField(kind) ?? "") is not an id")
        }
        let key = "\(fields["once"] ?? "")|\(kind.rawValue)|\(target ?? "")"
        let page = answerPage(kind, target: target, language: language, in: site)
        if !(fields["once"] ?? "").isEmpty, sent.contains(key) {
            let message = "sandjar: \(Self.duplicateMessage)"
            return answer(409, kind, target: target, fields, message: message, page: page, in: site)
        }
        let before = site.unlockedBadges()
        switch perform(kind, fields, target: target) {
        case .refused(let error):
            return answer(422, kind, target: target, fields, message: error.description, page: page, in: site)
        case .written(let shown):
            sent.insert(key)
            once = AppToken().text
            unlockedBefore = before
            guard let forms = currentForms else { return .text(500, "500 Internal Server Error: no forms") }
            _ = site.rebuild(forms)
            return .seeOther("/" + (language.isEmpty ? "" : language + "/") + shown)
        }
    }

    /// The 422 (or 409) answer: the page with the form refilled and the message, its links
    /// resolved from the page's own place (the browser's address is the form's).
    private func answer(
        _ status: Int, _ kind: PendingForm.Kind, target: String?, _ fields: FormFields, message: String,
        page: String, in site: Site
    ) -> WebResponse {
        let pending = PendingForm(kind: kind, target: target, values: fields.values, message: message)
        guard var forms = currentForms else { return .text(500, "500 Internal Server Error: no forms") }
        forms.pending = pending
        guard let html = site.render(page, forms) else { return .text(status, message) }
        let folder = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : ""
        return .html(status, LocalApp.withBase("/" + folder, html))
    }

    /// Adds `<base href>` after `<head>`, so the page's relative links work from `/_sandjar/…`.
    static func withBase(_ base: String, _ html: [UInt8]) -> [UInt8] {
        let head = Array("<head>".utf8)
        guard let start = html.indices.first(where: { html[$0...].starts(with: head) }) else { return html }
        let escaped = base.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        return Array(html[..<(start + head.count)]) + Array("\n<base href=\"\(escaped)\">".utf8)
            + Array(html[(start + head.count)...])
    }

    /// The page a form lives on, for its 422: the goal's or pacer's own page when the site has it.
    private func answerPage(_ kind: PendingForm.Kind, target: String?, language: String, in site: Site) -> String {
        let prefix = language.isEmpty ? "" : language + "/"
        let candidates: [String]
        switch kind {
        case .deposit: candidates = (target.map { ["goals/\($0)/index.html"] } ?? []) + ["goals/index.html"]
        case .goal: candidates = ["goals/index.html"]
        case .session: candidates = (target.map { ["breathing/\($0)/index.html"] } ?? []) + ["breathing/index.html"]
        case .slay, .subscription: candidates = ["subscriptions/index.html"]
        }
        return candidates.map { prefix + $0 }.first(where: site.has) ?? prefix + candidates.last!
    }

    /// Runs the entry the form stands for; `target` is already known to be an id.
    private func perform(_ kind: PendingForm.Kind, _ fields: FormFields, target: String?) -> Outcome {
        let data = settings.data
        let clock = now()
        do throws(EditError) {
            switch kind {
            case .deposit:
                guard let goal = target else { throw EditError("the form names no goal") }
                let entry = try DepositEntry(
                    amount: fields["amount"] ?? "", at: fields.given("at"), note: fields.given("note"))
                let added = try entry.add(to: goal, data: data, now: clock)
                return .written(page: "goals/\(added.goal)/")
            case .session:
                guard let pattern = target else { throw EditError("the form names no pattern") }
                let entry = try SessionEntry(
                    pattern: pattern, cycles: fields.given("cycles"), minutes: fields.given("minutes"),
                    program: fields.given("program"), at: fields.given("at"),
                    moodBefore: fields.given("mood_before"), moodAfter: fields.given("mood_after"))
                _ = try entry.add(data: data, now: clock)
                return .written(page: "breathing/")
            case .slay:
                guard let id = target else { throw EditError("the form names no subscription") }
                _ = try SlayEntry(name: id, on: fields.given("on")).apply(data: data, now: clock, theme: settings.theme)
                return .written(page: "subscriptions/#slain-heading")
            case .subscription:
                let entry = try SubscriptionEntry(
                    name: fields["name"] ?? "", price: fields.given("price"), currency: fields.given("currency"),
                    cycle: fields.given("cycle"), nextBilling: fields.given("next_billing"),
                    trial: fields.given("trial") != nil, members: fields.given("members"),
                    category: fields.given("category"))
                _ = try entry.add(data: data, now: clock, theme: settings.theme)
                return .written(page: "subscriptions/#all-heading")
            case .goal:
                let entry = try GoalEntry(
                    id: fields["id"] ?? "", name: fields["name"] ?? "", mode: fields["mode"] ?? "",
                    target: fields.given("target"), currency: fields.given("currency"), icon: fields.given("icon"),
                    planAmount: fields.given("plan_amount"), frequency: fields.given("frequency"))
                let added = try entry.add(data: data, now: clock)
                return .written(page: "goals/\(added.id)/")
            }
        } catch {
            return .refused(error)
        }
    }

    /// The field that names what a form is about; none for a new subscription or goal.
    private func targetField(_ kind: PendingForm.Kind) -> String? {
        switch kind {
        case .deposit: return "goal"
        case .session: return "pattern"
        case .slay: return "id"
        case .subscription, .goal: return nil
        }
    }

    /// "" for a one-language site; a language folder (`en`, `zh-hans`) that the served site has.
    private func languageFolder(_ given: String, in site: Site) -> String? {
        if given.isEmpty { return "" }
        guard given.count <= 16, given.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }),
            site.has("\(given)/index.html")
        else { return nil }
        return given
    }

    /// `[a-z0-9][a-z0-9-]*`, at most 64 characters: every id sandjar gives.
    static func isID(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 64 else { return false }
        let allowed = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return allowed(first) && text.unicodeScalars.allSatisfy { allowed($0) || $0 == "-" }
    }

    static let duplicateMessage =
        "this form was sent from this page once already, and that time it was written; nothing more was written"
}
