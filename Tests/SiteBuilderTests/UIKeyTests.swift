import Badges
import Breathing
import Domain
import Foundation
import SiteData
import Subscriptions
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import UIKeys

/// The keys Swift asks the string tables for (issue 23): every one is enumerable, the build
/// requires each of every theme, and the shipped tables hold each in both languages, so
/// `SiteRenderer.string` never meets a raw key.
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

    /// What the build requires of a theme is every key `all` holds, the keys made from the
    /// engines' values among them (issue 36: theme loading no longer knows the engines).
    func testTheBuildRequiresEveryKeyAndNothingElse() {
        let paths = Set(UIKey.all.map(\.path))
        XCTAssertEqual(Set(UIKey.required.keys), paths)
        XCTAssertFalse(UIKey.required.values.contains(""))
        var engineKeys = SubscriptionRisk.Level.allCases.map(UIKey.riskLevel)
        engineKeys += SubscriptionRisk.Level.allCases.compactMap(UIKey.riskTag)
        engineKeys += TimeOfDay.allCases.map(UIKey.timeOfDay) + BreathPhase.allCases.map(UIKey.phase)
        engineKeys += BreathPhase.allCases.map(CountedKey.guide).flatMap { [$0.many, $0.one] }
        engineKeys += BreathingPattern.builtIn.compactMap { UIKey.builtInName(of: $0) }
        engineKeys += BadgeDefinition.Category.allCases.map(UIKey.badgeCategory)
        engineKeys += BadgeDefinition.Unit.allCases.map(UIKey.badgeUnit)
        engineKeys += BadgeDefinition.all.flatMap { [UIKey.badgeName($0), UIKey.badgeDescription($0)] }
        XCTAssertEqual(Set(engineKeys.map(\.path)).subtracting(paths), [])
        XCTAssertEqual(UIKey.required["badge.first_coin.name"], "every badge needs a name and a description")
    }

    /// A key is only made by the declarations in `Sources/UIKeys/`, whose families `all` lists:
    /// `UIKey`'s initialiser is internal to UIKeys, so no other target may call it, or it could
    /// make a key no theme was checked for.
    func testOnlyTheKeyDeclarationsMakeKeys() throws {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: sources.path))
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("UIKeys/") }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.contains("UIKey(") || text.contains("CountedKey("), "\(file) makes a key of its own")
        }
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
