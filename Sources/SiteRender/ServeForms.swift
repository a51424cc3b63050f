import Domain
import Mustache
import SiteData

/// What `sandjar serve` adds to the pages it serves, and only those (DESIGN.md §6): the forms
/// that edit the data folder. A built site never has them, so its bytes do not change.
public struct ServeForms: Sendable, Equatable {
    /// The run's secret, in every form; the server compares it in constant time.
    public var token: String
    /// Changes after each form that wrote: a form sent twice from one page is recognised.
    public var once: String
    /// A form sent back to the person with why it was refused, and what they typed.
    public var pending: PendingForm?
    /// The badges unlocked before the last form wrote: those unlocked now and not then are
    /// announced on every page until the next form writes.
    public var unlockedBefore: Set<String>?

    public init(token: String, once: String, pending: PendingForm? = nil, unlockedBefore: Set<String>? = nil) {
        self.token = token
        self.once = once
        self.pending = pending
        self.unlockedBefore = unlockedBefore
    }
}

/// One form as it was sent, for the page that answers it: refilled, with the message.
public struct PendingForm: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case deposit, session, slay, subscription, goal
    }

    public var kind: Kind
    /// The goal, pattern or subscription the form is about; nil for a new subscription or goal.
    public var target: String?
    /// What was typed, by field name.
    public var values: [String: String]
    /// The message, as the command line would print it (`path:line:column: error: …` and a caret).
    public var message: String

    public init(kind: Kind, target: String?, values: [String: String], message: String) {
        self.kind = kind
        self.target = target
        self.values = values
        self.message = message
    }
}

extension SiteRenderer {
    /// The badges the last form that wrote unlocked, by name, for the notice at the top of every
    /// served page; null when there are none or the site is not served.
    var justUnlocked: MustacheValue {
        guard let before = forms?.unlockedBefore else { return .null }
        let names = figures.badges.filter { $0.unlockedOn != nil && !before.contains($0.definition.id) }
            .map { MustacheValue.string(string(.badgeName($0.definition))) }
        return names.isEmpty ? .null : .object(["names": .list(names), "text": .string(string(.form(.unlocked)))])
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
        _ kind: PendingForm.Kind, target: String? = nil, defaults: [String: String],
        choices: [String: [Choice]] = [:], extra: [String: MustacheValue] = [:]
    ) -> MustacheValue {
        guard let forms else { return .null }
        let sentBack = forms.pending.flatMap { $0.kind == kind && $0.target == target ? $0 : nil }
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
            "once": .string(forms.once),
            "lang": .string(alternates.isEmpty ? "" : SiteSettings.folder(for: data.site.language)),
            "target": target.map { .string($0) } ?? .null,
            "value": .object(values.mapValues { .string($0) }),
            "checked": .object(values.mapValues { .bool(!$0.isEmpty) }),
            "options": .object(options),
            "error": sentBack.map { .string($0.message) } ?? .null,
            "id": .string("form-\(kind.rawValue)\(target.map { "-\($0)" } ?? "")"),
        ]
        form.merge(extra) { _, new in new }
        return .object(form)
    }
}
