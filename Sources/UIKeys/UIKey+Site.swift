/// The keys every page shares — the navigation, the language switcher, days from today — and
/// those of the Today screen, the quotes, the badge wall, the Atom feed and the small pages.
extension UIKey {
    /// `[nav]`: a section's name in the navigation; the cases are the sections.
    package enum Nav: String, KeySection {
        case home, goals, badges, subscriptions, breathing, quotes, review, pages
        static let section = "nav"
    }

    /// `[pages]`: the Markdown pages' index.
    package enum Pages: String, KeySection {
        case title, position
        static let section = "pages"
    }

    /// `[notfound]`: the 404 page.
    package enum NotFound: String, KeySection {
        case title
        static let section = "notfound"
    }

    /// `[language]`: a language's name in itself, for the switcher.
    package enum Language: String, KeySection {
        case name
        static let section = "language"
    }

    /// `[when]`: a day from today, in words.
    package enum When: String, KeySection {
        case today, tomorrow
        case inDays = "in_days"
        static let section = "when"
    }

    /// `[dashboard]`: the Today screen.
    package enum Dashboard: String, KeySection {
        case title, date, deposit, trial, renewal, start
        case dueToday = "due_today"
        case practiceDone = "practice_done"
        case practiceTodo = "practice_todo"
        case practiceStateDone = "practice_state_done"
        /// The home-screen icon's shortcuts (`manifest.webmanifest`).
        case shortcutDeposit = "shortcut_deposit"
        case shortcutBreathe = "shortcut_breathe"
        /// The Today screen's hero: this month against the plan (issue 34).
        case heroPlanned = "hero_planned"
        case heroPlannedDone = "hero_planned_done"
        case onTrack = "on_track"
        case depositNow = "deposit_now"
        static let section = "dashboard"
    }

    /// `[quotes]`: the daily quote's pages.
    package enum Quotes: String, KeySection {
        case title
        case dayTitle = "day_title"
        static let section = "quotes"
    }

    /// `[feed]`: the Atom feed's entries.
    package enum Feed: String, KeySection {
        case badge, goal, slain
        case slainSaves = "slain_saves"
        static let section = "feed"
    }

    /// `[badges]`: the badge wall.
    package enum Badges: String, KeySection {
        case title, summary
        static let section = "badges"
    }

    package static func nav(_ key: Nav) -> UIKey { UIKey(key) }
    package static func pages(_ key: Pages) -> UIKey { UIKey(key) }
    package static func notFound(_ key: NotFound) -> UIKey { UIKey(key) }
    package static func language(_ key: Language) -> UIKey { UIKey(key) }
    package static func when(_ key: When) -> UIKey { UIKey(key) }
    package static func dashboard(_ key: Dashboard) -> UIKey { UIKey(key) }
    package static func quotes(_ key: Quotes) -> UIKey { UIKey(key) }
    package static func feed(_ key: Feed) -> UIKey { UIKey(key) }
    package static func badges(_ key: Badges) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[dashboard]`, counted.
    package enum Dashboard: String, KeySection {
        case moreDue = "more_due"
        case practiceStreak = "practice_streak"
        case goalsBehind = "goals_behind"
        case depositsOverdue = "deposits_overdue"
        static let section = "dashboard"
    }

    package static func dashboard(_ key: Dashboard) -> CountedKey { CountedKey(key) }
}
