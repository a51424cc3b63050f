import Breathing
import Domain
import Foundation

/// A session's lengths (issue 25): each its own cycle counter and closing line, and on a served
/// page its own "log this session" form; and the square's dot.
extension PacerStyle {
    /// The lengths a pacer page offers, by id: the prescribed cycles and 1, 3 and 5 minutes. The
    /// theme's style.css chooses among exactly these (`#pacer-length-<id>:checked`).
    public static let lengthIDs = ["cycles", "1min", "3min", "5min"]

    /// One length a session can have: its id (in `#pacer-length-<id>` and `.pacer-for-<id>`) and
    /// how many cycles it runs.
    public struct Length: Equatable, Sendable {
        public var id: String
        public var cycles: Int

        public init(id: String, cycles: Int) {
            self.id = id
            self.cycles = max(cycles, 1)
        }
    }

    /// What a served pacer page adds (`sandjar serve`): each length's "log this session" form
    /// appears when its session ends, as the closing line does; under reduced motion, where the
    /// pacer is a text guide, and when serve sent the form back with its message
    /// (`.pacer-sent-back`), the form is there from the start.
    public static func logFormCSS(for pattern: BreathingPattern, lengths: [Length], scope: String = ".pacer") -> String
    {
        // Hidden, the form takes no room either, so the running view fits the screen (issue 34).
        var css = "\(scope) .pacer-log { visibility: hidden; max-height: 0; overflow: hidden; }\n"
        css += "@keyframes pacer-log {\n  0% { visibility: hidden; max-height: 0; }\n"
        css += "  100% { visibility: visible; max-height: none; }\n}\n"
        for length in lengths {
            let session = seconds(pattern.cycleSeconds * Decimal(length.cycles)) + "s"
            css += "\(scope) .pacer-for-\(identifier(length.id)).pacer-log { animation: pacer-log \(session) step-end "
            css += "var(--motion-pacer-lead) forwards; }\n"
        }
        let shown = "animation: none; visibility: visible; max-height: none;"
        css += "\(scope).pacer-sent-back .pacer-for.pacer-log, \(scope).pacer-ended .pacer-for.pacer-log { \(shown) }\n"
        return css
            + "@media (prefers-reduced-motion: reduce) {\n"
            + "  \(scope) .pacer-for.pacer-log { \(shown) }\n}\n"
    }

    /// The dot of a square pattern: from the bottom left corner up the left side while breathing
    /// in, along the top while holding, down the right side while breathing out, back along the
    /// bottom while resting; evenly within each phase.
    static func dotKeyframes(_ name: String, bounds: [String]) -> String {
        let corners = ["left: 0%; top: 100%;", "left: 0%; top: 0%;", "left: 100%; top: 0%;", "left: 100%; top: 100%;"]
        var css = "@keyframes \(name)-dot {\n"
        for (index, bound) in bounds.enumerated() {
            css += "  \(bound) { \(corners[index % 4]) }\n"
        }
        return css + "}\n"
    }

    /// The cycle number of a session of `cycles`: one line up at the start of each cycle.
    static func cycleKeyframes(_ name: String, cycles: Int) -> String {
        var css = "@keyframes \(name)-cycle-\(cycles) {\n  0% { transform: translateY(0); }\n"
        for index in stride(from: 1, to: cycles, by: 1) {
            css += "  \(percent(Decimal(index), of: Decimal(cycles))) { transform: translateY(-\(index)em); }\n"
        }
        css += "  100% { transform: translateY(\(cycles > 1 ? "-\(cycles - 1)em" : "0")); }\n"
        return css + "}\n"
    }
}

/// A retention pattern's pacer (issue 44): its rounds wait for a tap to end each hold, so the page's
/// script runs them, animating the shape breath by breath and naming the phase in `data-phase`.
/// The CSS only shows the phase's word, and the summary and log form once the script marks the
/// session finished (`.pacer-finished`).
extension PacerStyle {
    public static func retentionCSS(for pattern: BreathingPattern, scope: String = ".pacer") -> String {
        var css = "/* \(identifier(pattern.id)): \(pattern.rounds) rounds of \(pattern.breaths) breaths "
        css += "(in \(seconds(pattern.inhale)) s, out \(seconds(pattern.exhale)) s), a hold, "
        css += "a recovery breath of \(seconds(pattern.recovery)) s */\n"
        css += "\(scope) .pacer-shape { transform: scale(\(emptyScale)); }\n"
        css += "\(scope) .pacer-label, \(scope) .pacer-count, \(scope) .pacer-for.pacer-done { visibility: hidden; }\n"
        for phase in [BreathPhase.inhale, .exhale, .retention, .recovery] {
            css +=
                "\(scope)[data-phase=\"\(phase.rawValue)\"] .pacer-label-\(phase.rawValue) { visibility: visible; }\n"
        }
        css += "\(scope).pacer-finished .pacer-for.pacer-done { visibility: visible; }\n"
        css += "\(scope).pacer-finished .pacer-run, \(scope).pacer-finished .pacer-rounds { display: none; }\n"
        return css
    }

    /// serve's log form of a retention pacer: there once the script finished the session (its holds
    /// filled in), or at once when sent back with a message or under reduced motion.
    public static func retentionLogFormCSS(scope: String = ".pacer") -> String {
        var css = "\(scope) .pacer-log { visibility: hidden; max-height: 0; overflow: hidden; }\n"
        let shown = "visibility: visible; max-height: none;"
        css += "\(scope).pacer-sent-back .pacer-for.pacer-log, \(scope).pacer-ended .pacer-for.pacer-log, "
        css += "\(scope).pacer-finished .pacer-for.pacer-log { \(shown) }\n"
        return css + "@media (prefers-reduced-motion: reduce) {\n  \(scope) .pacer-for.pacer-log { \(shown) }\n}\n"
    }
}
