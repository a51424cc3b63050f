import Foundation
import SiteBuilder

#if canImport(Glibc)
    import Glibc
#endif

/// What a long build is doing, on one line of a terminal's stderr (DESIGN.md §6): shown only once
/// the build has run for a second, never with `--quiet` or when stderr is not a terminal (cron).
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let enabled: Bool
    private let started = Date()
    private let lock = NSLock()
    private var step = ""
    private var text = ""
    private var shown = false
    private var finished = false

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
        guard enabled else { return }
        // At one second, what is running now, even if no step has reported since.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            self.lock.lock()
            defer { self.lock.unlock() }
            guard !self.finished, !self.text.isEmpty else { return }
            self.draw()
        }
    }

    var report: @Sendable (BuildProgress) -> Void {
        { [self] progress in self.update(progress) }
    }

    private func update(_ progress: BuildProgress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        switch progress {
        case .step(let name, let number, let count):
            step = "[\(number)/\(count)] \(name)"
            text = step
        case .jars(let done, let count):
            text = "\(step): \(done)/\(count) jars"
        }
        guard Date().timeIntervalSince(started) >= 1 else { return }
        draw()
    }

    /// Called with the lock held.
    private func draw() {
        shown = true
        console.err("\r\u{1B}[K" + text)
    }

    /// Clears the line, so what follows starts at the left margin.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        if shown { console.err("\r\u{1B}[K") }
    }
}
