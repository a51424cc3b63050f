import Badges
import Basics
import Breathing
import Domain
import Figures
import Jar
import Mustache
import SiteData
import Subscriptions

/// Everything `sandjar serve` keeps from one build for the next (issue 33), in one place. The one
/// of a run is owned by `ServedSite` and handed to each build as `BuildOptions.memo`; `build` and
/// `check` have none and make everything.
///
/// Each field is a typed cell (`MemoCell`, or a `MemoShelf` of them by name) that gives its value
/// back only for a key equal to the one it was made from, and each key is what the value is made
/// of — a file's bytes, a report's inputs, a page's templates and the whole context it renders —
/// so nothing a value depends on can be left out of its key, and no family writes one by hand.
/// `ServeMemoTests` holds every build with the memo to the bytes of a fresh build.
package struct ServeMemo: Sendable {
    /// **load data**: each data file's TOML, by path, under its bytes. A form's deposit reads its
    /// goal file from it, and keeps the text it wrote, so the build after it parses nothing again.
    package let tables = ParsedTables()
    /// **load data**: what the goal reader made of each goal file, by path, under the file's bytes
    /// and the settings and rates it reads (with its findings, logged again on every build).
    package let goalReadings = GoalReadings()
    /// **load theme**: the built-in theme (and its findings), under strictness.
    package let builtInTheme = MemoCell<Bool, BuiltInTheme>()
    /// **compute figures**: the badges' replay, under the goals, definitions and events it
    /// replayed; a replay goes on when today's events begin with those (`BadgeBoard.evaluate`).
    let badges = BadgeBoard.Memo()
    /// **compute figures**: the subscription report, under what it reads.
    let subscriptions = MemoCell<SiteFigures.SubscriptionInputs, SubscriptionReport>()
    /// **compute figures**: the practice report, under what it reads.
    let practice = MemoCell<SiteFigures.PracticeInputs, BreathingReport>()
    /// **compute figures**: each year's review, by year, under the deposits, subscriptions and
    /// practice it was made from.
    package let reviews = MemoShelf<Int, YearReview.Inputs, YearReview>()
    /// **simulate jars**: each goal's jar, by goal id, under the goal and the theme's colours.
    package let jars = MemoShelf<String, JarInputs, JarArtwork>()
    /// **render pages**: each page's bytes, by language and path, under its templates and the
    /// whole Mustache context it renders (`RenderedFrom`).
    let pages = MemoShelf<String, RenderedFrom, [UInt8]>()

    package init() {}

    /// The built-in theme as a build loads it: nil with the findings that stopped it.
    package typealias BuiltInTheme = (theme: Theme?, findings: [Diagnostic])
}

/// What a goal's jar is drawn from: the goal and the colours of the theme.
package struct JarInputs: Equatable, Sendable {
    package var goal: Goal
    package var palette: JarPalette

    package init(goal: Goal, palette: JarPalette) {
        self.goal = goal
        self.palette = palette
    }
}

/// What a page is rendered from: the theme's templates, the page's template, and every value the
/// template can read. Equal, the page's bytes are equal, whatever the page shows.
struct RenderedFrom: Equatable, Sendable {
    let templates: MustacheLibrary.Identity
    let template: String
    let context: MustacheValue
}

extension SiteFigures {
    /// The figures of a build, with the reports and the badges' replay of a served site's last
    /// build where their inputs did not change; nil for `build` and `check`.
    package init(
        data: DataSet, themeQuotes: [SiteSettings.Language: QuoteLists], today: CalendarDate, memo: ServeMemo?
    ) {
        self.init(
            data: data, themeQuotes: themeQuotes, today: today, badgeMemo: memo?.badges,
            subscriptionMemo: memo?.subscriptions, practiceMemo: memo?.practice, reviewMemo: memo?.reviews)
    }
}
