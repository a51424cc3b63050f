import BuiltinFiles
import Domain
import Foundation
import Mustache
import SiteData
import TOML

/// A new savings goal, `goals/<id>.toml`, for serve's "new goal" form: checked completely before
/// anything is written, then written as a file of its own with the same comments `init` writes
/// (`starter/new/<language>/goal.toml`, in the site's language), never over an existing file.
public struct GoalEntry: Sendable, Equatable {
    public static let maxNameLength = 200

    /// Nil: the name has no Latin letters or digits to make one from, and the goal gets the
    /// first free `goal-N` when it is added (its name stays as typed).
    public var id: String?
    /// True when no id was typed and `id` was made from the name: a second goal of the same name,
    /// confirmed, then takes the first free `<id>-2`, `<id>-3`.
    public var idFromName: Bool
    public var name: String
    public var mode: Goal.Mode
    public var target: AmountLiteral?
    /// Nil: the site currency.
    public var currency: Currency?
    public var icon: String?
    /// A plan: required for a free goal, optional for a wish goal.
    public var planAmount: AmountLiteral?
    public var frequency: SavingsPlan.Frequency?

    /// Validates what was typed; empty strings count as not given.
    public init(
        id: String, name: String, mode: String, target: String? = nil, currency: String? = nil, icon: String? = nil,
        planAmount: String? = nil, frequency: String? = nil
    ) throws(EditError) {
        func given(_ text: String?) -> String? {
            guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
                return nil
            }
            return trimmed
        }
        guard let name = given(name) else { throw EditError("the goal needs a name, such as \"A new bike\"") }
        try TypedText.check(name, "the name")
        let typedID = given(id)
        let id = typedID ?? GoalEntry.id(from: name)
        if let id, !DataLoader.isValidID(id) {
            throw EditError(
                "'\(id)' cannot be a goal id: use lower-case letters, digits and '-', starting with a letter or "
                    + "digit (such as new-bike), at most \(DataLoader.maxIDLength) characters")
        }
        guard name.count <= GoalEntry.maxNameLength else {
            throw EditError("the name is \(name.count) characters long; at most \(GoalEntry.maxNameLength) are allowed")
        }
        guard let mode = Goal.Mode(rawValue: given(mode) ?? "") else {
            throw EditError("mode must be wish (a target to reach) or free (a fixed amount each period)")
        }
        self.id = id
        self.idFromName = typedID == nil
        self.name = name
        self.mode = mode
        self.target = try given(target).map { (text) throws(EditError) in try GoalEntry.amount(text, "target") }
        self.planAmount = try given(planAmount).map { (text) throws(EditError) in
            try GoalEntry.amount(text, "the amount per period")
        }
        if let code = given(currency) {
            guard let known = Currency(code: code.uppercased()) else {
                throw EditError("'\(code)' is not a currency code such as USD, EUR or CNY")
            }
            self.currency = known
        }
        if let icon = given(icon) {
            guard icon.count <= 4, TypedText.controlCharacter(in: icon) == nil, !icon.contains("\t") else {
                throw EditError("the icon is one emoji, such as 🚲")
            }
            self.icon = icon
        }
        if let text = given(frequency) {
            guard let known = SavingsPlan.Frequency(rawValue: text) else {
                throw EditError("the frequency is daily, weekly, biweekly or monthly, not '\(text)'")
            }
            self.frequency = known
        }
        switch mode {
        case .wish:
            guard self.target != nil else { throw EditError("a wish goal needs a target, such as 1500") }
            if planAmount != nil, self.frequency == nil { self.frequency = .monthly }
        case .free:
            guard self.target == nil else {
                throw EditError("a free goal has no target: it saves the same amount every period, with no end")
            }
            guard self.planAmount != nil else {
                throw EditError("a free goal needs the amount it saves every period, such as 150")
            }
            if self.frequency == nil { self.frequency = .monthly }
        }
    }

    /// An id made from a name: its letters and digits with accents folded and lower-cased, the
    /// rest as single dashes ("A new bike!" → `a-new-bike`, "Café" → `cafe`, "Ünïcödé 旅行" →
    /// `unicode`); nil when no Latin letter or digit is left (a name in Chinese), so the goal
    /// gets `goal-N` instead of an id that lost its letters.
    static func id(from name: String) -> String? {
        let plain = name.folding(options: [.diacriticInsensitive, .widthInsensitive, .caseInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "æ", with: "ae")
            .replacingOccurrences(of: "ø", with: "o").replacingOccurrences(of: "œ", with: "oe")
            .replacingOccurrences(of: "ł", with: "l").replacingOccurrences(of: "đ", with: "d")
        var words: [String] = []
        var current = ""
        for scalar in plain.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var id = String(words.joined(separator: "-").prefix(DataLoader.maxIDLength))
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? nil : id
    }

    /// The first `goal-N` (from 1) that no goal file or id uses.
    static func freeID(among goals: GoalFiles) -> String {
        let ids = goals.ids()
        var n = 1
        while goals.isTaken("goal-\(n)", ids: ids) { n += 1 }
        return "goal-\(n)"
    }

    private static func amount(_ typed: String, _ what: String) throws(EditError) -> AmountLiteral {
        do {
            return try AmountLiteral(typed)
        } catch {
            throw EditError("\(what): \(error.message)")
        }
    }

    /// What was created, for the report and the page to go to.
    public struct Added: Sendable, Equatable {
        public var id: String
        /// As shown to the user: `content/goals/new-bike.toml`.
        public var path: String
        /// The undo journal's entry for the write.
        public var journalID: Int = 0
    }

    /// Writes `goals/<id>.toml` in the data folder, under its edit lock.
    /// - Parameters:
    ///   - now: the clock, for `created` and the plan's start (today in the site's zone).
    ///   - askFirst: refuse (`EditError.Kind.askFirst`) a name an existing goal has (DESIGN.md §6).
    public func add(data: String, now: Date, journal: UndoJournal? = nil, askFirst: Bool = false) throws(EditError)
        -> Added
    {
        try add(in: DataFileEditor(data: data, journal: journal), now: now, askFirst: askFirst)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func add(in editor: DataFileEditor, now: Date, askFirst: Bool = false) throws(EditError) -> Added {
        try editor.locked { () throws(EditError) -> Added in
            let goals = GoalFiles(folder: editor.folder, memo: editor.memo)
            let sameName = goals.named(name)
            if askFirst, let same = sameName {
                throw EditError(
                    "a goal called \(same.name) already exists (\(editor.folder.displayPath(same.relative))); start "
                        + "another one with the same name?", kind: .askFirst,
                    details: ["about": WriteKind.goal.rawValue, "name": same.name])
            }
            // Every goal's id as the build reads it, found once: an id two goals already share is
            // taken too (looking one up by it is an error, not a free id).
            let ids = goals.ids()
            let taken = { (id: String) in goals.isTaken(id, ids: ids) }
            var id = self.id ?? GoalEntry.freeID(among: goals)
            if taken(id), idFromName {
                // An id made from the name, already taken — by a goal of the same name, asked about
                // and confirmed, or by another whose name makes the same id ("New bike" beside "A
                // new bike" is new-bike): the next free id, as nobody typed this one.
                let stem = String(id.prefix(DataLoader.maxIDLength - 4))
                var n = 2
                while taken("\(stem)-\(n)") { n += 1 }
                id = "\(stem)-\(n)"
            }
            let relative = GoalFiles.relative(of: id)
            if taken(id) {
                throw EditError("there is already a goal with the id '\(id)'; give the new one another id")
            }
            let zone = try SiteTimeZone.read(editor.folder, memo: editor.memo)
            let today = EventTimeLiteral.now(now, in: zone).date ?? TOMLDate(year: 1970, month: 1, day: 1)
            let essentials = try? DataLoader.siteEssentials(of: editor.folder, memo: editor.memo).get()
            let language = essentials?.language ?? .en
            let text = try self.text(id: id, today: today.description, language: language)
            try editor.checkAsTheBuildReadsIt(relative, text)
            let action = JournalAction(.goal, "started the goal \(name) (\(id))", values: ["goal": id, "name": name])
            let written = try editor.create(relative, text, action: action)
            return Added(id: id, path: written.path, journalID: written.journalID)
        }
    }

    /// The file's text from the language's template.
    func text(id: String, today: String, language: SiteSettings.Language) throws(EditError) -> [UInt8] {
        let templateName = "new/\(language.rawValue)/goal.toml"
        guard let template = BuiltinFiles.starter[templateName] else {
            throw EditError("the template for a new goal (\(templateName)) is missing from this sandjar")
        }
        var context: [String: MustacheValue] = [
            "id": .string(id), "name": .string(TOMLField.basicString(name)), "mode": .string(mode.rawValue),
            "wish": .bool(mode == .wish), "free": .bool(mode == .free), "today": .string(today),
            "target": target.map { .string($0.text) } ?? .null,
            "currency": currency.map { .string($0.code) } ?? .null,
            "icon": icon.map { .string(TOMLField.basicString($0)) } ?? .null,
            "example": .string(planAmount?.text ?? "20"),
        ]
        if let planAmount, let frequency {
            var periods: MustacheValue = .null
            if let target, planAmount.value > 0 {
                var quotient = target.value / planAmount.value
                var whole = Decimal()
                NSDecimalRound(&whole, &quotient, 0, .up)
                periods = .string(NSDecimalNumber(decimal: whole).stringValue)
            }
            context["plan"] = .object([
                "amount": .string(planAmount.text), "frequency": .string(frequency.rawValue), "periods": periods,
            ])
        } else {
            context["plan"] = .null
        }
        do {
            let library = try MustacheLibrary(templates: ["goal": String(decoding: template, as: UTF8.self)])
            return Array(try library.render("goal", .object(context), strict: true).utf8)
        } catch {
            throw EditError("the template for a new goal (\(templateName)) cannot be rendered: \(error)")
        }
    }
}
