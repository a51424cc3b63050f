import Domain
import Mustache
import SiteData

extension SiteRenderer {
    /// Who is writing (DESIGN.md §6 "A household in serve"): on a form that adds a deposit or a
    /// session of a household's site, a choice of its people, written as `by`; the one sent back,
    /// else the person of `serve --person`, is chosen (serve marks the one a browser remembers).
    func whoIsWriting(_ kind: WriteKind.Form, sentBack: PendingForm?) -> MustacheValue {
        guard kind == .deposit || kind == .session, !data.site.people.isEmpty else { return .null }
        let chosen = sentBack?.values["by"] ?? data.site.person
        return .object([
            "people": .list(
                data.site.people.map { person in
                    .object([
                        "value": .string(person.id), "label": .string(person.name),
                        "selected": .bool(person.id == chosen),
                    ])
                })
        ])
    }

    /// One choice of a `<select>`: its value and its label.
    typealias Choice = (value: String, label: String)

    /// The template values of one form, or null when the site is not being served: where it
    /// posts, the hidden fields, each field's value (`defaults`, or what was typed when this is
    /// the form sent back), the options of its `<select>`s and check boxes as they stand, and the
    /// message to show with it.
    /// - Parameters:
    ///   - defaults: every field the template shows, by name (strict templates need each one).
    ///   - choices: the options of each `<select>`, by field name.
    ///   - extra: anything else the form's template needs (a currency, a name).
    func form(
        _ kind: WriteKind.Form, target: String? = nil, defaults: [String: String],
        choices: [String: [Choice]] = [:], extra: [String: MustacheValue] = [:]
    ) -> MustacheValue {
        guard let forms else { return .null }
        let sentBack = forms.pending.flatMap { $0.kind == kind && $0.target == target && !$0.atTop ? $0 : nil }
        var values = defaults
        if let sentBack {
            for name in defaults.keys { values[name] = sentBack.values[name] ?? "" }
        }
        var options: [String: MustacheValue] = [:]
        for (name, list) in choices {
            options[name] = .list(
                list.map { choice in
                    .object([
                        "value": .string(choice.value), "label": .string(choice.label),
                        "selected": .bool(choice.value == values[name]),
                    ])
                })
        }
        var form: [String: MustacheValue] = [
            "action": .string("/_sandjar/\(kind.rawValue)"),
            "token": .string(forms.token),
            "lang": .string(alternates.isEmpty ? "" : SiteSettings.folder(for: data.site.language)),
            "target": target.map { .string($0) } ?? .null,
            "value": .object(values.mapValues { .string($0) }),
            "checked": .object(values.mapValues { .bool(!$0.isEmpty) }),
            "options": .object(options),
            "error": sentBack.map { .string($0.confirm ? question($0) : $0.message) } ?? .null,
            "confirm": .bool(sentBack?.confirm ?? false),
            "sent_back": .bool(sentBack != nil),
            "id": .string("form-\(kind.rawValue)\(target.map { "-\($0)" } ?? "")"),
            "who": whoIsWriting(kind, sentBack: sentBack),
        ]
        form.merge(extra) { _, new in new }
        return .object(form)
    }
}
