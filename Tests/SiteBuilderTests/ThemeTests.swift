import Badges
import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// The theme is checked before anything is published: strict variables, complete string tables.
final class ThemeTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// A theme folder holding only the edited file, laid over the built-in theme.
    private func theme(
        editing path: String, _ edit: (String) -> String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (URL, [String]) {
        try theme(editing: [path], { _, text in edit(text) }, file: file, line: line)
    }

    /// A theme folder holding only the edited files (`edit` gets each path and its text).
    private func theme(
        editing paths: [String], _ edit: (String, String) -> String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (URL, [String]) {
        let folder = TestSupport.temporaryFolder(self, file: file, line: line).appendingPathComponent("mytheme")
        for path in paths {
            let target = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let original = String(
                decoding: try XCTUnwrap(Theme.builtIn.read(path).get().bytes, file: file, line: line), as: UTF8.self)
            try edit(path, original).write(to: target, atomically: true, encoding: .utf8)
        }
        var options = BuildOptions()
        options.data = TestSupport.fixtures.appendingPathComponent("base").path
        options.theme = folder.path
        options.today = CalendarDateFixture.sampleToday
        let errors = SiteBuild(options: options).check().0.diagnostics.filter { $0.severity == .error }
        return (folder, errors.map { $0.headline.replacingOccurrences(of: folder.path + "/", with: "") })
    }

    func testMisspeltVariableIsAnErrorWithItsPosition() throws {
        let (_, errors) = try theme(editing: "pages/goals.mustache") {
            $0.replacingOccurrences(of: "<h1>{{t.goals.title}}</h1>", with: "<h1>{{t.goals.titel}}</h1>")
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].hasPrefix("pages/goals.mustache:3:5: error: "), errors[0])
        XCTAssertTrue(errors[0].contains("titel"), errors[0])
    }

    func testStringMissingFromOneLanguageIsAnError() throws {
        let (_, errors) = try theme(editing: "i18n/zh-Hans.toml") {
            $0.replacingOccurrences(of: "home = \"回到今天\"\n", with: "")
        }
        XCTAssertEqual(errors, ["i18n/zh-Hans.toml: error: missing string 'notfound.home' (present in en)"])
    }

    func testABadgeWithoutANameInEitherLanguageIsAnError() throws {
        let names = ["i18n/en.toml": "name = \"First coin\"\n", "i18n/zh-Hans.toml": "name = \"第一枚硬币\"\n"]
        let (_, chineseOnly) = try theme(editing: ["i18n/zh-Hans.toml"]) { path, text in
            XCTAssertTrue(text.contains(names[path]!))
            return text.replacingOccurrences(of: names[path]!, with: "")
        }
        XCTAssertEqual(
            chineseOnly, ["i18n/zh-Hans.toml: error: missing string 'badge.first_coin.name' (present in en)"])
        let (_, both) = try theme(editing: Array(names.keys).sorted()) { path, text in
            text.replacingOccurrences(of: names[path]!, with: "")
        }
        XCTAssertEqual(
            both,
            [
                "i18n/en.toml: error: missing string 'badge.first_coin.name' (every badge needs a name and a description)",
                "i18n/zh-Hans.toml: error: missing string 'badge.first_coin.name' "
                    + "(every badge needs a name and a description)",
            ])
    }

    /// A key only Swift asks for, taken out of both tables by an overlay theme, fails at load and
    /// names each table, instead of a page showing "goals.sooner_one" (issue 23).
    func testAKeySwiftAsksForMissingFromBothTablesIsAnError() throws {
        let lines = [
            "i18n/en.toml": "sooner_one = \"1 day sooner\"\n", "i18n/zh-Hans.toml": "sooner_one = \"提前 1 天\"\n",
        ]
        let (_, errors) = try theme(editing: Array(lines.keys).sorted()) { path, text in
            XCTAssertTrue(text.contains(lines[path]!), path)
            return text.replacingOccurrences(of: lines[path]!, with: "")
        }
        let message = "error: missing string 'goals.sooner_one' (sandjar asks for it by this key)"
        XCTAssertEqual(errors, ["i18n/en.toml: " + message, "i18n/zh-Hans.toml: " + message])
    }

    /// A key made from an engine's value (a pacer phase, `BreathPhase`) is required like any
    /// other, though theme loading knows no engine: the build hands it every key rendering can
    /// ask for (issue 36).
    func testAKeyMadeFromAnEngineValueMissingFromBothTablesIsAnError() throws {
        let lines = ["i18n/en.toml": "exhale = \"Breathe out\"\n", "i18n/zh-Hans.toml": "exhale = \"呼气\"\n"]
        let (_, errors) = try theme(editing: Array(lines.keys).sorted()) { path, text in
            XCTAssertTrue(text.contains(lines[path]!), path)
            return text.replacingOccurrences(of: lines[path]!, with: "")
        }
        let message = "error: missing string 'breathing.phase.exhale' (sandjar asks for it by this key)"
        XCTAssertEqual(errors, ["i18n/en.toml: " + message, "i18n/zh-Hans.toml: " + message])
    }

    /// Theme loading requires what its caller names, each with why, and nothing of its own but
    /// the catalogue's category names.
    func testThemeLoadingRequiresTheKeysItIsHanded() {
        let log = DiagnosticLog(strict: false)
        XCTAssertNil(Theme.load(from: Theme.builtIn, requiring: ["nowhere.key": "the test asks for it"], log: log))
        XCTAssertEqual(
            log.entries.map(\.headline),
            SiteSettings.Language.allCases.map {
                "(built-in theme)/i18n/\($0.rawValue).toml: error: missing string 'nowhere.key' (the test asks for it)"
            })
        let none = DiagnosticLog(strict: false)
        XCTAssertNotNil(Theme.load(from: Theme.builtIn, requiring: [:], log: none))
        XCTAssertEqual(none.entries, [])
    }

    func testACatalogueCategoryWithoutANameIsAnError() throws {
        let (_, errors) = try theme(editing: "catalog.toml") {
            $0.replacingOccurrences(of: "category = \"fitness\"", with: "category = \"kiosk\"")
        }
        // The theme replaced the catalogue but not the tables: the built-in tables lack the name.
        let message = "error: missing string 'category.kiosk' (the catalogue's category 'kiosk' needs a name)"
        XCTAssertEqual(
            errors, ["(built-in theme)/i18n/en.toml: " + message, "(built-in theme)/i18n/zh-Hans.toml: " + message])
    }

    /// Every category of the shipped catalogue, and every badge, has its words in both tables.
    func testEveryShippedCategoryAndBadgeHasANameInBothLanguages() throws {
        let theme = try XCTUnwrap(
            BuildSteps.theme(from: Theme.builtIn, log: DiagnosticLog(strict: false)))
        let categories = Set(theme.catalog.entries.map(\.category))
        XCTAssertTrue(categories.isSuperset(of: ["shopping", "fitness", "software", "gaming", "learning", "audio"]))
        for language in SiteSettings.Language.allCases {
            for category in categories.union(["other"]) {
                XCTAssertNotNil(theme.string("category.\(category)", in: language), "\(category) in \(language)")
            }
            for badge in BadgeDefinition.all {
                XCTAssertNotNil(theme.string("badge.\(badge.id).name", in: language), "\(badge.id) in \(language)")
                XCTAssertNotNil(theme.string("badge.\(badge.id).description", in: language), badge.id)
            }
        }
    }

    func testBrokenTemplateSyntaxNamesTheTemplate() throws {
        let (_, errors) = try theme(editing: "pages/page.mustache") {
            $0.replacingOccurrences(of: "{{/date}}", with: "{{/data}}")
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(
            errors[0],
            "pages/page.mustache:7:1: error: mismatched closing tag 'data': expected 'date' (opened at line 5, column 1)"
        )
    }
}

/// The design-token check: raw values where a token belongs fail the build, naming file and line.
final class TokenCheckTests: XCTestCase {
    private func findings(_ css: String) -> [String] {
        let file = SourceFile(path: "style.css", bytes: Array(css.utf8))
        return TokenCheck.check(css: css, file: file).map(\.headline)
    }

    func testRawValuesAreFlaggedWithTheirPlace() {
        let css = """
            /* padding: 3px in a comment is fine */
            .a { padding: 12px; margin: 0 auto; }
            .b {
              gap: var(--space-m);
              border-radius: 4px;
              transition: opacity 200ms;
              box-shadow: 0 1px 2px #000;
              color: #333;
              background: rgb(0 0 0 / 0.5);
            }
            .c { margin: calc(var(--space-m) * 2); animation-duration: var(--motion-slow); width: 12px; }
            """
        XCTAssertEqual(
            findings(css),
            [
                "style.css:2:6: error: raw spacing value '12px' in 'padding'; use a --space-* token",
                "style.css:5:3: error: raw radius value '4px' in 'border-radius'; use a --radius-* token",
                "style.css:6:3: error: raw duration value '200ms' in 'transition'; use a --motion-* token",
                "style.css:7:3: error: raw shadow value '1px' in 'box-shadow'; use a --shadow-* token",
                "style.css:8:3: error: raw colour value '#333' in 'color'; use a --color-* token",
                "style.css:9:3: error: raw colour value 'rgb(' in 'background'; use a --color-* token",
            ])
    }

    func testTemplatesStyleAttributesAndBlocksAreChecked() {
        let text =
            "<p>\n<div style=\"width: {{progress}}%; padding: 8px\">x</div>\n<style>\n.x { gap: 1rem }\n</style>\n"
        let file = SourceFile(path: "t.mustache", bytes: Array(text.utf8))
        XCTAssertEqual(
            TokenCheck.check(template: text, file: file).map(\.headline),
            [
                "t.mustache:4:6: error: raw spacing value '1rem' in 'gap'; use a --space-* token",
                "t.mustache:2:35: error: raw spacing value '8px' in 'padding'; use a --space-* token",
            ])
    }

    /// Loading skips the built-in theme's files (they cannot change between builds), so they are
    /// checked here, every template and stylesheet.
    func testTheShippedThemePasses() throws {
        let log = DiagnosticLog(strict: false)
        XCTAssertNotNil(BuildSteps.theme(from: Theme.builtIn, log: log))
        XCTAssertEqual(log.entries, [])
        var checked = 0
        for relative in Theme.builtIn.allFiles() {
            let file = try Theme.builtIn.read(relative).get()
            let text = String(decoding: file.bytes, as: UTF8.self)
            if relative.hasSuffix(".mustache") {
                XCTAssertEqual(TokenCheck.check(template: text, file: file), [], relative)
                checked += 1
            } else if relative.hasPrefix("static/"), relative.hasSuffix(".css") {
                XCTAssertEqual(TokenCheck.check(css: text, file: file), [], relative)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// An overlay's own files are checked at load; the built-in files under them are not.
    func testAnOverlaysOwnFilesAreChecked() {
        let overlay = DataFolder(files: ["static/extra.css": Array(".x { padding: 12px; }\n".utf8)], display: "mine")
        let folder = overlay.overlaid(on: Theme.builtIn)
        XCTAssertTrue(Theme.isAuthored("static/extra.css", in: folder))
        XCTAssertFalse(Theme.isAuthored("static/style.css", in: folder))
        XCTAssertFalse(Theme.isAuthored("static/style.css", in: Theme.builtIn))
        let log = DiagnosticLog(strict: false)
        _ = BuildSteps.theme(from: folder, log: log)
        XCTAssertEqual(
            log.entries.map(\.headline),
            ["mine/static/extra.css:1:6: error: raw spacing value '12px' in 'padding'; use a --space-* token"])
    }
}
