import Foundation
import XCTest

@testable import SiteBuilder
@testable import SiteData
@testable import SiteRender

/// The pages that show no jar are rendered while the jars are simulated, the others after
/// (`SiteAssembly.Part`): together they are the whole render, byte for byte — in one language and
/// in two, published and served with forms.
final class SplitRenderTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testThePagesRenderedBeforeAndAfterTheJarsAreTheWholeSite() throws {
        let work = TestSupport.temporaryFolder(self)
        let both = work.appendingPathComponent("both")
        try TestSupport.overlay(TestSupport.sampleContent, onto: both)
        try TestSupport.setBothLanguages(in: both.appendingPathComponent("site.toml"))
        let cases: [(String, URL, ServeForms?)] = [
            ("the sample", TestSupport.sampleContent, nil), ("both languages", both, nil),
            ("served with forms", both, TestSites.servedForms),
        ]
        for (name, data, forms) in cases {
            var options = BuildOptions()
            options.data = data.path
            options.today = CalendarDateFixture.sampleToday
            options.cacheFiles = DataFolder(files: [:], display: "cache")
            options.serve = forms
            let state = BuildState(options: options, writesCache: false, progress: nil)
            for step in SiteBuild.steps(publishing: false) { step.run(state) }
            XCTAssertFalse(state.log.hasErrors, "\(name): \(state.log.entries)")
            let split = try XCTUnwrap(state.site, name)
            let (loaded, theme, figures) = try XCTUnwrap(
                state.loaded.flatMap { l in state.theme.flatMap { t in state.figures.map { (l, t, $0) } } })
            XCTAssertFalse(state.jars.isEmpty, "\(name): the site has jars")
            let whole = try SiteAssembly.render(
                theme: theme, loaded: loaded, figures: figures.with(jars: state.jars), forms: forms)
            let differing = Set(split.paths).union(whole.paths).filter { split.files[$0] != whole.files[$0] }
            XCTAssertEqual(
                differing.sorted().prefix(5), [], "\(name): \(differing.count) files differ from the whole render")
            XCTAssertGreaterThan(whole.paths.filter { $0.hasSuffix("/index.html") }.count, 300, name)
        }
    }
}
