import Badges
import Domain
import SiteData

/// A string of the theme's tables that Swift asks for: `renderer.string(.goals(.title))`.
///
/// Templates name their strings as `{{t.goals.title}}`, and strict rendering stops on a misspelt
/// one; Swift names them through this type, so a misspelt key does not compile. A section's keys
/// are the cases of one enum (`UIKey.Goals`); a key made from a value — a goal's mode, a month, a
/// badge, a risk level — is a function over the type the value comes from (`.mode(goal.mode)`).
/// `all` holds every key they can make, and the build loads its theme requiring each
/// (`UIKey.required`, handed to `Theme.load(from:requiring:log:)`), which fails on a table that
/// lacks one, naming the table: a lookup never misses, and no page shows a raw key (DESIGN.md §4).
///
/// The keys are a target of their own, above the engines, because the families are made from
/// the engines' types; theme loading (SiteData) knows no engine, only the keys it is handed.
package struct UIKey: Hashable, Sendable, CustomStringConvertible {
    /// The dotted path in `i18n/<language>.toml`: `goals.title`.
    package let path: String

    /// Only the declarations of this target make keys, so every key is one `all` knows: the
    /// initialiser is not `package`, so no other target can call it (`UIKeyTests`).
    init(_ path: String) { self.path = path }

    init<Section: KeySection>(_ key: Section) { self.init("\(Section.section).\(key.rawValue)") }

    package var description: String { path }
}

/// A key with a second form for a count of one, `<key>_one`: "3 sessions" and "1 session" (the
/// Chinese table gives both the same words). `renderer.counted(.goals(.periods), n)`.
package struct CountedKey: Hashable, Sendable {
    /// The form for any count but one: `goals.periods`.
    package let many: UIKey

    /// The form for a count of one: `goals.periods_one`.
    package var one: UIKey { UIKey(many.path + "_one") }

    init(_ path: String) { many = UIKey(path) }

    init<Section: KeySection>(_ key: Section) { many = UIKey(key) }

    /// The form that goes with `count`.
    package func form(for count: Int) -> UIKey { count == 1 ? one : many }
}

/// One section of a string table as Swift asks for it: a case per key, its raw value the key as
/// the table writes it (`card_of`).
protocol KeySection: RawRepresentable<String>, CaseIterable, Sendable {
    /// The table's section: `goals`, `subscriptions.risk`.
    static var section: String { get }
}

extension UIKey {
    /// Every key Swift can ask for, both forms of a counted one: what theme loading requires of
    /// every table.
    package static let all: Set<UIKey> = {
        func plain<Section: KeySection>(_ section: Section.Type) -> [UIKey] { section.allCases.map { UIKey($0) } }
        func counted<Section: KeySection>(_ section: Section.Type) -> [UIKey] {
            section.allCases.map { CountedKey($0) }.flatMap { [$0.many, $0.one] }
        }
        var keys = Set(sections.flatMap { plain($0) })
        keys.formUnion(countedSections.flatMap { counted($0) })
        keys.formUnion(families)
        keys.formUnion(countedFamilies.flatMap { [$0.many, $0.one] })
        return keys
    }()

    /// What theme loading requires of every table, key → why it is needed: every key of `all`,
    /// a badge's words and units saying so. The build hands it to `Theme.load(from:requiring:log:)`.
    package static let required: [String: String] = {
        var required: [String: String] = [:]
        for key in all { required[key.path] = "sandjar asks for it by this key" }
        for badge in BadgeDefinition.all {
            for key in [badgeName(badge), badgeDescription(badge)] {
                required[key.path] = "every badge needs a name and a description"
            }
        }
        for unit in BadgeDefinition.Unit.allCases {
            required[badgeUnit(unit).path] = "a locked badge's progress is shown by its unit"
        }
        return required
    }()

    /// The sections whose keys are read as they are.
    private static let sections: [any KeySection.Type] = [
        Nav.self, Pages.self, NotFound.self, Language.self, When.self, Dashboard.self, Quotes.self, Feed.self,
        Badges.self, Goals.self, Jar.self, Chart.self, Subscriptions.self, RiskReason.self, Breathing.self,
        Form.self, Review.self, Today.self, Household.self,
    ]

    /// The sections whose keys have a form for one.
    private static let countedSections: [any KeySection.Type] = [
        CountedKey.Dashboard.self, CountedKey.Goals.self, CountedKey.Subscriptions.self, CountedKey.Breathing.self,
        CountedKey.Review.self, CountedKey.Today.self,
    ]
}

extension Theme {
    /// The text of `key` in `language`. The build loads every theme requiring `UIKey.required`,
    /// which holds each key of `all`, and a theme is only made by loading, so this lookup cannot
    /// miss; if it did, a family of `UIKey` would be missing from `all` — a bug that stops the
    /// build here rather than publish a raw key.
    package func string(_ key: UIKey, in language: SiteSettings.Language) -> String {
        guard let text = string(key.path, in: language) else {
            preconditionFailure("no string '\(key)' in \(language.rawValue): is its family missing from UIKey.all?")
        }
        return text
    }
}
