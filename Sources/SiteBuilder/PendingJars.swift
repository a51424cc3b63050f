import Basics
import Dispatch
import Domain
import Foundation
import Jar
import PhysicsCache
import SiteData
import SiteRender

/// Every goal's jar, simulated on other threads while the build goes on (`BuildSteps.simulateJars`
/// waits for them). Each goal is its own simulation, so they run on every core at once, biggest
/// first so the cores finish together.
struct PendingJars {
    let cache: JarCache
    /// The jars by goal id, and the snapshots to keep.
    let result: Pending<(jars: [String: JarArtwork], updates: [JarCache.Update])>

    init(goals: [Goal], theme: Theme, steps: BuildSteps) {
        let palette = JarPalette(stylesheet: theme.stylesheet)
        let options = steps.options
        let cache = JarCache(
            folder: options.cacheFiles ?? DataFolder(path: options.cachePath),
            output: URL(fileURLWithPath: options.outputPath), writes: steps.writesCache)
        self.cache = cache
        let progress = steps.progress
        let memo = options.memo
        result = Pending {
            // A cold simulation costs about one pour per month with deposits (JarReplay).
            let months = goals.map { Set($0.deposits.map(\.at.date.monthIndex)).count }
            let order = goals.indices.sorted { (months[$0], $1) > (months[$1], $0) }
            let slots = Slots<(artwork: JarArtwork, update: JarCache.Update?)>(count: goals.count)
            let count = Counter()
            DispatchQueue.concurrentPerform(iterations: order.count) { position in
                let index = order[position]
                let goal = goals[index]
                // A served site's goal that did not change keeps the jar its last build drew in
                // these colours (`ServeMemo.jars`).
                let inputs = JarInputs(goal: goal, palette: palette)
                if let kept = memo?.jars.value(at: goal.id, for: inputs) {
                    slots[index] = (kept, nil)
                } else {
                    let made = cache.artwork(for: goal, palette: palette)
                    memo?.jars.keep(made.artwork, at: goal.id, for: inputs)
                    slots[index] = made
                }
                progress?(.jars(done: count.increment(), of: goals.count))
            }
            var jars: [String: JarArtwork] = [:]
            var updates: [JarCache.Update] = []
            for (index, goal) in goals.enumerated() {
                guard let made = slots.take(index) else { continue }
                jars[goal.id] = made.artwork
                if let update = made.update { updates.append(update) }
            }
            return (jars, updates)
        }
    }
}

/// A count that concurrent iterations raise.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
