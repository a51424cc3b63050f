import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData
@testable import SiteRender

/// A served site keeps each page under its templates and the whole context it renders
/// (`ServeMemo.pages`), not under a key its family writes by hand: whatever a page shows, a change
/// to it renders the page again, though no family named it.
final class PageKeyTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// The hand-written keys this replaced named a goal (its hash), its rates and its people, within
    /// a scope of a count of theme loads — not the strings the page shows. Rendered again with the
    /// same data and templates but one of those strings changed, the served goal page was the page
    /// kept from before; now it shows the new words, as a render without the memo does.
    func testAServedPageChangesWithAStringNoKeyNamed() throws {
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.today = CalendarDateFixture.sampleToday
        options.cacheFiles = DataFolder(files: [:], display: "cache")
        options.serve = SampleForms.served
        var run = StepRun(steps: 5, strict: options.strict, progress: nil)
        let built = try XCTUnwrap(SiteBuild(options: options).render(writesCache: false, &run), "\(run.log.entries)")
        let (theme, loaded, figures, jars) = (built.theme, built.loaded, built.figures, built.jars)
        let goal = try XCTUnwrap(loaded.data.goals.first { !$0.deposits.isEmpty }, "a goal with deposits")
        let page = "goals/\(goal.id)/index.html"
        let memo = ServeMemo()
        let render = { (theme: Theme, memo: ServeMemo?) throws -> SiteFiles in
            try SiteAssembly.render(
                theme: theme, loaded: loaded, figures: figures, jars: jars, forms: options.serve, memo: memo)
        }

        let first = try render(theme, memo)
        let words = "Every coin, month by month"
        XCTAssertFalse(String(decoding: try XCTUnwrap(first[page]), as: UTF8.self).contains(words))
        XCTAssertEqual(try render(theme, memo)[page], first[page], "nothing changed: the kept page")

        let reworded = try Self.theme(theme, language: loaded.data.site.language, goalsHistory: words)
        let served = try render(reworded, memo)
        XCTAssertTrue(
            String(decoding: try XCTUnwrap(served[page]), as: UTF8.self).contains(words),
            "the served goal page shows the theme's new words")
        let fresh = try render(reworded, nil)
        XCTAssertEqual(served.paths, fresh.paths)
        XCTAssertEqual(served.paths.filter { served[$0] != fresh[$0] }, [], "the site a render without the memo makes")
    }

    /// `theme` with `goals.history` of `language`'s string table reading `text`: the same templates,
    /// the same everything else.
    private static func theme(_ theme: Theme, language: SiteSettings.Language, goalsHistory text: String) throws
        -> Theme
    {
        guard case .object(var table)? = theme.strings[language], case .object(var goals)? = table["goals"] else {
            throw XCTSkip("the string table has no goals section")
        }
        XCTAssertNotNil(goals["history"], "the goal page's heading of its deposits")
        goals["history"] = .string(text)
        table["goals"] = .object(goals)
        var strings = theme.strings
        strings[language] = .object(table)
        return Theme(
            templates: theme.templates, strings: strings, stylesheet: theme.stylesheet, assets: theme.assets,
            quotes: theme.quotes, catalog: theme.catalog, tokenBlocks: theme.tokenBlocks)
    }
}
