import Domain
import Foundation
import Jar
import SiteData
import SiteRender

/// What one build of a served site hands the next (`sandjar serve`, issue 33): the data files it
/// parsed, the built-in theme, the engines' reports and the pages whose inputs did not change.
/// A form's write then costs its own file, the figures it moves and the pages that show them.
/// Builds run one at a time (`ServedSite`); the pieces take locks of their own for the work a
/// build does on several cores at once.
package final class ServeMemo: @unchecked Sendable {
    package let parsed = ParseMemo()
    let rendered = RenderMemo()
    private let lock = NSLock()
    private var theme: (theme: Theme?, findings: [Diagnostic])?
    /// Goal id → the jar made for the goal as it was (its hash: this run's, never kept on disk),
    /// with the theme it was drawn in.
    private var jars: [String: (goal: Int, theme: Int, artwork: JarArtwork)] = [:]

    package init() {}

    /// The goal's jar as the last build drew it, if the goal and the theme are the same.
    func jar(for goal: Goal, fingerprint: Int) -> JarArtwork? {
        let theme = rendered.themeGeneration
        return lock.withLock {
            guard let kept = jars[goal.id], kept.goal == fingerprint, kept.theme == theme else { return nil }
            return kept.artwork
        }
    }

    func keep(_ artwork: JarArtwork, for goal: Goal, fingerprint: Int) {
        let theme = rendered.themeGeneration
        lock.withLock { jars[goal.id] = (fingerprint, theme, artwork) }
    }

    /// The built-in theme, loaded once for the run.
    func builtInTheme(strict: Bool) -> (theme: Theme?, findings: [Diagnostic]) {
        if let kept = lock.withLock({ theme }) { return kept }
        let log = DiagnosticLog(strict: strict)
        let loaded = (BuildSteps.theme(from: Theme.builtIn, log: log), log.entries)
        lock.withLock { theme = loaded }
        rendered.themeChanged()
        return loaded
    }
}
