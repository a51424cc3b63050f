import Figures
import Foundation
import SiteData
import SiteRender

extension SiteBuild {
    /// What `sandjar today` prints: the data and the theme loaded and checked as a build checks
    /// them, the figures computed as of today, and the digest of what needs the person — without
    /// simulating a jar or rendering a page. Nil with the report's errors when the data or the
    /// theme has any.
    package func digest() -> (BuildReport, TodayDigest?) {
        var run = StepRun(steps: 3, strict: options.strict, progress: nil)
        let steps = BuildSteps(options: options, log: run.log, writesCache: false, progress: nil)
        guard let (loaded, theme, today) = loadDataAndTheme(steps, &run) else { return (run.finished(nil), nil) }
        // `compute figures` without the jars and the pages it sets going: the engines only.
        let (dated, figures) = run.step("compute figures") {
            let dated = steps.asOfToday(loaded, theme: theme.theme, today: today)
            return (dated, steps.engines(dated, theme: theme.theme, today: today))
        }
        guard run.going else { return (run.finished(nil), nil) }
        return (run.finished(nil), TodayDigest(theme: theme.theme, loaded: dated, figures: figures))
    }
}
