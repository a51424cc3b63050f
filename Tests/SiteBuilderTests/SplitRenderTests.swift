import Foundation
import TestSupport
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
            ("served with forms", both, SampleForms.served),
        ]
        for (name, data, forms) in cases {
            var options = BuildOptions()
            options.data = data.path
            options.today = CalendarDateFixture.sampleToday
            options.cacheFiles = DataFolder(files: [:], display: "cache")
            options.serve = forms
            var run = StepRun(steps: 5, strict: options.strict, progress: nil)
            let rendered = SiteBuild(options: options).render(writesCache: false, &run)
            XCTAssertFalse(run.log.hasErrors, "\(name): \(run.log.entries)")
            let split = try XCTUnwrap(rendered, name)
            XCTAssertFalse(split.jars.isEmpty, "\(name): the site has jars")
            let whole = try SiteAssembly.render(
                theme: split.theme, loaded: split.loaded, figures: split.figures, jars: split.jars, forms: forms)
            let differing = Set(split.files.paths).union(whole.paths).filter {
                split.files.files[$0] != whole.files[$0]
            }
            XCTAssertEqual(
                differing.sorted().prefix(5), [], "\(name): \(differing.count) files differ from the whole render")
            XCTAssertGreaterThan(whole.paths.filter { $0.hasSuffix("/index.html") }.count, 300, name)
        }
    }
}
