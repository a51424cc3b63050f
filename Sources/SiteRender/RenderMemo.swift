import Badges
import Basics
import Foundation

/// What one build of a served site can hand the next (`sandjar serve`, issue 33): the pages whose
/// inputs did not change, rendered, and the engines' reports whose inputs did not change. A build
/// of its own (`sandjar build`) has none and renders everything; either way the bytes are the
/// same (`RenderMemoTests`).
///
/// A page is kept under a key its family gives it (`PageJob.memoKey`: what the page shows), within
/// a scope that covers what every page shares (the theme, the language, the navigation, the
/// forms' token). Pages render on every core at once, so it takes a lock.
package final class RenderMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: (key: String, bytes: [UInt8])] = [:]
    private var reports: [String: Any] = [:]
    /// How many times each report was computed: a page made only of one report keys on this.
    private var generations: [String: Int] = [:]
    private var values: [String: (key: String, value: Any)] = [:]
    /// Where the badges' replay stood after the last build (`BadgeBoard.evaluate`).
    let badges = BadgeMemo()
    /// Counts the themes a serve run loaded: part of every page's scope.
    package private(set) var themeGeneration = 0

    package init() {}

    /// A new theme was loaded: no page rendered with the old one is reused.
    package func themeChanged() {
        lock.withLock {
            themeGeneration += 1
            pages = [:]
        }
    }

    func page(_ path: String, key: String) -> [UInt8]? {
        lock.withLock { pages[path].flatMap { $0.key == key ? $0.bytes : nil } }
    }

    func keep(_ bytes: [UInt8], at path: String, key: String) {
        lock.withLock { pages[path] = (key, bytes) }
    }

    /// The report `make` computes from `inputs`, computed again only when the inputs differ from
    /// the last ones kept under `name`.
    func report<Inputs: Equatable, Report>(_ name: String, inputs: Inputs, make: () -> Report) -> Report {
        if let kept = lock.withLock({ reports[name] as? (Inputs, Report) }), kept.0 == inputs { return kept.1 }
        let report = make()
        lock.withLock {
            reports[name] = (inputs, report)
            generations[name, default: 0] += 1
        }
        return report
    }

    /// A key for what report `name` holds now: it changes whenever the report is computed anew.
    func generation(of name: String) -> String {
        lock.withLock { "\(name) \(generations[name] ?? 0)" }
    }

    /// A value (a calendar's text, a chart) made from what `key` says, made again only when the
    /// key differs from the last one kept under `name`.
    func value<Value>(_ name: String, key: String, make: () -> Value) -> Value {
        if let kept = lock.withLock({ values[name] }), kept.key == key, let value = kept.value as? Value {
            return value
        }
        let value = make()
        lock.withLock { values[name] = (key, value) }
        return value
    }
}

extension RenderMemo {
    /// A stable key for a page from the values it shows.
    static func key(_ parts: String...) -> String {
        FNV1a.hash(parts.map { $0 + "\u{1F}" }.joined()).zeroPadded(16, radix: 16) + "-\(parts.first?.count ?? 0)"
    }
}
