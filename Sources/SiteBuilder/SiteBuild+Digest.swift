import Foundation
import SiteData
import SiteRender

extension SiteBuild {
    /// What `sandjar today` prints: the data and the theme loaded and checked as a build checks
    /// them, the figures computed as of today, and the digest of what needs the person — without
    /// simulating a jar or rendering a page. Nil with the report's errors when the data or the
    /// theme has any.
    package func digest() -> (BuildReport, TodayDigest?) {
        let state = BuildState(options: options, writesCache: false, progress: nil)
        let steps: [any BuildStep] = [LoadData(), LoadTheme(), DigestFigures()]
        var failed: String?
        for step in steps {
            step.run(state)
            if state.log.hasErrors {
                failed = step.name
                break
            }
        }
        _ = state.builtInTheme?.value
        var report = BuildReport(diagnostics: state.log.entries, today: state.today)
        report.dataFileCount = state.dataFileCount
        report.failedStep = failed
        guard failed == nil, let theme = state.theme, let loaded = state.loaded, let figures = state.figures else {
            return (report, nil)
        }
        return (report, TodayDigest(theme: theme, loaded: loaded, figures: figures))
    }
}

/// `compute figures` without the jars and the pages it sets going: the engines only.
struct DigestFigures: BuildStep {
    let name = "compute figures"

    func run(_ state: BuildState) {
        guard ComputeFigures.asOfToday(state) != nil else { return }
        _ = ComputeFigures.engines(state)
    }
}
