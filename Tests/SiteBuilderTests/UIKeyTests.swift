import Badges
import Domain
import SiteData
import XCTest

@testable import SiteBuilder
@testable import SiteRender

/// The keys Swift asks the string tables for (issue 23): every one is enumerable, and the
/// shipped tables hold each in both languages, so `SiteRenderer.string` never meets a raw key.
final class UIKeyTests: XCTestCase {
    func testAllHoldsBothFormsOfACountedKeyAndEveryFamilysKeys() {
        let paths = Set(UIKey.all.map(\.path))
        let expected = [
            "goals.title", "goals.card_of", "goals.sooner", "goals.sooner_one", "subscriptions.risk.reviewed_on",
            "breathing.guide.rest", "breathing.guide.rest_one", "status.on_track", "cycle_unit.semiannual",
            "subscriptions.risk_tag.high", "chart.month.12", "chart.weekday.7", "weekday.1", "jar.name.4",
            "form.mood_5", "breathing.builtin.4-7-8", "breathing.builtin.calm-start", "badges.unit.money_month",
            "nav.pages", "language.name", "today.title", "today.title_one", "today.notice", "today.line",
            "today.streak_one", "subscriptions.risk.notice_due", "subscriptions.contract_renews",
        ]
        XCTAssertEqual(Set(expected).subtracting(paths), [])
        for badge in BadgeDefinition.all {
            XCTAssertTrue(paths.isSuperset(of: ["badge.\(badge.id).name", "badge.\(badge.id).description"]))
        }
        XCTAssertFalse(paths.contains("subscriptions.risk_tag.low"), "a low risk wears no tag")
        XCTAssertFalse(paths.contains { $0.hasSuffix("_one_one") })
    }

    func testEveryKeyIsInBothShippedTables() throws {
        let theme = try XCTUnwrap(
            BuildSteps.theme(from: Theme.builtIn, log: DiagnosticLog(strict: false)))
        for language in SiteSettings.Language.allCases {
            for key in UIKey.all {
                XCTAssertNotNil(theme.string(key.path, in: language), "\(key) in \(language.rawValue)")
            }
        }
    }

    func testACountedKeysFormFollowsTheCount() {
        let key = CountedKey.goals(.sooner)
        XCTAssertEqual([0, 1, 2].map { key.form(for: $0).path }, ["goals.sooner", "goals.sooner_one", "goals.sooner"])
        XCTAssertEqual(
            UIKey.builtInName(of: BreathingPattern(id: "mine", name: "Mine", inhale: 4, hold: 0, exhale: 4, rest: 0)),
            nil)
    }
}
